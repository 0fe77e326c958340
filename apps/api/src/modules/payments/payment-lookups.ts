import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { customerPayments, ddRedirectFlows, paymentMethods } from '../../db/schema/index.ts';
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

/**
 * Which of these payment methods can still collect (spec 2 §2 missing-payment-method banner): a saved card,
 * or a Direct Debit mandate that is active or awaiting the bank's approval.
 */
export async function collectableMethods(ctx: Pick<Ctx, 'db'>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: paymentMethods.id, type: paymentMethods.type, mandate: paymentMethods.mandateStatus })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, ids));
  return new Set(rows.filter((r) => r.type === 'CARD' || r.mandate !== 'CANCELLED').map((r) => r.id));
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
