import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';

const REVERSE = guardOf(paymentMachine, 'reverse');
const REINSTATE = guardOf(paymentMachine, 'reinstate');

/** The decline code a payment reinstated after its charge back carries (GoCardless's event: ADR 390). */
export const CHARGE_BACK_CANCELLED = 'chargeback_cancelled';

/**
 * A collected Direct Debit the payer's bank took back (GoCardless `charged_back`: a claim under the Direct Debit
 * Guarantee, ADR 384), in the webhook's transaction: its payment is REVERSED, once (only a SETTLED payment moves,
 * so the event sent again changes nothing), and billing reopens what it paid.
 */
export async function reverseChargedBack(
  ctx: Pick<Ctx, 'db'>,
  o: { paymentId: string; cause: string | null; at: Date; reported?: Date | null },
) {
  // A report of a charge back its bank has since cancelled (raised before the payment stood again, ADR 390) is
  // late news, not a new charge back: it changes nothing. A payment with no decline code was never charged back:
  // `IS NOT DISTINCT FROM`, as `=` with a null code is null, and the whole condition with it, which refused a
  // charge back reported before the app heard the debit collected (ADR 409).
  const stale = o.reported
    ? sql`NOT (${customerPayments.declineCode} IS NOT DISTINCT FROM ${CHARGE_BACK_CANCELLED} AND ${customerPayments.updatedAt} >= ${o.reported})`
    : sql`TRUE`;
  const [reversed] = await ctx.db
    .update(customerPayments)
    .set({ status: REVERSE.to, declineCode: o.cause ?? 'charged_back', updatedAt: o.at })
    .where(and(eq(customerPayments.id, o.paymentId), inArray(customerPayments.status, REVERSE.from), stale))
    .returning();
  if (reversed) {
    await publish('directDebit.chargedBack', { db: ctx.db, at: o.at }, { payment: reversed });
    return;
  }
  // Charged back before the app heard it was collected (the confirmation not yet delivered): answered 409 with
  // nothing recorded, so the provider sends it again after the confirmation, and the charge back is not lost.
  const [payment] = await ctx.db
    .select({ status: customerPayments.status })
    .from(customerPayments)
    .where(eq(customerPayments.id, o.paymentId));
  if (payment?.status === 'PENDING')
    throw new AppError('CONFLICT', 'This payment is not collected here yet: send the charge back again');
}

/**
 * The payer's bank cancelled its charge back of a collected Direct Debit (GoCardless `chargeback_cancelled`,
 * ADR 390), in the webhook's transaction: the money is the insurer's again, so the REVERSED payment is SETTLED
 * once more (only a REVERSED payment moves), marked as reinstated, and billing posts it again.
 */
export async function reinstateChargeBackCancelled(ctx: Pick<Ctx, 'db'>, o: { paymentId: string; at: Date }) {
  const [reinstated] = await ctx.db
    .update(customerPayments)
    .set({ status: REINSTATE.to, declineCode: CHARGE_BACK_CANCELLED, updatedAt: o.at })
    .where(and(eq(customerPayments.id, o.paymentId), inArray(customerPayments.status, REINSTATE.from)))
    .returning();
  if (reinstated) {
    await publish('directDebit.chargeBackCancelled', { db: ctx.db, at: o.at }, { payment: reinstated });
    return;
  }
  // The charge back itself not heard yet (its event still to come): answered 409 with nothing recorded, so the
  // provider sends this again after it. A payment reinstated already is left as it is.
  const [payment] = await ctx.db
    .select({ status: customerPayments.status, declineCode: customerPayments.declineCode })
    .from(customerPayments)
    .where(eq(customerPayments.id, o.paymentId));
  const heard = payment?.status === REINSTATE.to && payment.declineCode === CHARGE_BACK_CANCELLED;
  if (payment && !heard && (payment.status === 'PENDING' || payment.status === 'SETTLED'))
    throw new AppError('CONFLICT', 'The charge back of this payment is not known here yet: send this again');
}
