/**
 * Pure rules of the input widgets (spec 1 §3.4, §5.1). No React: the web kit calls these on every keystroke.
 */

// London wall-clock time comes from dates.ts (Intl, not TZDate: this module is in home's bundle, issue 15).
import { londonInstant, wallClock } from './dates.ts';

export { LONDON } from './dates.ts';

const two = (n: number) => String(n).padStart(2, '0');

export const trimLeadingWhitespace = (value: string): string => value.replace(/^\s+/, '');

export const stripToDigits = (value: string): string => value.replace(/\D/g, '');

export type DatePart = 'day' | 'month' | 'year';

/**
 * What a day/month/year box keeps of what was typed: digits only, at most 2 (day, month) or 4 (year)
 * characters; a year must start with 1 or 2, so a year beginning with any other digit is dropped.
 */
export function normaliseDatePart(value: string, part: DatePart): string {
  const digits = stripToDigits(value);
  if (part !== 'year') return digits.slice(0, 2);
  if (digits !== '' && digits[0] !== '1' && digits[0] !== '2') return '';
  return digits.slice(0, 4);
}

/** '3' → '03' (on leaving a day or month box); '' and '0' stay as they are. */
export const padDatePart = (value: string): string => (/^[1-9]$/.test(value) ? `0${value}` : value);

const pad2 = (value: string) => value.padStart(2, '0');

function realDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export type DateParts = { day: string; month: string; year: string };

/**
 * The ISO date (yyyy-MM-dd) of day/month/year boxes, zero-padding day and month — or null while the year has
 * fewer than 4 digits, a part is missing, or the parts name no real day (31 February).
 */
export function isoDateFromParts({ day, month, year }: DateParts): string | null {
  if (!/^[12]\d{3}$/.test(year) || !/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month)) return null;
  if (!realDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The boxes of an ISO date, for showing a stored value ('' parts when there is none). */
export function datePartsFromIso(iso: string | null | undefined): DateParts {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? { year: m[1]!, month: m[2]!, day: m[3]! } : { day: '', month: '', year: '' };
}

export type DateTimeParts = { year?: number; month?: number; day?: number; hour?: number; minute?: number };

/**
 * The ISO date-time of a date-time picker, as UK local time with its offset ('2026-07-01T09:30:00+01:00'),
 * or null when the year, month or day is missing or the day does not exist. Hour and minute default to 0.
 */
export function isoDateTimeFromParts({
  year,
  month,
  day,
  hour = 0,
  minute = 0,
}: DateTimeParts): string | null {
  if (year === undefined || month === undefined || day === undefined) return null;
  if (!realDate(year, month, day) || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  const at = londonInstant(year, month, day, hour, minute);
  const p = wallClock(at);
  const offset = (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - at) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:00${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/** The picker parts of an ISO date-time, read in UK local time. */
export function dateTimePartsFromIso(iso: string | null | undefined): DateTimeParts {
  if (!iso) return {};
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return {};
  const { year, month, day, hour, minute } = wallClock(ms);
  return { year, month, day, hour, minute };
}

/**
 * Phone input (spec 1 §5.1): strips non-digits, drops one leading 0 and prepends the international code.
 * A number typed with the code already, in the '+44 7700…' or '0044 7700…' form, is not prefixed twice.
 * Empty input gives ''.
 */
export function normalisePhone(input: string, prefix: string): string {
  const code = stripToDigits(prefix);
  let digits = stripToDigits(input);
  if (input.trim().startsWith('+') && code && digits.startsWith(code)) digits = digits.slice(code.length);
  else if (code && digits.startsWith(`00${code}`)) digits = digits.slice(code.length + 2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits === '' ? '' : `+${code}${digits}`;
}

/** The national part of a stored phone value, for the box beside the fixed prefix. */
export function phoneNationalPart(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : stripToDigits(value);
}

/**
 * Number input: keeps digits only (whole numbers); '' gives null. Returns undefined — reject the keystroke —
 * when the number would exceed max.
 */
export function normaliseWholeNumber(input: string, max?: number): number | null | undefined {
  const digits = stripToDigits(input);
  if (digits === '') return null;
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || (max !== undefined && value > max)) return undefined;
  return value;
}

export type RegistrationFormats = { formats: readonly string[]; incomplete: string; divider: string };
export type RegistrationMatch = { value: string; complete: boolean };

/** UK registrations have at most 7 characters. */
export const REGISTRATION_MAX_LENGTH = 7;

const groupsOf = (m: RegExpExecArray) => m.slice(1).filter((g): g is string => Boolean(g));

/**
 * Licence plate (spec 1 §5.1): removes spaces and hyphens and upper-cases; the longest full match of the
 * configured formats is shown with its capture groups joined by the divider ('ab12cde' → 'AB12 CDE'); failing
 * that the incomplete pattern formats a partial plate ('ab12c' → 'AB12 C'); otherwise the cleaned text.
 */
export function matchRegistration(input: string, cfg: RegistrationFormats): RegistrationMatch {
  const clean = input.replace(/[\s-]/g, '').toUpperCase().slice(0, REGISTRATION_MAX_LENGTH);
  let best: RegExpExecArray | null = null;
  for (const pattern of cfg.formats) {
    const m = new RegExp(pattern).exec(clean);
    if (m && (!best || m[0].length > best[0].length)) best = m;
  }
  if (best) return { value: groupsOf(best).join(cfg.divider), complete: true };
  const partial = new RegExp(cfg.incomplete).exec(clean);
  if (partial) return { value: groupsOf(partial).join(cfg.divider), complete: false };
  return { value: clean, complete: false };
}

export const formatRegistration = (input: string, cfg: RegistrationFormats): string =>
  matchRegistration(input, cfg).value;

/** Progress is a fraction between 0 and 1; anything above is capped at 1 (spec 1 §4), below or NaN is 0. */
export const capProgress = (value: number): number =>
  Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value));

export type MonthYearLimits = { today: Date; monthsAhead: number; minYear: number };

/**
 * Month-year picker (spec 1 §5.1): the latest selectable month is the current month plus monthsAhead (UK time);
 * years run from the latest year down to minYear; in the latest year only months up to that month are offered.
 */
export function monthYearRange({ today, monthsAhead, minYear }: MonthYearLimits) {
  const now = wallClock(today.getTime());
  const total = now.year * 12 + (now.month - 1) + monthsAhead;
  const latestYear = Math.floor(total / 12);
  const latestMonth = total - latestYear * 12 + 1;
  const years: number[] = [];
  for (let y = latestYear; y >= minYear; y--) years.push(y);
  const monthsIn = (year: number) => (year === latestYear ? latestMonth : year > latestYear ? 0 : 12);
  return { years, latestYear, latestMonth, monthsIn };
}

/** 'yyyy-MM' of a year and month (1-12). */
export const yearMonth = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;
