import { periodChargeByDay, periodFrom } from '@forecourt/domain/billing/schedule';
import { asc, eq } from 'drizzle-orm';
import { customerAccounts, policies, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { pricesFor, versionPlansOf } from './payment-day.ts';

/** Far enough ahead to stand for "no end" (a policy without an expiry on record). */
const NO_END = new Date('9999-12-31T00:00:00Z');

/**
 * What a policy's ledger says has been paid and what remains (issue 28 defect 12, ADR 355), for a mid-term
 * schedule: the payments made (card or Direct Debit, posted) with their dates, less any refund; the payments
 * still to come, as the billing run will raise them (each remaining period at the prices of the versions in
 * force by day, the balance now owed or in credit on the first of them); the total is the two added up, which
 * is what the account's premium lines and the periods still to bill come to. Null for a policy with no account.
 */
export async function paymentRecord(ctx: Pick<Ctx, 'db' | 'clock'>, policyId: string) {
  const [row] = await ctx.db
    .select({ account: customerAccounts, expiredAt: policies.expiredAt, terminatedAt: policies.terminatedAt })
    .from(customerAccounts)
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(eq(customerAccounts.policyId, policyId));
  if (!row) return null;
  const { account } = row;
  const lines = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.accountId, account.id))
    .orderBy(asc(statementLineItems.effectiveAt));
  const posted = lines.filter((l) => l.status === 'POSTED');
  const made = posted
    .filter((l) => l.type === 'payment')
    .map((l) => ({ at: l.effectiveAt.toISOString(), amountPence: -l.amountPence }));
  // Money back: refunds, and payments reversed (a bounced Direct Debit), each less its own reversal.
  const back = posted
    .filter((l) => ['payment_reversal', 'refund', 'refund_reversal'].includes(l.type))
    .reduce((sum, l) => sum + l.amountPence, 0);
  const paidPence = made.reduce((sum, m) => sum + m.amountPence, 0) - back;
  const balance = posted.reduce((sum, l) => sum + l.amountPence, 0);

  const remaining: { at: string; amountPence: number }[] = [];
  const rows = await ctx.db.select().from(statements).where(eq(statements.accountId, account.id));
  let months = rows.filter((s) => s.periodStart && s.status !== 'draft').length;
  const versions = (await versionPlansOf(ctx.db, [policyId])).get(policyId) ?? [];
  const end = row.terminatedAt ?? row.expiredAt ?? NO_END;
  let from = account.billedUntil;
  while (from && versions.length > 0) {
    const period = periodFrom(from, account.paymentDay, row.expiredAt ?? NO_END);
    if (!period || period.start.getTime() >= end.getTime()) break;
    months++;
    const amountPence = periodChargeByDay(pricesFor(versions, months), period, end);
    remaining.push({ at: period.start.toISOString(), amountPence });
    from = period.end;
  }
  // What is owed now (or in credit) goes with the next payment; with none to come, it stands alone.
  if (remaining[0]) remaining[0].amountPence += balance;
  else if (balance !== 0) remaining.push({ at: ctx.clock.now().toISOString(), amountPence: balance });
  const remainingPence = remaining.reduce((sum, r) => sum + r.amountPence, 0);
  return {
    asAt: ctx.clock.now().toISOString(),
    made,
    backPence: back,
    paidPence,
    remaining,
    remainingPence,
    totalPence: paidPence + remainingPence,
  };
}
