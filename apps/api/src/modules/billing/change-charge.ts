import {
  type BillingSchedule,
  daysOnCoverIn,
  inForceOn,
  instalmentFor,
  type MonthlyPlan,
  type Period,
  periodContaining,
  periodDays,
  transitionalDivisor,
} from '@forecourt/domain/billing/schedule';
import { addDaysIso, londonDate, londonMidnightOf } from '@forecourt/domain/calendar/london';
import { dayPricedPence } from '@forecourt/domain/money';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policyVersions, statementLineItems, statements } from '../../db/schema/index.ts';
import { PAYMENT_DAY_CHANGE_KEY } from './ledger-store.ts';
import { versionPlansOf } from './payment-day.ts';

/** A version's prices as a monthly change compares them: its monthly plan (none when paid in full). */
export interface ChangePrices {
  plan: MonthlyPlan | null;
}

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
  /** A journal's new payment day: its transitional period ends at the first such date on or after its end. */
  paymentDay?: number;
}

/**
 * The charge of `days` London days from `span.start`, each day's price difference given by `differenceOn`, over
 * `whole` days: one part per run of days with the same difference (a change differs by another amount against
 * each version in force), from London midnight to London midnight (the first from `span.start`, the last to
 * `span.end`), each rounded down (dayPricedPence).
 */
function dayRuns(
  span: Period,
  days: number,
  whole: number,
  differenceOn: (day: string) => number,
): ChargePart[] {
  const first = londonDate(span.start);
  const runs: { from: number; days: number; difference: number }[] = [];
  for (let i = 0; i < days; i++) {
    const difference = differenceOn(addDaysIso(first, i));
    const last = runs.at(-1);
    if (last && last.difference === difference) last.days++;
    else runs.push({ from: i, days: 1, difference });
  }
  return runs.map((r, i) =>
    partLine(
      i === 0 ? span.start : londonMidnightOf(addDaysIso(first, r.from)),
      i === runs.length - 1 ? span.end : londonMidnightOf(addDaysIso(first, r.from + r.days)),
      dayPricedPence(r.difference * r.days, whole),
    ),
  );
}

/**
 * An account's raised statements for periods of cover, in order, each with its month as the billing run counted it
 * when raising it (1 = the month bought at checkout): the billed periods up to and including its own.
 */
export async function billedStatementsOf(db: Db, accountId: string) {
  const raised = await db
    .select({ id: statements.id, start: statements.periodStart, end: statements.periodEnd })
    .from(statements)
    .where(
      and(
        eq(statements.accountId, accountId),
        isNotNull(statements.periodStart),
        ne(statements.status, 'draft'),
      ),
    )
    .orderBy(asc(statements.periodStart));
  return raised.map((r, i) => ({ ...r, month: i + 1 }));
}

/** An account's billed periods, in order: its statements' periods and any payment-day transitional period. */
async function billedPeriodsOf(db: Db, accountId: string): Promise<BilledPeriod[]> {
  const raised = await billedStatementsOf(db, accountId);
  const journals = await db
    .select({
      start: statementLineItems.servicePeriodStart,
      end: statementLineItems.servicePeriodEnd,
      paymentDay: statementLineItems.descriptionValue,
    })
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.accountId, accountId),
        eq(statementLineItems.descriptionKey, PAYMENT_DAY_CHANGE_KEY),
        inArray(statementLineItems.status, ['POSTED', 'PENDING']),
      ),
    );
  const periods: BilledPeriod[] = raised.flatMap((r) =>
    r.start && r.end ? [{ start: r.start, end: r.end, month: r.month }] : [],
  );
  for (const j of journals)
    if (j.start && j.end)
      periods.push({ start: j.start, end: j.end, month: null, paymentDay: Number(j.paymentDay) });
  return periods.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * What a mid-term change of a monthly subscription costs now (issue 26 defects 1 and 2, ADR 344): for each day
 * already billed from the change on, the new instalment less the one in force that day, over the days of its
 * statement period — the part of the period it falls in, and every period billed after it — each period rounded
 * down. A period still to be billed is left to its statement, which bills each
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
  // Each billed day from the change on costs the new version's instalment less the one in force that day (the
  // newest version wins from its start, as the statements bill): a change placed under a later one, or backdated
  // over earlier ones, is charged against what each day was really billed at.
  const versions = (await versionPlansOf(db, [o.policyId])).get(o.policyId) ?? [];
  const inForce = (day: string) => inForceOn(versions, day)?.plan ?? o.before.plan!;
  const priceOf = (plan: MonthlyPlan, month: number | null) =>
    month === null ? plan.regular : instalmentFor(month, plan);
  const partsOf = (p: BilledPeriod, from: Date): ChargePart[] => {
    const start = from.getTime() > p.start.getTime() ? from : p.start;
    // A transitional period's days are priced over the payment month ending with it, as its journal was: the
    // period's, not the line's (a line ends inside it when a version took effect there, ADR 389).
    const whole = p.month === null ? transitionalDivisor(p.end, p.paymentDay) : periodDays(p);
    const days = daysOnCoverIn({ start, end: p.end }, p.end);
    return dayRuns({ start, end: p.end }, days, whole, (day) => {
      return priceOf(o.after.plan!, p.month) - priceOf(inForce(day), p.month);
    });
  };
  // One part per billed period and version in force (each its own line, so a cancellation credits each at its
  // own daily price). A period still to be billed is left to its statement, which bills each day at the version
  // in force.
  const parts: ChargePart[] = [];
  const billedFirst = billed.find((p) => p.start.getTime() === first.start.getTime());
  if (billedFirst) parts.push(...partsOf(billedFirst, e));
  for (const p of billed) if (p.start.getTime() >= first.end.getTime()) parts.push(...partsOf(p, p.start));
  const prorata = parts.reduce((sum, p) => sum + p.amount, 0);
  const end = first.end.getTime() > account.billedUntil.getTime() ? first.end : account.billedUntil;
  return { prorata, period: { start: first.start, end }, parts: parts.filter((p) => p.amount !== 0) };
}

/**
 * What a change of a policy paid in full costs (ADR 344): for each day of the term from the change on, the new
 * year's price less the price of the version in force that day (the newest version wins from its start), over the
 * term's days. One part per run of days against one version in force (a change under a later one, or backdated
 * over earlier ones, differs by a different amount on each side of it), each rounded down and posted as its own
 * line, so a cancellation credits each at its own daily price.
 */
export async function termChangeCharge(
  db: Db,
  o: { policyId: string; effectiveAt: Date; term: Period; annual: number },
): Promise<{ prorata: number; parts: ChargePart[] }> {
  const rows = await db
    .select({
      from: policyVersions.startedAt,
      annual: sql<number>`(${policyVersions.quote}->'totals'->>'discountedPrice')::int`,
    })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, o.policyId))
    .orderBy(asc(policyVersions.versionNumber));
  const inForce = (day: string) => Number(inForceOn(rows, day)?.annual ?? 0);
  const start = o.effectiveAt.getTime() > o.term.start.getTime() ? o.effectiveAt : o.term.start;
  const days = daysOnCoverIn({ start, end: o.term.end }, o.term.end);
  const parts = dayRuns(
    { start, end: o.term.end },
    days,
    periodDays(o.term),
    (day) => o.annual - inForce(day),
  );
  const prorata = parts.reduce((sum, p) => sum + p.amount, 0);
  return { prorata, parts: parts.filter((p) => p.amount !== 0) };
}
