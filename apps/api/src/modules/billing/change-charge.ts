import {
  type BillingSchedule,
  instalmentFor,
  type MonthlyPlan,
  type Period,
  periodContaining,
  proRata,
} from '@forecourt/domain/billing/schedule';
import { proRataPremium } from '@forecourt/domain/policy/pro-rata';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';

/** A version's prices as a change compares them: its monthly plan, or (paid in full) its year's price. */
export interface ChangePrices {
  plan: MonthlyPlan | null;
  annual: number;
}

const PAYMENT_DAY_CHANGE = 'billing.lineItem.paymentDayChange';

/** A change's charge for one billed period: from (the change, or the period's start) to the period's end. */
export interface ChargePart {
  from: string;
  to: string;
  amount: number;
}

const partLine = (from: Date, to: Date, amount: number): ChargePart => ({
  from: from.toISOString(),
  to: to.toISOString(),
  amount,
});

interface BilledPeriod extends Period {
  /** The instalment number of a statement's period (1 = the month bought at checkout); null: a payment-day journal. */
  month: number | null;
}

/** An account's billed periods, in order: its statements' periods and any payment-day transitional period. */
async function billedPeriodsOf(db: Db, accountId: string): Promise<BilledPeriod[]> {
  const raised = await db
    .select({ start: statements.periodStart, end: statements.periodEnd })
    .from(statements)
    .where(
      and(
        eq(statements.accountId, accountId),
        isNotNull(statements.periodStart),
        ne(statements.status, 'draft'),
      ),
    )
    .orderBy(asc(statements.periodStart));
  const journals = await db
    .select({ start: statementLineItems.servicePeriodStart, end: statementLineItems.servicePeriodEnd })
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.accountId, accountId),
        eq(statementLineItems.descriptionKey, PAYMENT_DAY_CHANGE),
        inArray(statementLineItems.status, ['POSTED', 'PENDING']),
      ),
    );
  const periods: BilledPeriod[] = raised.flatMap((r, i) =>
    r.start && r.end ? [{ start: r.start, end: r.end, month: i + 1 }] : [],
  );
  for (const j of journals) if (j.start && j.end) periods.push({ start: j.start, end: j.end, month: null });
  return periods.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * What a mid-term change of a monthly subscription costs now (issue 26 defects 1 and 2, ADR 344): the
 * difference between the new and the old instalment over the statement periods the change reaches that are
 * already billed — the part of the period it falls in from the change on, and every whole period billed after
 * it — each by the one pro-rata rule. A period still to be billed is left to its statement, which bills each
 * day at the version in force that day: no day is charged twice or never. Answers the charge and the span it covers (from the change to the later of that
 * period's end and the billed end).
 */
export async function monthlyChangeCharge(
  db: Db,
  o: { policyId: string; effectiveAt: Date; coverEnd: Date; before: ChangePrices; after: ChangePrices },
): Promise<{ prorata: number; period: Period; parts: ChargePart[] }> {
  const [account] = await db.select().from(customerAccounts).where(eq(customerAccounts.policyId, o.policyId));
  const e = o.effectiveAt;
  if (!account?.billedUntil || !o.before.plan || !o.after.plan)
    return { prorata: 0, period: { start: e, end: e }, parts: [] };
  const billed = await billedPeriodsOf(db, account.id);
  const schedule: BillingSchedule = {
    billed,
    billedUntil: account.billedUntil,
    paymentDay: account.paymentDay,
    coverEnd: o.coverEnd,
  };
  const first = periodContaining(schedule, e);
  if (!first) return { prorata: 0, period: { start: e, end: e }, parts: [] };
  const _months = billed.filter((p) => p.month !== null).length;
  const delta = (month: number | null) =>
    month === null
      ? o.after.plan!.regular - o.before.plan!.regular
      : instalmentFor(month, o.after.plan!) - instalmentFor(month, o.before.plan!);
  const partOf = (p: BilledPeriod, from: Date) =>
    p.month === null
      ? proRata(delta(null), from.getTime() > p.start.getTime() ? from : p.start, p.end)
      : proRataPremium({ oldPremiumPence: 0, newPremiumPence: delta(p.month), period: p }, from);
  // One part per billed period (each its own line, so a cancellation credits each at its own daily price). A
  // period still to be billed is left to its statement, which bills each day at the version in force.
  const parts: ChargePart[] = [];
  const billedFirst = billed.find((p) => p.start.getTime() === first.start.getTime());
  if (billedFirst) parts.push(partLine(e, billedFirst.end, partOf(billedFirst, e)));
  for (const p of billed)
    if (p.start.getTime() >= first.end.getTime()) parts.push(partLine(p.start, p.end, partOf(p, p.start)));
  const prorata = parts.reduce((sum, p) => sum + p.amount, 0);
  const end = first.end.getTime() > account.billedUntil.getTime() ? first.end : account.billedUntil;
  return { prorata, period: { start: first.start, end }, parts: parts.filter((p) => p.amount !== 0) };
}
