/**
 * The subscription's billing calendar (spec 2 §4, §9; ADR 200). A payment date is London midnight of the
 * account's payment day (1 to 28); a statement bills the month ahead, from one payment date to the next.
 * Pure and DST-safe: months are counted on the London calendar, never in hours.
 */
import {
  addDaysIso,
  type IsoDate,
  londonDate,
  londonDaysBetween,
  londonInstant,
  londonMidnightOf,
} from '../calendar/london.ts';
import { type Money, pence, proRataPence } from '../money.ts';

export const PAYMENT_DAY_MIN = 1;
export const PAYMENT_DAY_MAX = 28;
/** The payment-day modal lists 1 to 29 as ordinals; 29 is shown and refused (spec 2 §5). */
export const PAYMENT_DAY_OPTIONS = Array.from({ length: 29 }, (_, i) => i + 1);

export function isPaymentDay(day: unknown): day is number {
  return typeof day === 'number' && Number.isInteger(day) && day >= PAYMENT_DAY_MIN && day <= PAYMENT_DAY_MAX;
}

/** The London calendar date of an instant, month 0-based (the one calendar: calendar/london.ts). */
function londonParts(at: Date): { y: number; m: number; d: number } {
  const iso = londonDate(at);
  return { y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)) - 1, d: Number(iso.slice(8, 10)) };
}

/** London midnight of a calendar day (month 0-based; months before 0 or past 11 roll into another year). */
export function londonMidnight(y: number, m: number, d: number): Date {
  const total = y * 12 + m;
  const year = Math.floor(total / 12);
  return new Date(londonInstant(year, total - year * 12 + 1, d));
}

/** The payment day of a new subscription: the start's London day of month, at most the 28th (ADR 086). */
export function paymentDayFor(startAt: Date): number {
  return Math.min(londonParts(startAt).d, PAYMENT_DAY_MAX);
}

/**
 * The payment date in the London month after the one `from` falls in. From a payment date it is the next
 * one; from a start on the 29th to 31st (payment day 28) the first period is a few days short of a month.
 */
export function nextPaymentDate(from: Date, paymentDay: number): Date {
  const { y, m } = londonParts(from);
  return londonMidnight(y, m + 1, paymentDay);
}

/** The first payment date on `paymentDay` at or after `at` (a payment-day change starts there). */
export function paymentDateOnOrAfter(at: Date, paymentDay: number): Date {
  const { y, m } = londonParts(at);
  const same = londonMidnight(y, m, paymentDay);
  return same.getTime() >= at.getTime() ? same : londonMidnight(y, m + 1, paymentDay);
}

/** Calendar days between two instants in London. */
export function londonDays(from: Date, to: Date): number {
  return londonDaysBetween(from, to);
}

/** A billing period: from its start (inclusive) to its end (exclusive). */
export interface Period {
  start: Date;
  end: Date;
}

const isLondonMidnight = (at: Date) => londonMidnightOf(londonDate(at)).getTime() === at.getTime();

/**
 * The London days a period touches (at least 1): from the day it starts to the day of its last instant. A period
 * from London midnight to London midnight has as many days as it spans; a year bought at 10:36 that ends at 10:36
 * touches 366 days, and every one of them on cover is priced as a day (R3/R4), so the whole term costs the whole
 * premium and never more (ADR 344).
 */
export function periodDays(p: Period): number {
  return Math.max(1, londonDays(p.start, p.end) + (isLondonMidnight(p.end) ? 0 : 1));
}

/**
 * The London days of `period` on cover when cover ends at `end` (issue 26, R4): none when it ends before the
 * period starts, all of them when it ends at or after its end; otherwise every London day begun before `end`
 * (a cancellation at 10:00 on the 5th keeps the 5th; one at London midnight starting the 6th keeps the 5th and
 * not the 6th).
 */
