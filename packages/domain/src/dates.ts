/**
 * Calendar helpers on top of the London calendar (calendar/london.ts, ADR 342): ISO dates, formatting, ages,
 * the start date. Instants are `Date`s; calendar days are ISO 'yyyy-MM-dd' strings. Everything is DST-safe:
 * "midnight" is always London midnight (GMT or BST). This module reaches the web's home bundle: it holds no
 * @date-fns/tz and no holiday data (working days are in calendar/working-days.ts).
 */
import {
  addDaysIso,
  addDaysYmd,
  addMonthsYmd,
  calendar,
  type DateInput,
  type IsoDate,
  instant,
  isIsoDate,
  isoOf,
  LONDON,
  londonDate,
  londonDayOf,
  londonDaysBetween,
  londonInstant,
  londonMidnightOf,
  two,
  type WallClock,
  wallClock,
} from './calendar/london.ts';

export { addDaysIso, type IsoDate, isIsoDate, LONDON, londonDate, londonInstant, type WallClock, wallClock };
export const ISO_DATE = 'yyyy-MM-dd';

/** A year and month written yyyy-MM. */
export function isIsoMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** Today's date in London (yyyy-MM-dd). */
export function todayInLondon(now: DateInput = new Date()): IsoDate {
  return londonDate(now);
}

/** The instant London's day starts: for a calendar date, or for the London day containing an instant. */
export function startOfDayLondon(day: DateInput): Date {
  if (typeof day === 'string' && isIsoDate(day)) return londonMidnightOf(day);
  return londonMidnightOf(londonDate(instant(day)));
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const TOKENS: Record<string, (c: WallClock) => string> = {
  yyyy: (c) => String(c.year).padStart(4, '0'),
  MMMM: (c) => MONTHS[c.month - 1]!,
  MMM: (c) => MONTHS[c.month - 1]!.slice(0, 3),
  MM: (c) => two(c.month),
  M: (c) => String(c.month),
  dd: (c) => two(c.day),
  d: (c) => String(c.day),
  EEEE: (c) => c.weekday,
  EEE: (c) => c.weekday.slice(0, 3),
  HH: (c) => two(c.hour),
  H: (c) => String(c.hour),
  mm: (c) => two(c.minute),
  ss: (c) => two(c.second),
};
const PATTERN = /'([^']*)'|yyyy|MMMM|MMM|MM|M|dd|d|EEEE|EEE|HH|H|mm|ss|[A-Za-z]/g;

/**
 * Format an instant as London wall-clock time, e.g. formatLondon(d, 'd MMMM yyyy HH:mm'): the date-fns tokens
 * yyyy, MMMM, MMM, MM, M, dd, d, EEEE, EEE, HH, H, mm, ss and 'quoted' text (any other letter throws).
 */
export function formatLondon(at: DateInput, pattern: string): string {
  const c = wallClock(instant(at).getTime());
  return pattern.replace(PATTERN, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted;
    const part = TOKENS[token];
    if (!part) throw new RangeError(`formatLondon: unsupported token "${token}"`);
    return part(c);
  });
}

/** Add calendar years to an ISO date; 29 February becomes 28 February in a non-leap year. */
export function addYearsIso(iso: IsoDate, years: number): IsoDate {
  return isoOf(addMonthsYmd(calendar(iso), years * 12));
}

/** Calendar days from `from` to `to` in London (negative when `to` is earlier). */
export const daysBetweenLondon: (from: DateInput, to: DateInput) => number = londonDaysBetween;

/**
 * A calendar date moved by an ISO-8601 duration of years, months and days ("-P125Y", "P30D"): the form
 * rules' dates relative to today (spec 1 §5.2).
 */
export function shiftIso(iso: IsoDate, duration: string): IsoDate {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/.exec(duration);
  if (!m) throw new RangeError(`Unsupported duration "${duration}"`);
  const sign = m[1] ? -1 : 1;
  let d = calendar(iso);
  d = addMonthsYmd(d, sign * Number(m[2] ?? 0) * 12);
  d = addMonthsYmd(d, sign * Number(m[3] ?? 0));
  d = addDaysYmd(d, sign * Number(m[4] ?? 0));
  return isoOf(d);
}

/** The next `days` dates from today plus `daysInFuture` (the start-date picker, spec 1 §5.1). */
export function startDateChoices(now: DateInput, daysInFuture: number, days: number): IsoDate[] {
  const first = addDaysIso(todayInLondon(now), daysInFuture);
  return Array.from({ length: days }, (_, i) => addDaysIso(first, i));
}

const toIso = londonDayOf;

/**
 * Whole years from `from` to `to` (calendar dates; instants are read in London). A 29 February birthday
 * is reached on 1 March in non-leap years, as in English law (Family Law Reform Act 1969 s.9).
 */
export function yearsBetween(from: DateInput, to: DateInput): number {
  const [a, b] = [toIso(from), toIso(to)];
  if (b < a) return -yearsBetween(b, a);
  const years = Number(b.slice(0, 4)) - Number(a.slice(0, 4));
  return b.slice(5) < a.slice(5) ? years - 1 : years;
}

/** Encodes 'yyyy-MM-dd' as yyyy*10000 + MM*100 + dd, so dates compare and subtract as integers (rating hot path). */
export function dateKey(iso: IsoDate): number {
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

/**
 * Whole years from `fromIso` to `toIso` as the risk rules count them (the birthday rule of `yearsBetween`;
 * a `to` before `from` rounds down), on integer keys so the rating hot path stays cheap.
 */
export function wholeYears(fromIso: IsoDate, toIso: IsoDate): number {
  return Math.floor((dateKey(toIso) - dateKey(fromIso)) / 10_000);
}

/** True when `iso` is on or after the day `years` years before `todayIso` (calendar dates). */
export function withinLastYears(iso: IsoDate, todayIso: IsoDate, years: number): boolean {
  return dateKey(iso) >= dateKey(todayIso) - years * 10_000;
}

/** Age in whole years on a date (defaults to today in London). */
export function ageOn(dateOfBirth: IsoDate, on: DateInput = new Date()): number {
  return yearsBetween(dateOfBirth, on);
}

/** The date lies within the last `years` years up to and including today (London): not in the future. */
export function isWithinLastYears(date: DateInput, years: number, now: DateInput = new Date()): boolean {
  const day = toIso(date);
  const today = todayInLondon(now);
  return day <= today && day >= addYearsIso(today, -years);
}

export interface PolicyStart {
  /** The instant cover starts. */
  startAt: Date;
  /** True when the chosen day is today: cover starts now. */
  immediate: boolean;
}

/**
 * Spec 3 §4 "Start date": a start date of today starts cover immediately (now); a later date starts at
 * 00:00 London time on that day. A date in the past gives null (the caller reports a field error).
 */
export function policyStartFor(startDate: IsoDate, now: Date = new Date()): PolicyStart | null {
  const today = todayInLondon(now);
  if (!isIsoDate(startDate) || startDate < today) return null;
  if (startDate === today) return { startAt: new Date(now.getTime()), immediate: true };
  return { startAt: startOfDayLondon(startDate), immediate: false };
}
