import { describe, expect, it } from 'vitest';
import { bankHolidaysOf, isBankHoliday } from '../../src/calendar/bank-holidays.ts';
import { addDaysIso, londonInstant, londonMidnightOf, weekdayOf } from '../../src/calendar/london.ts';
import {
  addWorkingDays,
  addWorkingDaysIso,
  DD_NOTICE_WORKING_DAYS,
  directDebitChargeDate,
  isWorkingDay,
  nextWorkingDay,
  workingDayOnOrAfter,
} from '../../src/calendar/working-days.ts';
import { londonDate } from '../../src/dates.ts';

/**
 * The independent check (ADR 342): England and Wales bank holidays 2026–2028 as published on GOV.UK
 * (substitute days included), written out by hand, not read from the library. 1 Jan 2029 too: a notice
 * given at the end of 2028 counts its working days into 2029.
 */
// biome-ignore format: one year a line
const OFFICIAL = new Set([
  '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
  '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
  '2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26',
  '2029-01-01',
]);

/** The oracle's working day: weekday by UTC arithmetic, holidays from the list above. */
const working = (iso: string) => {
  const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !OFFICIAL.has(iso);
};
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** Working days strictly after `from` up to and including `to`, by the oracle. */
const workingDaysAfter = (from: string, to: string) => {
  let n = 0;
  for (let d = nextDay(from); d <= to; d = nextDay(d)) if (working(d)) n++;
  return n;
};

const DAYS_2026_2028: string[] = [];
for (let d = '2026-01-01'; d <= '2028-12-31'; d = nextDay(d)) DAYS_2026_2028.push(d);

describe('England and Wales bank holidays', () => {
  it('the library gives the official 2026–2028 weekday holidays, no more and no fewer', () => {
    for (const year of [2026, 2027, 2028]) {
      const weekdays = [...bankHolidaysOf(year)].filter((d) => weekdayOf(d) !== 0 && weekdayOf(d) !== 6);
      expect(weekdays.sort(), String(year)).toEqual(
        [...OFFICIAL].filter((d) => d.startsWith(`${year}`)).sort(),
      );
    }
    expect(isBankHoliday('2026-12-28')).toBe(true); // Boxing Day's substitute (26th is a Saturday)
    expect(isBankHoliday('2026-12-29')).toBe(false);
  });

  it('a working day is a weekday that is not a bank holiday, on the London calendar', () => {
    expect(DAYS_2026_2028).toHaveLength(1096);
    for (const d of DAYS_2026_2028) expect(isWorkingDay(d), d).toBe(working(d));
    // 23:30 London on Thu 24 Dec 2026 is still the 24th (GMT); 23:30 on Fri 3 Apr 2026 (BST) is the 3rd.
    expect(isWorkingDay(new Date('2026-12-24T23:30:00Z'))).toBe(true);
    expect(isWorkingDay(new Date('2026-04-02T23:30:00Z'))).toBe(false);
  });

  it('next working day, the day itself or the next, and n working days on', () => {
    expect(nextWorkingDay('2026-12-24')).toBe('2026-12-29');
    expect(workingDayOnOrAfter('2026-12-24')).toBe('2026-12-24');
    expect(workingDayOnOrAfter('2026-12-25')).toBe('2026-12-29');
    expect(addWorkingDaysIso('2026-12-23', 3)).toBe('2026-12-30');
    expect(addWorkingDaysIso('2026-12-23', 0)).toBe('2026-12-23');
    expect(addWorkingDays(new Date('2027-03-28T06:00:00Z'), 3)).toEqual(londonMidnightOf('2027-04-01'));
    expect(() => addWorkingDaysIso('2026-12-23', -1)).toThrow(RangeError);
  });
});

describe('the Direct Debit charge date (R8)', () => {
  it('a statement raised on Wed 23 Dec 2026 is charged Wed 30 Dec, not on the 28th (a bank holiday)', () => {
    const charge = directDebitChargeDate({
      noticeSentAt: new Date('2026-12-23T06:00:00Z'),
      paymentDate: londonMidnightOf('2026-12-23'),
    });
    expect(charge).toEqual(new Date('2026-12-30T00:00:00Z'));
  });

  it('every day of 2026–2028: a working day, at least 3 working days after the notice, the earliest such', () => {
    expect(DD_NOTICE_WORKING_DAYS).toBe(3);
    for (const day of DAYS_2026_2028) {
      // The notice at 00:30 and at 23:30 London time, the payment date that day.
      for (const [hour, minute] of [
        [0, 30],
        [23, 30],
      ] as const) {
        const [y, m, d] = day.split('-').map(Number) as [number, number, number];
        const noticeSentAt = new Date(londonInstant(y, m, d, hour, minute));
        const charge = directDebitChargeDate({ noticeSentAt, paymentDate: londonMidnightOf(day) });
        const c = londonDate(charge);
        expect(charge, day).toEqual(londonMidnightOf(c));
        expect(working(c), `${day}: ${c}`).toBe(true);
        expect(workingDaysAfter(day, c), `${day}: ${c}`).toBe(3); // exactly 3: the earliest allowed
      }
    }
  });

  it('never before the payment date; a payment date that is not a working day moves to the next working day', () => {
    for (const day of DAYS_2026_2028) {
      for (const ahead of [0, 2, 5, 9]) {
        const payment = addDaysIso(day, ahead);
        const c = londonDate(
          directDebitChargeDate({
            noticeSentAt: londonMidnightOf(day),
            paymentDate: londonMidnightOf(payment),
          }),
        );
        expect(working(c), `${day}+${ahead}: ${c}`).toBe(true);
        expect(c >= payment, `${day}+${ahead}: ${c}`).toBe(true);
        expect(workingDaysAfter(day, c) >= 3, `${day}+${ahead}: ${c}`).toBe(true);
        // The earliest: the day before the charge fails one of the rules.
        const before = addDaysIso(c, -1);
        expect(
          !working(before) || before < payment || workingDaysAfter(day, before) < 3,
          `${day}+${ahead}`,
        ).toBe(true);
      }
    }
    // Payment on Good Friday 2027 (26 Mar), notice long before: Tue 30 Mar (Easter Monday is the 29th).
    expect(
      londonDate(
        directDebitChargeDate({ noticeSentAt: new Date('2027-03-01T09:00:00Z'), paymentDate: '2027-03-26' }),
      ),
    ).toBe('2027-03-30');
  });

  it('without a payment date (a re-presentation), the notice alone decides', () => {
    expect(londonDate(directDebitChargeDate({ noticeSentAt: '2028-12-28T10:00:00Z' }))).toBe('2029-01-03');
  });
});
