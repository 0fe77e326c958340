/**
 * Europe/London calendar helpers (date-fns + @date-fns/tz). Instants are `Date`s; calendar days are ISO
 * 'yyyy-MM-dd' strings. Everything is DST-safe: "midnight" is always London midnight (GMT or BST).
 */
import { isValid } from 'date-fns';
import { TIME_ZONE } from './constants.ts';

export const LONDON = TIME_ZONE;
export const ISO_DATE = 'yyyy-MM-dd';

export type IsoDate = string;
type DateInput = Date | number | string;

function instant(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (!isValid(date)) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/*
 * Calendar dates are moved with integer arithmetic on (year, month, day), not through date-fns and TZDate:
 * the form and risk rules call these many times per request, and the library path cost about half a
 * millisecond a call (issue 15). Same results: months clamp to their last day as date-fns does
 * (2024-02-29 + 1 year = 2025-02-28); test/dates.test.ts checks them against date-fns.
 */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!);
const DAY_MS = 86_400_000;

type Ymd = [year: number, month: number, day: number];
const ymdOf = (iso: IsoDate): Ymd => [
  Number(iso.slice(0, 4)),
  Number(iso.slice(5, 7)),
  Number(iso.slice(8, 10)),
];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const isoOf = ([y, m, d]: Ymd): IsoDate => `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;

function utcMs([y, m, d]: Ymd): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

function ymdOfMs(ms: number): Ymd {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

function addMonthsYmd([y, m, d]: Ymd, months: number): Ymd {
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return [year, month, Math.min(d, daysInMonth(year, month))];
}

const addDaysYmd = (ymd: Ymd, days: number): Ymd => (days === 0 ? ymd : ymdOfMs(utcMs(ymd) + days * DAY_MS));

function calendar(iso: IsoDate): Ymd {
  if (!isIsoDate(iso)) throw new RangeError(`Invalid ISO date: ${iso}`);
  return ymdOf(iso);
}

/** A real calendar date written yyyy-MM-dd (rejects 2023-02-30, 2023-2-3). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = ymdOf(value);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** A year and month written yyyy-MM. */
export function isIsoMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

let lastInstant = Number.NaN;
let lastLondonDate = '';

/**
 * The London calendar date of an instant: through London's offset for that hour (`londonOffset`, memoised per
 * hour), not a call to Intl each time (about 20 µs; rating a quote asks for today's date, issue 15).
 */
export function londonDate(at: DateInput): IsoDate {
  const ms = instant(at).getTime();
  if (ms === lastInstant) return lastLondonDate;
  const wall = new Date(ms + londonOffset(ms));
  lastLondonDate = isoOf([wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()]);
  lastInstant = ms;
  return lastLondonDate;
}

/** Today's date in London (yyyy-MM-dd). */
export function todayInLondon(now: DateInput = new Date()): IsoDate {
  return londonDate(now);
}

/*
 * London wall-clock time through Intl, without @date-fns/tz: this module reaches the web app's home bundle
 * (through status.ts), where TZDate cannot be tree-shaken (issue 15, home ≤ 150 KB).
 */
const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hourCycle: 'h23',
  weekday: 'long',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: string;
}
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOUR_MS = 3_600_000;
/** London's offset from UTC for each UTC hour asked about: it changes only on the hour (01:00 UTC). */
const offsets = new Map<number, number>();
function londonOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const parts: Record<string, string> = {};
    for (const p of londonClock.formatToParts(hour * HOUR_MS))
      if (p.type !== 'literal') parts[p.type] = p.value;
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    offset = wall - hour * HOUR_MS;
    // Formatting through Intl costs more than the rest of a billing run's date work; a bounded memo.
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}
/** The London wall-clock reading of an instant (ms). */
export function wallClock(ms: number): WallClock {
  const d = new Date(ms + londonOffset(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: WEEKDAYS[d.getUTCDay()] ?? '',
  };
}

/** The instant of a London wall-clock time (the later reading across a clock change, as TZDate). */
export function londonInstant(y: number, m: number, d: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  const offsetAt = (ms: number) => {
    const c = wallClock(ms);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(ms / 1000) * 1000;
  };
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** The instant London's day starts: for a calendar date, or for the London day containing an instant. */
export function startOfDayLondon(day: DateInput): Date {
  if (typeof day === 'string' && isIsoDate(day)) {
    const [y, m, d] = ymdOf(day);
    return new Date(londonInstant(y, m, d));
  }
  const c = wallClock(instant(day).getTime());
  return new Date(londonInstant(c.year, c.month, c.day));
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

export function addDaysIso(iso: IsoDate, days: number): IsoDate {
  return isoOf(addDaysYmd(calendar(iso), days));
}

/** Calendar days from `from` to `to` in London (negative when `to` is earlier). */
export function daysBetweenLondon(from: DateInput, to: DateInput): number {
  return Math.round((utcMs(calendar(toIso(to))) - utcMs(calendar(toIso(from)))) / DAY_MS);
}

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

function toIso(value: DateInput): IsoDate {
  return typeof value === 'string' && isIsoDate(value) ? value : londonDate(value);
}

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