export function daysOnCoverIn(period: Period, end: Date): number {
  if (end.getTime() <= period.start.getTime()) return 0;
  const total = periodDays(period);
  if (end.getTime() >= period.end.getTime()) return total;
  const begun = londonDays(period.start, end) + (isLondonMidnight(end) ? 0 : 1);
  return Math.min(total, Math.max(0, begun));
}

/**
 * The one billing-period function (issue 26; ADR 344): the period that begins at `from` (the cover start, or a
 * payment date) runs to the next payment date, except that the term's last period runs on to the end of cover
 * rather than leaving a stub shorter than a month after the last payment date (a start on the 29th–31st, paid
 * on the 28th). Null once `from` is at or past the end of cover. Statements, changes, payment-day journals,
 * cancellations and non-payment ends all bill by the periods it gives.
 */
export function periodFrom(from: Date, paymentDay: number, coverEnd: Date): Period | null {
  if (from.getTime() >= coverEnd.getTime()) return null;
  const next = nextPaymentDate(from, paymentDay);
  if (next.getTime() >= coverEnd.getTime()) return { start: from, end: coverEnd };
  const after = nextPaymentDate(next, paymentDay);
  return { start: from, end: after.getTime() > coverEnd.getTime() ? coverEnd : next };
}

/** Where an account's billing stands: the periods billed so far (in order), up to `billedUntil`. */
export interface BillingSchedule {
  billed: readonly Period[];
  billedUntil: Date;
  paymentDay: number;
  coverEnd: Date;
}

/**
 * The billing period containing `at`: one already billed (as billed: a payment-day change's transitional period
 * included), or one still to come, projected from `billedUntil` with `periodFrom`. Before the first billed period
 * it is the first; null at or after the end of cover.
 */
export function periodContaining(s: BillingSchedule, at: Date): Period | null {
  const t = at.getTime();
  if (t >= s.coverEnd.getTime()) return null;
  const first = s.billed[0];
  if (first && t < first.start.getTime()) return first;
  for (const p of s.billed) if (t >= p.start.getTime() && t < p.end.getTime()) return p;
  let period = periodFrom(s.billedUntil, s.paymentDay, s.coverEnd);
  for (let n = 0; period && n < 1200; n++) {
    if (t < period.end.getTime()) return period;
    period = periodFrom(period.end, s.paymentDay, s.coverEnd);
  }
  return null;
}

/**
 * A period's charge when cover ends at `coverEnd` (a cancellation set inside it): the instalment for the days
 * on cover only (R4), by the one pro-rata rule; the whole instalment when cover runs to the period's end.
 */
export function periodCharge(instalment: Money, period: Period, coverEnd: Date): Money {
  return proRataPence(pence(instalment), daysOnCoverIn(period, coverEnd), periodDays(period));
}

/** A price in force from a moment on (a policy version's instalment for the period being billed). */
export interface PriceFrom {
  from: Date;
  instalment: Money;
}

/**
 * The version in force on a London day (ADR 344): of `versions` in the order they were made, the last whose
 * London day of taking effect is on or before `day` (the newest wins from its start, so a change placed under a
 * later one is overtaken by it); the first when none has begun. Statements, changes and the oracle's rule agree.
 */
export function inForceOn<T extends { from: Date | string }>(
  versions: readonly T[],
  day: IsoDate,
): T | undefined {
  let found = versions[0];
  for (const v of versions) if (londonDate(v.from) <= day) found = v;
  return found;
}

/** A part of a period billed at one price: its span and its charge. */
export interface PeriodPart {
  start: Date;
  end: Date;
  amount: Money;
}

/**
 * A period's charge when its price changes inside it (issue 26 defect 1, ADR 344), as one part per price: each
 * London day on cover (up to `coverEnd`) at the instalment in force that day — the last price whose London day of
 * taking effect is on or before it, so the day a change takes effect is charged wholly at the new price — over
 * the period's days, each part rounded down. Each part becomes its own invoice line, so a later cancellation
 * credits each at its own daily price. With one price it is `periodCharge`.
 */
