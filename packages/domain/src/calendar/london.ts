/**
 * The London calendar (DESIGN §5 "One calendar, one period"; ADR 342): London's clock, its days and months,
 * across clock changes. Instants are `Date`s (or ms); calendar days are ISO 'yyyy-MM-dd' strings. "Midnight"
 * is always London midnight (GMT or BST). Working days and bank holidays are in ./working-days.ts.
 *
 * Pure Intl and integer arithmetic, no @date-fns/tz and no holiday data: this module reaches the web app's
 * home bundle (through dates.ts and status.ts), where TZDate cannot be tree-shaken (issue 15, home ≤ 150 KB).
 */

/** The one time zone of the service. Every other module takes it from here. */
export const LONDON = 'Europe/London';

export type IsoDate = string;
export type DateInput = Date | number | string;

export function instant(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

/*
 * Calendar dates are moved with integer arithmetic on (year, month, day), not through date-fns and TZDate:
 * the form and risk rules call these many times per request, and the library path cost about half a
 * millisecond a call (issue 15). Months clamp to their last day as date-fns does (2024-02-29 + 1 year =
 * 2025-02-28); test/dates.test.ts checks them against date-fns.
 */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!);
const DAY_MS = 86_400_000;

export type Ymd = [year: number, month: number, day: number];
export const ymdOf = (iso: IsoDate): Ymd => [
  Number(iso.slice(0, 4)),
  Number(iso.slice(5, 7)),
  Number(iso.slice(8, 10)),
];
export const two = (n: number) => (n < 10 ? `0${n}` : String(n));
export const isoOf = ([y, m, d]: Ymd): IsoDate => `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;

export function utcMs([y, m, d]: Ymd): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getTime();
}

function ymdOfMs(ms: number): Ymd {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

export function addMonthsYmd([y, m, d]: Ymd, months: number): Ymd {
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return [year, month, Math.min(d, daysInMonth(year, month))];
}

export const addDaysYmd = (ymd: Ymd, days: number): Ymd =>
  days === 0 ? ymd : ymdOfMs(utcMs(ymd) + days * DAY_MS);

/** A real calendar date written yyyy-MM-dd (rejects 2023-02-30, 2023-2-3). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = ymdOf(value);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function calendar(iso: IsoDate): Ymd {
  if (!isIsoDate(iso)) throw new RangeError(`Invalid ISO date: ${iso}`);
  return ymdOf(iso);
}

/*
 * London wall-clock time through Intl: London's offset for each UTC hour, memoised (it changes only on the
 * hour, at 01:00 UTC), so a billing run's date work does not format through Intl each time.
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
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const HOUR_MS = 3_600_000;
const offsets = new Map<number, number>();
/** London's offset from UTC (ms) at an instant (ms). */
export function londonOffset(ms: number): number {
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
    if (offsets.size >= 100_000) offsets.clear(); // a bounded memo
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

/**
 * The instant (ms) of a London wall-clock time (month 1-based). A time the spring clock change skips reads
 * as the hour after; a time the autumn change repeats is its later reading, as TZDate does.
 */
export function londonInstant(
  y: number,
  m: number,
  d: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const wall = Date.UTC(y, m - 1, d, hour, minute, second, ms);
  const guess = wall - londonOffset(wall);
  return wall - londonOffset(guess);
}

let lastInstant = Number.NaN;
let lastLondonDate = '';

/** The London calendar date (yyyy-MM-dd) of an instant. */
export function londonDate(at: DateInput): IsoDate {
  const ms = instant(at).getTime();
  if (ms === lastInstant) return lastLondonDate;
  const wall = new Date(ms + londonOffset(ms));
  lastLondonDate = isoOf([wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()]);
  lastInstant = ms;
  return lastLondonDate;
}

/** A calendar date as itself; an instant (or a date-time string) as its London date. */
export function londonDayOf(value: DateInput): IsoDate {
  return typeof value === 'string' && isIsoDate(value) ? value : londonDate(value);
}

/** The instant London's day `isoDate` starts (00:00 GMT or BST). */
export function londonMidnightOf(isoDate: IsoDate): Date {
  const [y, m, d] = calendar(isoDate);
  return new Date(londonInstant(y, m, d));
}

/** Add calendar days to an ISO date. */
export function addDaysIso(iso: IsoDate, days: number): IsoDate {
  return isoOf(addDaysYmd(calendar(iso), days));
}

/** The day of the week of a calendar date: 0 Sunday to 6 Saturday. */
export function weekdayOf(iso: IsoDate): number {
  return new Date(utcMs(calendar(iso))).getUTCDay();
}

/**
 * Calendar days from the London day of `a` to the London day of `b` (negative when `b` is earlier); a
 * calendar date stands for itself. Whole days whatever the clock changes between them (23- or 25-hour days).
 */
export function londonDaysBetween(a: DateInput, b: DateInput): number {
  return Math.round((utcMs(calendar(londonDayOf(b))) - utcMs(calendar(londonDayOf(a)))) / DAY_MS);
}

/**
 * `n` London months after an instant, at the same London wall-clock time (so London midnight stays London
 * midnight across a clock change); a day past the end of the target month clamps to its last day
 * (31 January + 1 month = 28 or 29 February). `n` may be negative.
 */
export function addLondonMonths(at: DateInput, n: number): Date {
  const ms = instant(at).getTime();
  const wall = new Date(ms + londonOffset(ms));
  const [y, m, d] = addMonthsYmd([wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()], n);
  return new Date(
    londonInstant(
      y,
      m,
      d,
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    ),
  );
}

/** `n` London days after an instant, at the same London wall-clock time (a day is 23 to 25 hours long). */
export function addLondonDays(at: DateInput, n: number): Date {
  const ms = instant(at).getTime();
  const wall = new Date(ms + londonOffset(ms));
  const [y, m, d] = addDaysYmd([wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()], n);
  return new Date(
    londonInstant(
      y,
      m,
      d,
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
    ),
  );
}

/** The instant the London day after `at`'s London day starts: the end (exclusive) of `at`'s London day. */
export function endOfLondonDay(at: DateInput): Date {
  return londonMidnightOf(addDaysIso(londonDayOf(at), 1));
}
