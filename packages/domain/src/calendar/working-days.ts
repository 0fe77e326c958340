/**
 * Working days in England and Wales (ADR 342): Monday to Friday, bank holidays excepted, on the London
 * calendar. And the Direct Debit charge date (rule R8), the one place it is worked out.
 */
import { isBankHoliday } from './bank-holidays.ts';
import {
  addDaysIso,
  type DateInput,
  type IsoDate,
  londonDayOf,
  londonMidnightOf,
  weekdayOf,
} from './london.ts';

/** A working day: not a Saturday, a Sunday or an England and Wales bank holiday. Instants are read in London. */
export function isWorkingDay(day: DateInput): boolean {
  const iso = londonDayOf(day);
  const weekday = weekdayOf(iso);
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(iso);
}

/** The first working day strictly after the London day `day`. */
export function nextWorkingDay(day: DateInput): IsoDate {
  let iso = addDaysIso(londonDayOf(day), 1);
  while (!isWorkingDay(iso)) iso = addDaysIso(iso, 1);
  return iso;
}

/** The London day `day` itself when it is a working day, otherwise the next working day. */
export function workingDayOnOrAfter(day: DateInput): IsoDate {
  const iso = londonDayOf(day);
  return isWorkingDay(iso) ? iso : nextWorkingDay(iso);
}

/** The `n`-th working day after the London day `day` (n ≥ 0; 0 gives the day itself). */
export function addWorkingDaysIso(day: DateInput, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`addWorkingDays: n is a whole number ≥ 0: ${n}`);
  let iso = londonDayOf(day);
  for (let left = n; left > 0; left--) iso = nextWorkingDay(iso);
  return iso;
}

/** London midnight of the `n`-th working day after the London day of `at`. */
export function addWorkingDays(at: DateInput, n: number): Date {
  return londonMidnightOf(addWorkingDaysIso(at, n));
}

/** Bacs advance notice: a Direct Debit is charged at least this many working days after its notice. */
export const DD_NOTICE_WORKING_DAYS = 3;

/**
 * R8, the Direct Debit charge date (London midnight of that day): a working day at least
 * DD_NOTICE_WORKING_DAYS working days after the London day the advance notice is sent, and never before the
 * payment date; a payment date that is not a working day moves to the next working day. Every Direct Debit
 * charge — a statement's first collection, a re-presentation, what a notice or the web announces — asks this.
 */
export function directDebitChargeDate(o: { noticeSentAt: DateInput; paymentDate?: DateInput | null }): Date {
  const earliest = addWorkingDaysIso(o.noticeSentAt, DD_NOTICE_WORKING_DAYS);
  const payable = o.paymentDate == null ? earliest : workingDayOnOrAfter(o.paymentDate);
  if (payable > earliest) return londonMidnightOf(payable);
  return londonMidnightOf(earliest);
}