export function periodPartsByDay(prices: readonly PriceFrom[], period: Period, coverEnd: Date): PeriodPart[] {
  const total = periodDays(period);
  const onCover = daysOnCoverIn(period, coverEnd);
  if (onCover === 0 || prices.length === 0) return [];
  const end = coverEnd.getTime() < period.end.getTime() ? coverEnd : period.end;
  return partsByDay(pricesInEffect(prices, coverEnd), period.start, end, onCover, total);
}

/**
 * The prices that take effect when cover ends at `coverEnd` (ADR 364): a change effective at or after the end of
 * cover never takes effect, though the London day it was set for may be on cover (a change at noon, cover ended
 * at noon: that day was had under the price before). The first price always stands.
 */
export const pricesInEffect = <T extends { from: Date }>(prices: readonly T[], coverEnd: Date): T[] =>
  prices.filter((p, i) => i === 0 || p.from.getTime() < coverEnd.getTime());

/**
 * What a part of `period`, billed before the end of cover was known, costs at the prices in effect when cover
 * ends at `coverEnd` (ADR 385). A statement raised at 03:00 bills the day a change takes effect at noon wholly at
 * the change's price; if cover then ends at or before noon, the change never took effect and that day was had
 * at the price before. Answers the part's days at the price in effect on its first day, over the period's days,
 * rounded down (as `periodPartsByDay` prices a part); undefined when the part's own price took effect.
 */
export function partInEffect(
  prices: readonly PriceFrom[],
  period: Period,
  part: Period,
  coverEnd: Date,
): Money | undefined {
  const held = heldInstalment(prices, part, coverEnd);
  return held === undefined ? undefined : proRataPence(held, periodDays(part), periodDays(period));
}

/**
 * `partInEffect` for a line of a payment-day change's journal (ADR 389): the part of a transitional period billed
 * when the payment day was changed to `paymentDay`, at the prices in effect when cover ends at `coverEnd`, over
 * the days its journal divided each day's price by (`transitionalDivisor`); undefined when its price took effect.
 */
export function journalPartInEffect(
  prices: readonly PriceFrom[],
  paymentDay: number | undefined,
  part: Period,
  coverEnd: Date,
): Money | undefined {
  const held = heldInstalment(prices, part, coverEnd);
  return held === undefined
    ? undefined
    : proRataPence(held, periodDays(part), transitionalDivisor(part.end, paymentDay));
}

/** The price in effect on a part's first day when cover ends at `coverEnd`, when it is not the price it was billed at. */
function heldInstalment(prices: readonly PriceFrom[], part: Period, coverEnd: Date): Money | undefined {
  const day = londonDate(part.start);
  const billed = inForceOn(prices, day);
  const held = inForceOn(pricesInEffect(prices, coverEnd), day);
  return !billed || !held || billed.instalment === held.instalment ? undefined : pence(held.instalment);
}

/**
 * `days` London days from `start`, grouped by the instalment in force each day (`inForceOn`), each group
 * `instalment × its days ÷ divisor` rounded down; the last group ends at `end`.
 */
function partsByDay(
  prices: readonly PriceFrom[],
  start: Date,
  end: Date,
  days: number,
  divisor: number,
): PeriodPart[] {
  const first = londonDate(start);
  const parts: { from: number; days: number; instalment: number }[] = [];
  for (let i = 0; i < days; i++) {
    const price = pence(inForceOn(prices, addDaysIso(first, i))!.instalment);
    const last = parts.at(-1);
    if (last && last.instalment === price) last.days++;
    else parts.push({ from: i, days: 1, instalment: price });
  }
  return parts.map((p, i) => ({
    start: i === 0 ? start : londonMidnightOf(addDaysIso(first, p.from)),
    end: i === parts.length - 1 ? end : londonMidnightOf(addDaysIso(first, p.from + p.days)),
    amount: proRataPence(p.instalment, p.days, divisor),
  }));
}

