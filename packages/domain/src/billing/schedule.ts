/**
 * The subscription's billing calendar (spec 2 §4, §9; ADR 200). A payment date is London midnight of the
 * account's payment day (1 to 28); a statement bills the month ahead, from one payment date to the next.
 * Pure and DST-safe: months are counted on the London calendar, never in hours.
 */
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import { LONDON } from '../dates.ts';
import { type Money, pence, roundHalfUp } from '../money.ts';

export const PAYMENT_DAY_MIN = 1;
export const PAYMENT_DAY_MAX = 28;
/** The payment-day modal lists 1 to 29 as ordinals; 29 is shown and refused (spec 2 §5). */
export const PAYMENT_DAY_OPTIONS = Array.from({ length: 29 }, (_, i) => i + 1);

export function isPaymentDay(day: unknown): day is number {
  return typeof day === 'number' && Number.isInteger(day) && day >= PAYMENT_DAY_MIN && day <= PAYMENT_DAY_MAX;
}

function londonParts(at: Date): { y: number; m: number; d: number } {
  const t = new TZDate(at.getTime(), LONDON);
  return { y: t.getFullYear(), m: t.getMonth(), d: t.getDate() };
}

/** London midnight of a calendar day (month 0-based; overflowing months roll into the next year). */
export function londonMidnight(y: number, m: number, d: number): Date {
  return new Date(new TZDate(y, m, d, LONDON).getTime());
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
  return differenceInCalendarDays(new TZDate(to.getTime(), LONDON), new TZDate(from.getTime(), LONDON));
}

/**
 * The price of the days from `from` to `to` at a monthly price: the monthly price times the days over the
 * days of the month that starts at `from` (28 to 31), rounded half-up to the penny. Zero when to <= from.
 */
export function proRata(monthly: Money, from: Date, to: Date): Money {
  pence(monthly);
  const days = londonDays(from, to);
  if (days <= 0) return 0;
  const { y, m, d } = londonParts(from);
  const monthDays = londonDays(londonMidnight(y, m, d), londonMidnight(y, m + 1, d));
  return roundHalfUp((monthly * days) / monthDays);
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
 * The subscription rolls on after the twelfth month at the regular price.
 */
export function instalmentFor(month: number, plan: MonthlyPlan): Money {
  if (!Number.isInteger(month) || month < 1) throw new RangeError(`month is 1 or more: ${month}`);
  if (month <= plan.freeMonths) return 0;
  return month === plan.freeMonths + 1 ? plan.first : plan.regular;
}
