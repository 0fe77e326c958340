import { TZDate } from '@date-fns/tz';
import { addDays, format, isValid, parseISO } from 'date-fns';

/**
 * Calendar helpers for the risk rules. Answers are calendar dates ('yyyy-MM-dd', 'yyyy-MM') with no time
 * zone; "today" is the date in Europe/London. Whole-year differences compare (year, month, day) the way a
 * birthday works (a 29 February birthday counts from 1 March in a common year), which is also cheap
 * enough for the rating hot path.
 */
export const LONDON = 'Europe/London';

export function londonToday(now: Date): string {
  return format(new TZDate(now.getTime(), LONDON), 'yyyy-MM-dd');
}

export function addDaysIso(iso: string, days: number): string {
  return format(addDays(parseISO(iso), days), 'yyyy-MM-dd');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE.test(value) && isValid(parseISO(value));
}

export function isIsoMonth(value: unknown): value is string {
  return typeof value === 'string' && ISO_MONTH.test(value);
}

/** Encodes 'yyyy-MM-dd' as yyyy*10000 + MM*100 + dd, so dates compare and subtract as integers. */
export function dateKey(iso: string): number {
  return (
    (digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3)) * 10_000 +
    (digit(iso, 5) * 10 + digit(iso, 6)) * 100 +
    digit(iso, 8) * 10 +
    digit(iso, 9)
  );
}

function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

/** Whole years from `fromIso` to `toIso` (age on a date; negative when `to` is before `from`). */
export function wholeYears(fromIso: string, toIso: string): number {
  return Math.floor((dateKey(toIso) - dateKey(fromIso)) / 10_000);
}

/** The same calendar day `years` later ('2000-02-29' + 16 → '2016-02-29'; '2001-…' kept as text). */
export function addYearsIso(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
}

/** True when `iso` is on or after the day `years` years before `todayIso`. */
export function withinLastYears(iso: string, todayIso: string, years: number): boolean {
  return dateKey(iso) >= dateKey(todayIso) - years * 10_000;
}