/** The sum of `periodPartsByDay`: what a period bills. */
export function periodChargeByDay(prices: readonly PriceFrom[], period: Period, coverEnd: Date): Money {
  return periodPartsByDay(prices, period, coverEnd).reduce((sum, p) => sum + p.amount, 0);
}

/**
 * A payment-day change's transitional period, `from` (the end of the paid period) to `to` (the first new
 * payment date): the monthly price for its days over the days of the payment month that ends at `to`, rounded
 * down (ADR 344). Zero when to <= from.
 */
export function proRata(monthly: Money, from: Date, to: Date): Money {
  pence(monthly);
  const days = londonDays(from, to);
  if (days <= 0) return 0;
  const monthDays = paymentMonthDays(to);
  return proRataPence(monthly, Math.min(days, monthDays), monthDays);
}

/** The London days of the payment month that ends at `to`: what a transitional period's days are priced over. */
function paymentMonthDays(to: Date): number {
  const { y, m, d } = londonParts(to);
  return londonDays(londonMidnight(y, m - 1, d), londonMidnight(y, m, d));
}

/**
 * What each day of a payment-day change's journal line ending at `partEnd` was divided by (ADR 368): the days of
 * the payment month ending with its transitional period, whose end is the first date of the new `paymentDay` on
 * or after any of its lines' ends (the period holds no such date before its end). A line naming no payment day
 * (none is written so) is read as ending its period.
 */
export const transitionalDivisor = (partEnd: Date, paymentDay: number | undefined): number =>
  paymentMonthDays(isPaymentDay(paymentDay) ? paymentDateOnOrAfter(partEnd, paymentDay) : partEnd);

/**
 * `proRata` when the price changes inside the transitional period (ADR 368): each London day from `from` to `to`
 * at the monthly price in force that day (`inForceOn`, as a statement's days are), over the days of the payment
 * month that ends at `to`; one part per price, each rounded down, so each can be its own journal line. With one
 * price its one part is `proRata`.
 */
export function proRataPartsByDay(prices: readonly PriceFrom[], from: Date, to: Date): PeriodPart[] {
  const days = londonDays(from, to);
  if (days <= 0 || prices.length === 0) return [];
  const monthDays = paymentMonthDays(to);
  return partsByDay(prices, from, to, Math.min(days, monthDays), monthDays);
}

/**
 * Where a payment-day change's transitional period ends (ADR 200, with R1 of ADR 344): the first new payment
 * date on or after `from` (the end of the paid period), when it is a payment date of the term, i.e. before the
 * expiry with its successor not after it. Null otherwise: the term's last period runs on to the expiry (no
 * stub), so nothing is transitional.
 */
export function transitionalPeriodEnd(from: Date, paymentDay: number, expiry: Date | null): Date | null {
  const next = paymentDateOnOrAfter(from, paymentDay);
  if (!expiry) return next;
  return next < expiry && nextPaymentDate(next, paymentDay) <= expiry ? next : null;
}

/** The London calendar date (yyyy-MM-dd) a collection is keyed by. */
export function periodKey(periodStart: Date): string {
  const { y, m, d } = londonParts(periodStart);
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface MonthlyPlan {
  first: Money;
  regular: Money;
  /** Months charged nothing under a promotion, at the start. */
  freeMonths: number;
}

/**
 * The instalment of the n-th month of a subscription (1 = the month bought at checkout): nothing in a free
 * promotional month, the first paid month carries the remainder pennies, every later month the regular one.
 * A period past the twelfth (a payment-day change's transitional period counts as none) bills the regular one.
 */
export function instalmentFor(month: number, plan: MonthlyPlan): Money {
  if (!Number.isInteger(month) || month < 1) throw new RangeError(`month is 1 or more: ${month}`);
  if (month <= plan.freeMonths) return 0;
  return month === plan.freeMonths + 1 ? plan.first : plan.regular;
}
