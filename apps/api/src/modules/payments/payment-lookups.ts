import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { customerPayments, ddRedirectFlows, paymentMethods } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';

type MethodType = (typeof paymentMethods.$inferSelect)['type'];

/** A saved card, or a mandate that is not cancelled: a method that can still collect. */
const canCollect = (m: { type: MethodType; mandateStatus: string | null }) =>
  m.type === 'CARD' || m.mandateStatus !== 'CANCELLED';

/** The party's newest method of a type that can still collect. */
async function newestOf(ctx: Pick<Ctx, 'db'>, partyId: string, type: MethodType) {
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.partyId, partyId),
        eq(paymentMethods.type, type),
        type === 'BACS_DEBIT' ? ne(paymentMethods.mandateStatus, 'CANCELLED') : undefined,
      ),
    )
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return row;
}

/**
 * Which saved method collects a policy (ADR 316), the one rule bind, the summary's account preparation and
 * the renewal call. A policy is collected by its own method:
 * - `current`: the method of the account being renewed (or changed on it) while it can still collect;
 * - else the newest method of `type` that can collect: the type chosen at checkout (the card saved there,
 *   or the mandate the checkout page showed — both the newest of their type when the policy is bought), or
 *   the current method's type when that one can no longer collect;
 * - untold (an API client that never said), the newest mandate that is not cancelled, else the newest card.
 */
export async function collectingMethod(
  ctx: Pick<Ctx, 'db'>,
  o: { partyId: string; type?: MethodType | undefined; current?: string | null | undefined },
): Promise<PaymentMethod | undefined> {
  let type = o.type;
  if (o.current) {
    const [current] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, o.current), eq(paymentMethods.partyId, o.partyId)));
    if (current && canCollect(current) && (!type || current.type === type)) return current;
    type ??= current?.type;
  }
  if (type) return newestOf(ctx, o.partyId, type);
  return (await newestOf(ctx, o.partyId, 'BACS_DEBIT')) ?? newestOf(ctx, o.partyId, 'CARD');
}

export type PaymentMethod = typeof paymentMethods.$inferSelect;
export type CustomerPaymentRow = typeof customerPayments.$inferSelect;

/** The newest customer payment of a party for one thing (a proposal, adjustment or account). */
export async function latestPaymentFor(
  ctx: Pick<Ctx, 'db'>,
  o: { partyId: string; purpose: CustomerPaymentRow['purpose']; reference: string; settled?: boolean },
): Promise<CustomerPaymentRow | undefined> {
  const [payment] = await ctx.db
    .select()
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.partyId, o.partyId),
        eq(customerPayments.purpose, o.purpose),
        eq(customerPayments.reference, o.reference),
        ...(o.settled ? [eq(customerPayments.status, 'SETTLED')] : []),
      ),
    )
    .orderBy(desc(customerPayments.createdAt))
    .limit(1);
  return payment;
}

/** A payment method as the billing tab shows it: its display, its mandate's state, whether it can collect. */
export type PaymentMethodView = {
  display: string;
  mandateStatus: PaymentMethod['mandateStatus'];
  /** It can still collect (spec 2 §2 missing-payment-method banner): a saved card, or a mandate not cancelled. */
  usable: boolean;
  /** When it was saved: a replacement newer than it is shown as pending (ADR 310). */
  createdAt: Date;
};

/** The party's payment methods among `ids`, by id, in one query (others' methods are left out). */
export async function paymentMethodViews(
  ctx: Pick<Ctx, 'db'>,
  partyId: string,
  ids: string[],
): Promise<Map<string, PaymentMethodView>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: paymentMethods.id,
      type: paymentMethods.type,
      display: paymentMethods.display,
      mandateStatus: paymentMethods.mandateStatus,
      createdAt: paymentMethods.createdAt,
    })
    .from(paymentMethods)
    .where(and(inArray(paymentMethods.id, ids), eq(paymentMethods.partyId, partyId)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        display: r.display,
        mandateStatus: r.mandateStatus,
        usable: canCollect({ type: r.type, mandateStatus: r.mandateStatus }),
        createdAt: r.createdAt,
      },
    ]),
  );
}

/**
 * The newest Direct Debit mandate set up through a redirect flow started for each of these client
 * references (ADR 310: an account's billing tab), keyed by reference: a replacement still waiting for the
 * bank's approval, or one that failed, is shown beside the method that collects.
 */
export async function latestMandatesFor(
  ctx: Pick<Ctx, 'db'>,
  partyId: string,
  references: string[],
): Promise<Map<string, PaymentMethod>> {
  if (references.length === 0) return new Map();
  const rows = await ctx.db
    .select({ reference: ddRedirectFlows.clientReference, method: paymentMethods })
    .from(ddRedirectFlows)
    .innerJoin(
      paymentMethods,
      and(
        eq(paymentMethods.provider, ddRedirectFlows.provider),
        eq(paymentMethods.providerReference, ddRedirectFlows.mandateReference),
      ),
    )
    .where(and(eq(ddRedirectFlows.partyId, partyId), inArray(ddRedirectFlows.clientReference, references)))
    .orderBy(desc(paymentMethods.createdAt));
  const latest = new Map<string, PaymentMethod>();
  for (const r of rows) if (r.reference && !latest.has(r.reference)) latest.set(r.reference, r.method);
  return latest;
}

/**
 * A payment of the party's that is still to be made, to take a card for (the hosted page or a phone charge):
 * 404 when the party has none with that id, 409 when it has been made already.
 */
export async function unpaidPaymentOf(ctx: Pick<Ctx, 'db'>, partyId: string, paymentId: string) {
  const [payment] = await ctx.db
    .select()
    .from(customerPayments)
    .where(and(eq(customerPayments.id, paymentId), eq(customerPayments.partyId, partyId)));
  if (!payment) throw notFound('No such payment');
  if (payment.status === 'SETTLED') throw new AppError('CONFLICT', 'This payment has already been made.');
  // A Direct Debit the bank returned (ADR 384) is not paid again as itself: the account's balance is settled.
  if (payment.status === 'REVERSED')
    throw new AppError(
      'CONFLICT',
      'Your bank returned this payment: please pay the outstanding balance from the Billing tab.',
    );
  return payment;
}
