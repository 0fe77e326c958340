/**
 * The oracle's own model of the money rules (docs/simulation.md, R1–R4): what a policy's cover should cost,
 * worked out from the facts alone. It imports the London calendar and nothing of billing, payments,
 * adjustments or policies (ADR 343): if it restated their code, it would prove nothing.
 */
import { londonDate, londonInstant, wallClock } from '@forecourt/domain/dates';
import type { Facts, QuoteTotals } from '../facts.ts';

const DAY = 86_400_000;

/** The driveaway schemes' terms in days (the brands' product configuration). */
export const TERM_DAYS: Record<string, number> = { MHDRIVE1: 1, MHDRIVE7: 7, MHDRIVE28: 28 };

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
  // A driveaway's days later on the London clock, at the same wall-clock time (a day is 23 to 25 hours).
  if (termDays) return new Date(londonInstant(c.year, c.month, c.day + termDays, c.hour, c.minute));
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
  // Changes made before a payment date take effect after it (the period ending there stays as paid), each in
  // turn: a second change made before the first one's new date chains its transitional period onto the first's.
  const moves: number[] = [];
  while (last.getTime() <= until.getTime() + 40 * DAY && dates.length < 60) {
    const w = wallClock(last.getTime());
    let next: Date;
    let transitional = false;
    let move = moves.shift();
    while (move !== undefined && move === pd) move = moves.shift();
    if (move !== undefined) {
      next = midnight(w.year, move > w.day ? w.month : w.month + 1, move);
      transitional = true;
      pd = move;
    } else next = midnight(w.year, w.month + 1, pd);
    while (pending[0] && pending[0].at < next) moves.push(pending.shift()!.day);
    dates.push({ at: next, transitional });
    last = next;
  }
  return dates;
}

export interface Period {
  start: Date;
  end: Date;
  /** Days a day's price is divided by (R2, ADR 344): the period's own London days; a transitional period's, the
   * days of the payment month of the new payment day ending with it. */
  monthDays: number;
  /** The instalment number (1: the month bought at checkout); a transitional period the one after its predecessor. */
  k: number;
  transitional: boolean;
}

/** London calendar days a span touches: from the day of `from` to the day of the last instant before `to`. */
const calendarDays = (from: Date, to: Date) => daysBetween(from, to).length;

/**
 * The statement periods of a subscription (R1 as ADR 344 settled it): from the cover start to the first payment
 * date after it, then payment date to payment date; the payment date whose successor falls after the expiry is
 * skipped, so the year's last period runs on to the expiry (no stub of a few days after the last payment date).
 */
export function periodsOf(dates: PaymentDate[], start: Date, expiry: Date): Period[] {
  const after = dates.filter((d) => d.at > start && d.at < expiry);
  const kept = after.filter((d, i) => {
    const next = after[i + 1] ?? dates.find((x) => x.at > d.at);
    return next === undefined || next.at <= expiry;
  });
  const ends = [...kept, { at: expiry, transitional: false }];
  const out: Period[] = [];
  let from = start;
  let k = 0;
  for (const e of ends) {
    if (e.at <= from) continue;
    if (!e.transitional) k++;
    const w = wallClock(e.at.getTime());
    const monthDays = e.transitional
      ? londonDays(midnight(w.year, w.month - 1, w.day), e.at)
      : calendarDays(from, e.at);
    // A transitional period is priced at the month that follows the one paid (the product's journal: the
    // regular instalment after the first).
    out.push({
      start: from,
      end: e.at,
      monthDays,
      k: e.transitional ? k + 1 : Math.max(1, k),
      transitional: e.transitional,
    });
    from = e.at;
  }
  return out;
}

const londonDays = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / DAY);

/** The period containing the instant `at` (the first before the start, the last after the expiry). */
export function periodOf(periods: Period[], at: Date): Period {
  return periods.find((p) => at < p.end) ?? periods.at(-1)!;
}

/** R2: the monthly instalment k of a version's quote (0 in a free month, `first` for the first paid one). */
export function instalment(t: QuoteTotals, k: number): number {
  if (k <= t.freeMonths) return 0;
  return k === t.freeMonths + 1 ? t.first : t.regular;
}

/** The version in force on a London day: the last one made whose effective day is on or before it (R2). */
/**
 * The version in force on a London day (R2). A change effective at or after `until` (the end of cover) never
 * took effect: cover ended the instant it would have begun, so the day is priced at the version before it
 * (refinement, ADR 364: a change and a cancellation at one instant).
 */
export function versionOn(facts: Facts, day: string, until?: Date): QuoteTotals {
  let found = facts.versions[0]!.totals;
  for (const v of facts.versions)
    if (dayOf(v.from) <= day && (!until || v.from < until || v === facts.versions[0])) found = v.totals;
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
    for (const d of days) exact += versionOn(facts, d, until).price / termLength;
    return { exact, periods: 1, days: days.length };
  }
  const periods = periodsOf(paymentDates(coverStart, until, facts.paymentDays), coverStart, expiry);
  const seen = new Set<number>();
  let exact = 0;
  for (const d of days) {
    const p = periodOf(periods, dayStart(d));
    seen.add(p.start.getTime());
    exact += instalment(versionOn(facts, d, until), p.k) / p.monthDays;
  }
  return { exact, periods: seen.size, days: days.length };
}

/** The end of the period the billing run has raised by `at`: the period containing it (ADR 344). */
export function billedThrough(facts: Facts, coverStart: Date, at: Date, changesUntil: Date = at): Date {
  // The billing run down at `at`: billed as far as its last run before the span, the day before it began
  // (payment-day changes made since still bill their transitional periods, when they are made).
  const down = facts.billingDown.find((d) => d.from <= at && at < d.to);
  if (down) return billedThrough(facts, coverStart, new Date(down.from.getTime() - DAY), at);
  const from = at > coverStart ? at : coverStart;
  const expiry = expiryOf(coverStart);
  const dates = paymentDates(coverStart, new Date(from.getTime() + 62 * DAY), facts.paymentDays);
  const periods = periodsOf(dates, coverStart, expiry);
  const i = periods.findIndex((p) => from < p.end);
  if (i < 0) return expiry;
  // A payment-day change bills its transitional period when it is made (refinement, docs/simulation.md), and
  // chained changes each theirs.
  let j = i;
  while (periods[j + 1]?.transitional && facts.paymentDays.some((c) => c.at <= changesUntil)) j++;
  return periods[j]!.end;
}
