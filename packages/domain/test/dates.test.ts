import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  addYears,
  differenceInCalendarDays,
  format,
  isMatch,
  parse,
  startOfDay,
} from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addYearsIso,
  ageOn,
  daysBetweenLondon,
  formatLondon,
  isIsoDate,
  isWithinLastYears,
  LONDON,
  policyStartFor,
  shiftIso,
  startOfDayLondon,
  todayInLondon,
  wallClock,
  yearsBetween,
} from '../src/dates.ts';

describe('London calendar', () => {
  it('is Europe/London', () => expect(LONDON).toBe('Europe/London'));
  it('today follows London, not UTC: 23:30 UTC in summer is already tomorrow', () => {
    expect(todayInLondon(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayInLondon(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
  it('start of day is London midnight across both DST changes', () => {
    expect(startOfDayLondon('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDayLondon('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(startOfDayLondon('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z'); // clocks go forward at 01:00
    expect(startOfDayLondon('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z'); // clocks go back at 02:00
    expect(startOfDayLondon(new Date('2026-10-25T22:00:00Z')).toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });
  it('formats London wall-clock time', () => {
    expect(formatLondon(new Date('2026-06-30T23:30:00Z'), 'd MMM yyyy HH:mm')).toBe('1 Jul 2026 00:30');
    expect(formatLondon('2026-11-21T10:05:00Z', 'HH:mm')).toBe('10:05');
    expect(() => formatLondon('not a date', 'HH:mm')).toThrow(RangeError);
  });
  it('validates ISO calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-2-3')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
  });
  it('adds years and days to calendar dates; 29 Feb clamps to 28 Feb', () => {
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsIso('2026-11-21', -5)).toBe('2021-11-21');
    expect(addDaysIso('2026-10-24', 2)).toBe('2026-10-26');
    expect(() => addYearsIso('2026-02-30', 1)).toThrow(RangeError);
  });
  it('counts calendar days in London, a DST week is still 7 days', () => {
    expect(daysBetweenLondon('2026-10-22', '2026-10-29')).toBe(7);
    expect(daysBetweenLondon(new Date('2026-06-30T22:30:00Z'), new Date('2026-06-30T23:30:00Z'))).toBe(1);
    expect(daysBetweenLondon('2026-10-29', '2026-10-22')).toBe(-7);
  });
  it('property: addYearsIso then back returns the same date except 29 Feb', () => {
    const day = fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.integer({ min: -100, max: 100 }), (d, n) => {
        const iso = d.toISOString().slice(0, 10);
        fc.pre(!iso.endsWith('02-29'));
        expect(addYearsIso(addYearsIso(iso, n), -n)).toBe(iso);
        expect(yearsBetween(iso, addYearsIso(iso, n))).toBe(n);
      }),
    );
  });
});

describe('ages', () => {
  it('counts whole years, the birthday itself counts', () => {
    expect(ageOn('2000-11-21', '2026-11-21')).toBe(26);
    expect(ageOn('2000-11-22', '2026-11-21')).toBe(25);
    expect(ageOn('2000-11-21', new Date('2026-11-20T23:30:00Z'))).toBe(25); // still 20 Nov in London
  });
  it('a leap-day birthday is reached on 1 March in other years', () => {
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2025-03-01')).toBe(17);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });
  it('yearsBetween is signed', () => {
    expect(yearsBetween('2026-01-01', '2020-06-01')).toBe(-5);
  });
});

describe('isWithinLastYears', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('accepts today and exactly N years ago, rejects older and future dates', () => {
    expect(isWithinLastYears('2026-11-21', 5, now)).toBe(true);
    expect(isWithinLastYears('2021-11-21', 5, now)).toBe(true);
    expect(isWithinLastYears('2021-11-20', 5, now)).toBe(false);
    expect(isWithinLastYears('2026-11-22', 5, now)).toBe(false);
  });
});

describe('policyStartFor (spec 3 §4 Start date)', () => {
  const now = new Date('2026-07-10T14:20:00Z');
  it('today starts now', () => {
    expect(policyStartFor('2026-07-10', now)).toEqual({ startAt: now, immediate: true });
  });
  it('a later day starts at 00:00 London (BST = 23:00 UTC the day before)', () => {
    expect(policyStartFor('2026-07-11', now)?.startAt.toISOString()).toBe('2026-07-10T23:00:00.000Z');
    expect(policyStartFor('2026-12-01', now)?.startAt.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(policyStartFor('2026-12-01', now)?.immediate).toBe(false);
  });
  it('a past or invalid date gives null', () => {
    expect(policyStartFor('2026-07-09', now)).toBeNull();
    expect(policyStartFor('2026-02-30', now)).toBeNull();
  });
  it('just after London midnight in summer, "today" is the London date', () => {
    const early = new Date('2026-07-10T23:15:00Z'); // 00:15 on 11 July in London
    expect(policyStartFor('2026-07-11', early)?.immediate).toBe(true);
    expect(policyStartFor('2026-07-10', early)).toBeNull();
  });
});

describe('calendar arithmetic agrees with date-fns (the fast path of issue 15)', () => {
  const utc = (iso: string) => new TZDate(parse(iso, 'yyyy-MM-dd', new TZDate(0, 'UTC')), 'UTC');
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  const day = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('validates exactly the dates date-fns accepts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          expect(isIsoDate(s)).toBe(isMatch(s, 'yyyy-MM-dd'));
        },
      ),
      { numRuns: 300 },
    );
  });
  it('moves dates by years, months and days as date-fns does, clamping to the month end', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: -130, max: 130 }),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: -400, max: 400 }),
        (from, y, m, d) => {
          expect(addYearsIso(from, y)).toBe(iso(addYears(utc(from), y)));
          expect(addDaysIso(from, d)).toBe(iso(addDays(utc(from), d)));
          const sign = y < 0 ? '-' : '';
          const duration = `${sign}P${Math.abs(y)}Y${Math.abs(m)}M${Math.abs(d)}D`;
          const k = y < 0 ? -1 : 1;
          expect(shiftIso(from, duration)).toBe(
            iso(addDays(addMonths(addYears(utc(from), k * Math.abs(y)), k * Math.abs(m)), k * Math.abs(d))),
          );
          const to = iso(addDays(utc(from), d));
          expect(daysBetweenLondon(from, to)).toBe(differenceInCalendarDays(utc(to), utc(from)));
        },
      ),
      { numRuns: 300 },
    );
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
    expect(shiftIso('2024-03-31', '-P1M')).toBe('2024-02-29');
  });
  it('reads the London day of any instant as TZDate does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(todayInLondon(new Date(ms))).toBe(format(new TZDate(ms, LONDON), 'yyyy-MM-dd'));
      }),
      { numRuns: 1000 },
    );
  });
  it('reads the London day as TZDate does every minute around midnight on the days the clocks change', () => {
    // London's midnight is 23:00 UTC the day before in summer; the offset is memoised per UTC hour.
    for (const midnight of [
      Date.UTC(2026, 2, 29, 0),
      Date.UTC(2026, 2, 29, 23),
      Date.UTC(2026, 9, 24, 23),
      Date.UTC(2026, 9, 26, 0),
    ])
      for (let ms = midnight - 2 * 3_600_000; ms <= midnight + 2 * 3_600_000; ms += 60_000 - 1)
        expect(todayInLondon(new Date(ms))).toBe(format(new TZDate(ms, LONDON), 'yyyy-MM-dd'));
  });
});

