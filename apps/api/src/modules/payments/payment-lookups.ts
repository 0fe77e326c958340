import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { customerPayments, paymentMethods } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * The payment method future collections use: the newest Direct Debit mandate that is not cancelled, else
 * the newest saved card, else none.
 */
export async function usablePaymentMethod(ctx: Pick<Ctx, 'db'>, partyId: string) {
  const [mandate] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partyId, partyId), ne(paymentMethods.mandateStatus, 'CANCELLED')))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  if (mandate) return mandate;
  const [card] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partyId, partyId), eq(paymentMethods.type, 'CARD')))
    .orderBy(desc(paymentMethods.createdAt))
    .limit(1);
  return card;
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
    })
    .from(paymentMethods)
    .where(and(inArray(paymentMethods.id, ids), eq(paymentMethods.partyId, partyId)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        display: r.display,
        mandateStatus: r.mandateStatus,
        usable: r.type === 'CARD' || r.mandateStatus !== 'CANCELLED',
      },
    ]),
  );
}
