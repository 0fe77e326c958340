import type { ChangePayment } from '@forecourt/contracts/adjustments';
import { REFUND_WORKING_DAYS } from '@forecourt/domain/constants';
import { and, desc, eq, like } from 'drizzle-orm';
import { customerAccounts, statementLineItems } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { postedBalance } from './ledger-store.ts';

/**
 * How the difference of a mid-term change is paid, in the words the customer reads (ADR 356), from the
 * policy's account as the ledger will really do it: a monthly subscription's next statement carries it (on
 * `billedUntil`, when the next statement is raised); a policy paid in full takes a dearer change by card
 * first (ADR 300), or left outstanding when staff made it, and pays a cheaper one back to the card or bank
 * account, as far as money was paid in (the rest stays as credit), as `postPaidInFullAdjustment` does.
 */
export async function changePaymentOf(
  ctx: Pick<Ctx, 'db'>,
  o: {
    policyId: string;
    adjustmentId: string;
    /** The pro-rata difference in pence: positive due, negative credited. */
    total: number;
    /** The difference per payment in pence (new less old), when known. */
    perPayment: number | null;
    paidInFull: boolean;
    madeByStaff: boolean;
    confirmed: boolean;
  },
): Promise<ChangePayment> {
  const [account] = await ctx.db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, o.policyId))
    .orderBy(desc(customerAccounts.createdAt))
    .limit(1);
  const none = { amount: 0, on: null, method: null, workingDays: null };
  const next = account?.billedUntil?.toISOString() ?? null;
  if (!o.paidInFull) {
    if (o.total > 0) return { ...none, kind: 'next-payment', amount: o.total, on: next };
    if (o.total < 0) return { ...none, kind: 'next-payment-credit', amount: -o.total, on: next };
    if (o.perPayment) return { ...none, kind: 'from-next-payment', on: next };
    return { ...none, kind: 'none' };
  }
  if (o.total > 0)
    return { ...none, kind: o.madeByStaff ? 'outstanding' : 'card-charge', amount: o.total, method: 'CARD' };
  if (o.total === 0 || !account) return { ...none, kind: 'none' };
  const credit = -o.total;
  let refund: number;
  if (o.confirmed) {
    const [line] = await ctx.db
      .select({ amount: statementLineItems.amountPence })
      .from(statementLineItems)
      .where(
        and(
          eq(statementLineItems.accountId, account.id),
          eq(statementLineItems.type, 'refund'),
          // Paid out, the line's value carries the provider's reference after the adjustment's id.
          like(statementLineItems.descriptionValue, `${o.adjustmentId}%`),
        ),
      );
    refund = Math.abs(line?.amount ?? 0);
  } else {
    const before = await postedBalance(ctx.db, account.id);
    refund = Math.max(0, Math.min(credit, -(before - credit)));
  }
  if (refund === 0) return { ...none, kind: 'credit', amount: credit };
  return {
    kind: 'refund',
    amount: refund,
    on: null,
    method: account.paymentMethodType,
    workingDays: REFUND_WORKING_DAYS.max,
  };
}
