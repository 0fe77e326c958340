/**
 * The oracle's own model of the money rules (docs/simulation.md, R1–R4): what a policy's cover should cost,
 * worked out from the facts alone. It imports the London calendar and nothing of billing, payments,
 * adjustments or policies (ADR 343): if it restated their code, it would prove nothing.
 */
import { londonDate, londonInstant, wallClock } from '@forecourt/domain/dates';
import type { Facts, QuoteTotals } from '../facts.ts';

const DAY = 86_400_000;

/** London midnight starting the calendar day `y-m-d` (month and day may overflow, as Date.UTC allows). */
export function midnight(y: number, m: number, d: number): Date {
  const n = new Date(Date.UTC(y, m - 1, d));
  return new Date(londonInstant(n.getUTCFullYear(), n.getUTCMonth() + 1, n.getUTCDate()));
}

/** The London day of an instant, and the instant it starts. */
export const dayOf = (at: Date) => londonDate(at);
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return midnight(y, m, d);
}
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return londonDate(midnight(y, m, d + 1));
}

/** R1: the payment day of a policy starting at `start` (its London day of month; the 29th–31st pay on the 28th). */
export const paymentDayFor = (start: Date) => Math.min(28, wallClock(start.getTime()).day);

/** The end of cover when nothing ends it early: start + 12 months (London wall clock), or the driveaway term. */
export function expiryOf(start: Date, termDays?: number): Date {
  const c = wallClock(start.getTime());
  if (termDays) return new Date(londonInstant(c.year, c.month, c.day + 0, c.hour, c.minute) + termDays * DAY);
  return new Date(londonInstant(c.year + 1, c.month, c.day, c.hour, c.minute));
}

/** A payment date, and whether the period ending on it is a transitional one (a payment-day change). */
export interface PaymentDate {
  at: Date;
  transitional: boolean;
}

/**
 * The payment dates around a policy (R1): London midnights on the payment day, monthly, from the one on or
 * before the start. A payment-day change made at `at` keeps the period being paid (to the first old date
 * after `at`, N) and then moves to the first new date on or after N: N to it is a transitional period.
 */
export function paymentDates(start: Date, until: Date, changes: { at: Date; day: number }[]): PaymentDate[] {
  let pd = paymentDayFor(start);
  const w0 = wallClock(start.getTime());
  const first = midnight(w0.year, w0.day >= pd ? w0.month : w0.month - 1, pd);
  const dates: PaymentDate[] = [{ at: first, transitional: false }];
  const pending = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime());
  let last = first;
  let move: number | undefined;
  while (last.getTime() <= until.getTime() + 40 * DAY && dates.length < 60) {
    const w = wallClock(last.getTime());
    let next: Date;
    let transitional = false;
    if (move !== undefined && move !== pd) {
      next = midnight(w.year, move > w.day ? w.month : w.month + 1, move);
      transitional = true;
      pd = move;
    } else next = midnight(w.year, w.month + 1, pd);
    move = undefined;
    // Changes made before this date take effect after it (the period ending here stays as paid).
    while (pending[0] && pending[0].at < next) move = pending.shift()!.day;
    dates.push({ at: next, transitional });
    last = next;
  }
  return dates;
}

export interface Period {
  start: Date;
  end: Date;
  /** Days of the payment month the period's days are priced over (R2). */
  monthDays: number;
  /** The instalment number (1: the month bought at checkout). */
  k: number;
}

const londonDays = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY);

/**
 * The payment month containing the instant `at` (R1/R2), with its instalment number. A transitional period
 * (refinement, docs/simulation.md) is priced over the days of the month of the new payment day ending with it.
 */
export function periodOf(dates: PaymentDate[], start: Date, at: Date): Period {
  const i = Math.max(
    1,
    dates.findIndex((d) => d.at > at),
  );
  const end = dates[i]!;
  const begin = dates[i - 1]!.at;
  const first = Math.max(
    1,
    dates.findIndex((d) => d.at > start),
  );
  const w = wallClock(end.at.getTime());
  const monthDays = end.transitional
    ? londonDays(midnight(w.year, w.month - 1, w.day), end.at)
    : londonDays(begin, end.at);
  return { start: begin, end: end.at, monthDays, k: i - first + 1 };
}

/** R2: the monthly instalment k of a version's quote (0 in a free month, `first` for the first paid one). */
export function instalment(t: QuoteTotals, k: number): number {
  if (k <= t.freeMonths) return 0;
  return k === t.freeMonths + 1 ? t.first : t.regular;
}

/** The version in force on a London day: the last one made whose effective day is on or before it (R2). */
export function versionOn(facts: Facts, day: string): QuoteTotals {
  let found = facts.versions[0]!.totals;
  for (const v of facts.versions) if (dayOf(v.from) <= day) found = v.totals;
  return found;
}

/** The London days from the day of `from` to the day of the last instant before `to` (R4). */
export function daysBetween(from: Date, to: Date): string[] {
  const out: string[] = [];
  if (to <= from) return out;
  const last = dayOf(new Date(to.getTime() - 1));
  for (let d = dayOf(from); d <= last; d = nextDay(d)) out.push(d);
  return out;
}

export interface Expected {
  /** The exact premium (a real number of pence) for the days on cover up to `until`. */
  exact: number;
  /** Billing periods (payment months, or the term) the days fall in: the rounding allowance is 1p each. */
  periods: number;
  days: number;
}

/** The premium for the days on cover between `start` and `until` (R2/R3/R4), exact. */
export function premiumFor(
  facts: Facts,
  coverStart: Date,
  until: Date,
  expiry: Date,
  termDays: number | undefined,
): Expected {
  const days = daysBetween(coverStart, until);
  if (facts.product !== 'SUBSCRIPTION') {
    const termLength = daysBetween(coverStart, expiry).length;
    void termDays;
    let exact = 0;
    for (const d of days) exact += versionOn(facts, d).price / termLength;
    return { exact, periods: 1, days: days.length };
  }
  const dates = paymentDates(coverStart, until, facts.paymentDays);
  const seen = new Set<number>();
  let exact = 0;
  for (const d of days) {
    const p = periodOf(dates, coverStart, dayStart(d));
    seen.add(p.start.getTime());
    exact += instalment(versionOn(facts, d), p.k) / p.monthDays;
  }
  return { exact, periods: seen.size, days: days.length };
}

/** The first payment date after `at` (the end of the period the billing run has raised by then). */
export function billedThrough(facts: Facts, coverStart: Date, at: Date): Date {
  const from = at > coverStart ? at : coverStart;
  const dates = paymentDates(coverStart, new Date(from.getTime() + 62 * DAY), facts.paymentDays);
  const i = dates.findIndex((d) => d.at > from);
  // A payment-day change bills its transitional period when it is made (refinement, docs/simulation.md).
  const after = dates[i + 1];
  if (after?.transitional && facts.paymentDays.some((c) => c.at <= at)) return after.at;
  return dates[i]!.at;
}