describe('London wall-clock formatting without TZDate (issue 15) agrees with date-fns and @date-fns/tz', () => {
  const patterns = [
    'd MMMM yyyy',
    "HH:mm 'on' EEEE d MMMM yyyy",
    'd MMMM yyyy, HH:mm',
    "HH:mm 'on' d MMMM yyyy",
    'd MMM yyyy HH:mm',
    'dd/MM/yyyy H:mm:ss EEE',
  ];
  it('for any instant and every pattern the app uses', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        for (const p of patterns)
          expect(formatLondon(new Date(ms), p)).toBe(format(new TZDate(ms, LONDON), p));
        const startOf = new Date(startOfDay(new TZDate(ms, LONDON)).getTime());
        expect(startOfDayLondon(new Date(ms)).toISOString()).toBe(startOf.toISOString());
        const day = format(new TZDate(ms, LONDON), 'yyyy-MM-dd');
        expect(startOfDayLondon(day).toISOString()).toBe(startOf.toISOString());
      }),
      { numRuns: 500 },
    );
  });
  it('refuses a token it does not know', () =>
    expect(() => formatLondon(new Date(), 'QQQ')).toThrow(RangeError));
});

describe('wallClock (memoised per UTC hour)', () => {
  // The oracle is date-fns's TZDate (the IANA rules through another path), not the code's own Intl formatter.
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const reading = (ms: number) => {
    const d = new TZDate(ms, LONDON);
    return [
      d.getFullYear(),
      d.getMonth() + 1,
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
      d.getSeconds(),
      WEEKDAYS[d.getDay()],
    ];
  };
  const of = (ms: number) => {
    const w = wallClock(ms);
    return [w.year, w.month, w.day, w.hour, w.minute, w.second, w.weekday];
  };
  it('reads what TZDate reads, every minute around the clock changes of 2026', () => {
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)])
      for (let ms = change - 3 * 3_600_000; ms <= change + 3 * 3_600_000; ms += 60_000 - 1)
        expect(of(ms)).toEqual(reading(ms));
  });
  it('reads what TZDate reads at any instant from 1970 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(of(ms)).toEqual(reading(ms));
      }),
      { numRuns: 2000 },
    );
  });
});
