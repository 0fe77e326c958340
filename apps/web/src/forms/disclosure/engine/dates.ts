import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears, format, isValid, parseISO } from 'date-fns';

const LONDON = 'Europe/London';

/** Today's date in Europe/London as yyyy-MM-dd. */
export function todayIso(now: Date): string {
  return format(new TZDate(now.getTime(), LONDON), 'yyyy-MM-dd');
}

/** A date plus an ISO-8601 duration of years, months and days (e.g. "-P125Y", "P30D"), as yyyy-MM-dd. */
export function shiftIso(isoDate: string, duration: string): string {
  const m = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?$/.exec(duration);
  if (!m) throw new Error(`Unsupported duration "${duration}"`);
  const sign = m[1] ? -1 : 1;
  let d = parseISO(isoDate);
  d = addYears(d, sign * Number(m[2] ?? 0));
  d = addMonths(d, sign * Number(m[3] ?? 0));
  d = addDays(d, sign * Number(m[4] ?? 0));
  return format(d, 'yyyy-MM-dd');
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));
}

export function isYearMonth(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The next `days` dates from today plus `daysInFuture` (the vehicle-style date picker, spec 1 §5.1). */
export function startDateChoices(now: Date, daysInFuture: number, days: number): string[] {
  const first = shiftIso(todayIso(now), `P${daysInFuture}D`);
  return Array.from({ length: days }, (_, i) => shiftIso(first, `P${i}D`));
}
