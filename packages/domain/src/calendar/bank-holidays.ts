/**
 * England and Wales bank holidays (ADR 342), from the `date-holidays` library (`GB`/`ENG`, type `public`:
 * the proclaimed days with their substitute days). Kept out of calendar/london.ts and dates.ts: the library
 * carries every country's rules, and those modules reach the web's bundles. Checked against the official
 * 2026–2028 list in test/calendar/working-days.test.ts.
 */
import Holidays from 'date-holidays';
import type { IsoDate } from './london.ts';

let englandAndWales: Holidays | undefined;
const years = new Map<number, ReadonlySet<IsoDate>>();

/** The England and Wales bank holidays of a year, as London calendar dates (memoised per year). */
export function bankHolidaysOf(year: number): ReadonlySet<IsoDate> {
  let days = years.get(year);
  if (!days) {
    englandAndWales ??= new Holidays('GB', 'ENG');
    days = new Set(
      englandAndWales
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    years.set(year, days);
  }
  return days;
}

/** True when the calendar date is an England and Wales bank holiday (a substitute day included). */
export function isBankHoliday(day: IsoDate): boolean {
  return bankHolidaysOf(Number(day.slice(0, 4))).has(day);
}
