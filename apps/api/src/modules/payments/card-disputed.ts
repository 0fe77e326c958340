import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customerPayments, ddCollections, duplicatePayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import type { CardEvent } from '../../providers/card-payments/card-payments-provider.ts';

const REVERSE = guardOf(paymentMachine, 'reverse');
const REINSTATE = guardOf(paymentMachine, 'reinstate');

/** The decline codes of a disputed card payment (ADR 392): its money taken back, then given back. */
export const CARD_DISPUTED = 'card_disputed';
export const CARD_DISPUTE_WON = 'card_dispute_won';

/**
 * A card dispute's money moving (ADR 392), in the card webhook's transaction. The issuer took a disputed payment
 * back from the insurer (`dispute.funds_withdrawn`): the SETTLED payment is REVERSED, once, and billing reopens
 * what it paid. The dispute was decided for the insurer (`dispute.funds_reinstated`): the REVERSED payment is
 * SETTLED again, once, and billing posts it again. Either heard before what it follows (the payment not settled
 * here yet, or the dispute's withdrawal not heard) is answered 409 with nothing recorded, so the provider sends
 * it again; so is one of a payment not known here (its confirmation may still be on its way). A dispute of a
 * surplus the app refunded (ADR 341) is left to the finance team, logged.
 */
export async function applyCardDispute(
  ctx: Pick<Ctx, 'db' | 'clock' | 'log'>,
  providerName: string,
  event: CardEvent,
) {
  const at = ctx.clock.now();
  const [payment] = await ctx.db
    .select()
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.provider, providerName),
        eq(customerPayments.providerReference, event.paymentReference ?? ''),
        // A card payment: never a Direct Debit collection (its provider may share the name "sandbox").
        sql`NOT EXISTS (SELECT 1 FROM ${ddCollections} WHERE ${ddCollections.customerPaymentId} = ${customerPayments.id})`,
      ),
    )
    .for('update');
  if (!payment) {
    // A surplus the app refunded (ADR 341) is the finance team's: logged, and acknowledged.
    const [surplus] = await ctx.db
      .select({ id: duplicatePayments.id })
      .from(duplicatePayments)
      .where(
        and(
          eq(duplicatePayments.provider, providerName),
          eq(duplicatePayments.paymentReference, event.paymentReference ?? ''),
        ),
      );
    const where = { dispute: event.dispute?.id, paymentReference: event.paymentReference, kind: event.kind };
    if (surplus) return ctx.log.warn(where, 'card dispute of a surplus payment: left to the finance team');
    // Not known yet (the payment's own confirmation still on its way): the provider sends it again later, and
    // gives up on a payment that is not the app's, which its dashboard then shows.
    ctx.log.warn(where, 'card dispute of a payment not known here');
    throw new AppError('CONFLICT', 'This payment is not known here yet: send the dispute again');
  }
  // What the dispute moves: never more than the payment (a dispute is at most the amount charged).
  const amountPence = Math.min(event.amountPence ?? payment.amountPence, payment.amountPence);
  if (event.kind === 'dispute.funds_withdrawn') {
    // One dispute per payment (as at Stripe): a withdrawal heard again after the dispute was won is late news.
    if (payment.declineCode === CARD_DISPUTE_WON) return;
    if (REVERSE.from.includes(payment.status)) {
      const [reversed] = await ctx.db
        .update(customerPayments)
        .set({ status: REVERSE.to, declineCode: CARD_DISPUTED, updatedAt: at })
        .where(and(eq(customerPayments.id, payment.id), inArray(customerPayments.status, REVERSE.from)))
        .returning();
      if (reversed)
        await publish('cardPayment.disputed', { db: ctx.db, at }, { payment: reversed, amountPence });
      return;
    }
    if (payment.status === 'PENDING')
      throw new AppError('CONFLICT', 'This payment is not taken here yet: send the dispute again');
    return;
  }
  if (REINSTATE.from.includes(payment.status) && payment.declineCode === CARD_DISPUTED) {
    const [reinstated] = await ctx.db
      .update(customerPayments)
      .set({ status: REINSTATE.to, declineCode: CARD_DISPUTE_WON, updatedAt: at })
      .where(and(eq(customerPayments.id, payment.id), inArray(customerPayments.status, REINSTATE.from)))
      .returning();
    if (reinstated)
      await publish('cardPayment.disputeWon', { db: ctx.db, at }, { payment: reinstated, amountPence });
    return;
  }
  // The withdrawal not heard yet: it comes first.
  if (
    payment.declineCode !== CARD_DISPUTE_WON &&
    (payment.status === 'PENDING' || payment.status === 'SETTLED')
  )
    throw new AppError('CONFLICT', 'The dispute of this payment is not known here yet: send this again');
}
