import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import forecourt from '../../../config/brands/forecourt/brand.json' with { type: 'json' };
import {
  capProgress,
  type DatePart,
  datePartsFromIso,
  dateTimePartsFromIso,
  formatRegistration,
  isoDateFromParts,
  isoDateTimeFromParts,
  LONDON,
  matchRegistration,
  monthYearRange,
  normaliseDatePart,
  normalisePhone,
  normaliseWholeNumber,
  padDatePart,
  phoneNationalPart,
  stripToDigits,
  trimLeadingWhitespace,
  yearMonth,
} from '../src/input-format.ts';
import { REGISTRATION_FORMAT_SOURCES } from '../src/patterns.ts';

/** The brand's partial pattern and divider with the domain's registration formats (ADR 349). */
const plates = { ...forecourt.formats.vehicleRegistration, formats: REGISTRATION_FORMAT_SOURCES };

describe('trimLeadingWhitespace', () => {
  it.each([
    ['  Ann', 'Ann'],
    ['\t\nAnn ', 'Ann '],
    ['Mary Ann', 'Mary Ann'],
    ['   ', ''],
  ])('%j → %j', (input, out) => expect(trimLeadingWhitespace(input)).toBe(out));
  it('never starts with whitespace and keeps everything after the first visible character', () =>
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = trimLeadingWhitespace(s);
        expect(out).not.toMatch(/^\s/);
        expect(s.endsWith(out)).toBe(true);
        expect(trimLeadingWhitespace(out)).toBe(out);
      }),
    ));
});

describe('stripToDigits', () => {
  it('keeps only digits in order', () => {
    expect(stripToDigits('07700 900-123')).toBe('07700900123');
    fc.assert(fc.property(fc.string(), (s) => /^\d*$/.test(stripToDigits(s))));
  });
});

describe('date parts', () => {
  it('day and month keep digits only, at most 2', () => {
    expect(normaliseDatePart('1a2', 'day')).toBe('12');
    expect(normaliseDatePart('123', 'month')).toBe('12');
    expect(normaliseDatePart('x', 'day')).toBe('');
  });
  it('year keeps up to 4 digits and must start with 1 or 2', () => {
    expect(normaliseDatePart('19901', 'year')).toBe('1990');
    expect(normaliseDatePart('2a0', 'year')).toBe('20');
    expect(normaliseDatePart('3', 'year')).toBe('');
    expect(normaliseDatePart('0199', 'year')).toBe('');
  });
  it('properties: digits only, bounded length, a year starts with 1 or 2', () =>
    fc.assert(
      fc.property(fc.string(), fc.constantFrom<DatePart[]>('day', 'month', 'year'), (s, part) => {
        const out = normaliseDatePart(s, part);
        expect(out).toMatch(/^\d*$/);
        expect(out.length).toBeLessThanOrEqual(part === 'year' ? 4 : 2);
        if (part === 'year' && out) expect(out[0]).toMatch(/[12]/);
        expect(normaliseDatePart(out, part)).toBe(out);
      }),
    ));
  it('pads a single digit', () => {
    expect(padDatePart('3')).toBe('03');
    expect(padDatePart('12')).toBe('12');
    expect(padDatePart('')).toBe('');
    expect(padDatePart('0')).toBe('0');
  });
});

describe('isoDateFromParts', () => {
  it('emits a zero-padded ISO date once the year has 4 digits', () => {
    expect(isoDateFromParts({ day: '3', month: '7', year: '1985' })).toBe('1985-07-03');
    expect(isoDateFromParts({ day: '29', month: '02', year: '2000' })).toBe('2000-02-29');
  });
  it.each([
    { day: '3', month: '7', year: '198' },
    { day: '', month: '7', year: '1985' },
    { day: '3', month: '', year: '1985' },
    { day: '31', month: '02', year: '1985' },
    { day: '29', month: '02', year: '1900' },
    { day: '00', month: '01', year: '1985' },
    { day: '10', month: '13', year: '1985' },
  ])('is null for %j', (parts) => expect(isoDateFromParts(parts)).toBeNull());
  it('round-trips every real date', () =>
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const parts = datePartsFromIso(iso);
          expect(
            isoDateFromParts({ day: String(Number(parts.day)), month: parts.month, year: parts.year }),
          ).toBe(iso);
        },
      ),
    ));
});

describe('isoDateTimeFromParts', () => {
  it('gives UK local time with its offset (BST in summer, GMT in winter)', () => {
    expect(isoDateTimeFromParts({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 })).toBe(
      '2026-07-01T09:30:00+01:00',
    );
    expect(isoDateTimeFromParts({ year: 2026, month: 12, day: 24 })).toBe('2026-12-24T00:00:00+00:00');
  });
  it('is null when year, month or day is missing or the day does not exist', () => {
    expect(isoDateTimeFromParts({ month: 1, day: 1, hour: 1 })).toBeNull();
    expect(isoDateTimeFromParts({ year: 2026, day: 1 })).toBeNull();
    expect(isoDateTimeFromParts({ year: 2026, month: 1 })).toBeNull();
    expect(isoDateTimeFromParts({ year: 2026, month: 2, day: 31 })).toBeNull();
  });
  it('round-trips through its parts', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          // 01:xx on the last Sunday of March does not exist in London; skip that hour.
          fc.pre(hour !== 1);
          const iso = isoDateTimeFromParts({ year, month, day, hour, minute });
          expect(dateTimePartsFromIso(iso)).toEqual({ year, month, day, hour, minute });
        },
      ),
    ));
});

describe('normalisePhone', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['7700-900-123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['0044 (0)20 7946 0958', '+442079460958'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['(020) 7946 0958', '+442079460958'],
    ['007700', '+4407700'],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (input, out) => expect(normalisePhone(input, '+44')).toBe(out));
  it('is the prefix plus the digits less one leading 0 (unless given as 0044…)', () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 ()-]{1,15}$/), (input) => {
        fc.pre(!stripToDigits(input).startsWith('0044'));
        const national = stripToDigits(input).replace(/^0/, '');
        const out = normalisePhone(input, '+44');
        expect(out).toBe(national ? `+44${national}` : '');
        expect(phoneNationalPart(out, '+44')).toBe(national);
      }),
    ));
});

describe('normaliseWholeNumber', () => {
  it('strips non-digits, allows empty and rejects above max', () => {
    expect(normaliseWholeNumber('12,000')).toBe(12000);
    expect(normaliseWholeNumber('1.5')).toBe(15);
    expect(normaliseWholeNumber('')).toBeNull();
    expect(normaliseWholeNumber('1001', 1000)).toBeUndefined();
    expect(normaliseWholeNumber('1000', 1000)).toBe(1000);
  });
  it('never returns more than max', () =>
    fc.assert(
      fc.property(fc.string(), fc.nat(100000), (s, max) => {
        const out = normaliseWholeNumber(s, max);
        if (typeof out === 'number') {
          expect(Number.isInteger(out)).toBe(true);
          expect(out).toBeLessThanOrEqual(max);
        }
      }),
    ));
});

describe('formatRegistration with the forecourt brand formats', () => {
  it('Northern Ireland marks are full matches too (issue 27 §4)', () => {
    expect(matchRegistration('daz1234', plates)).toEqual({ value: 'DAZ 1234', complete: true });
    expect(matchRegistration('aiz1234', plates)).toEqual({ value: 'AIZ 1234', complete: true });
    expect(matchRegistration('q123abc', plates).complete).toBe(false);
  });
  it.each([
    ['ab12cde', 'AB12 CDE'],
    ['AB12-CDE', 'AB12 CDE'],
    [' a b 1 2 c d e ', 'AB12 CDE'],
    ['a123bcd', 'A123 BCD'],
    ['abc123d', 'ABC 123D'],
    ['ab1234', 'AB 1234'],
    ['1234ab', '1234 AB'],
  ])('full: %j → %j', (input, out) =>
    expect(matchRegistration(input, plates)).toEqual({ value: out, complete: true }),
  );
  it.each([
    ['a', 'A'],
    ['ab', 'AB'],
    ['ab12c', 'AB12 C'],
    ['ab12cd', 'AB12 CD'],
  ])('partial: %j → %j', (input, out) =>
    expect(matchRegistration(input, plates)).toEqual({ value: out, complete: false }),
  );
  it('a short letters-then-digits plate is a full dateless match (AB 1), as the brand formats say', () =>
    expect(matchRegistration('ab1', plates)).toEqual({ value: 'AB 1', complete: true }));
  it('upper-cases unformattable text, without spaces or hyphens, at most 7 characters', () => {
    expect(formatRegistration('q-q-q-q', plates)).toBe('QQQQ');
    expect(formatRegistration('ab12cdefg', plates)).toBe('AB12 CDE');
  });
  it('takes the longest full match when several formats match', () => {
    const cfg = {
      formats: ['^([A-Z])([A-Z])', '^([A-Z]{2})([0-9]{2})([A-Z]*)$'],
      incomplete: '^(.*)$',
      divider: '-',
    };
    expect(formatRegistration('ab12cd', cfg)).toBe('AB-12-CD');
  });
  it('every current-style plate is formatted AA00 AAA, whatever spaces, hyphens and case were typed', () => {
    const pick = (chars: string) => fc.constantFrom(...chars.split(''));
    const plate = fc.tuple(
      pick('ABCDEFGHJKLMNOPRSTUVWXY'),
      pick('ABCDEFGHJKLMNPRSTUVWXY'),
      pick('0123456789'),
      pick('0123456789'),
      fc.array(pick('ABCDEFGHJKLMNPRSTUVWXYZ'), { minLength: 3, maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        plate,
        fc.array(fc.constantFrom(' ', '-', ''), { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        (p, seps, lower) => {
          const chars = [p[0], p[1], p[2], p[3], ...p[4]];
          const typed = chars.map((c, i) => c + seps[i]).join('');
          const out = formatRegistration(lower ? typed.toLowerCase() : typed, plates);
          expect(out).toBe(`${chars.slice(0, 4).join('')} ${chars.slice(4).join('')}`);
        },
      ),
    );
  });
  it('output never contains hyphens or lower case and is idempotent', () =>
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9 -]{0,10}$/), (s) => {
        const out = formatRegistration(s, plates);
        expect(out).not.toMatch(/[a-z-]/);
        expect(formatRegistration(out, plates)).toBe(out);
      }),
    ));
});

describe('capProgress', () => {
  it.each([
    [0.5, 0.5],
    [1, 1],
    [1.7, 1],
    [-1, 0],
    [Number.NaN, 0],
  ])('%d → %d', (v, out) => expect(capProgress(v)).toBe(out));
  it('is always within 0..1', () => fc.assert(fc.property(fc.double(), (v) => capProgress(v) >= 0)));
  it('never exceeds 1', () => fc.assert(fc.property(fc.double(), (v) => capProgress(v) <= 1)));
});

describe('monthYearRange', () => {
  it('allows up to the current month plus months ahead in the latest year', () => {
    const r = monthYearRange({ today: new Date('2026-11-21T10:00:00Z'), monthsAhead: 1, minYear: 2024 });
    expect(r.years).toEqual([2026, 2025, 2024]);
    expect(r.monthsIn(2026)).toBe(12);
    expect(r.monthsIn(2025)).toBe(12);
    const late = monthYearRange({ today: new Date('2026-12-05T10:00:00Z'), monthsAhead: 1, minYear: 2026 });
    expect(late.years).toEqual([2027, 2026]);
    expect(late.monthsIn(2027)).toBe(1);
    const none = monthYearRange({ today: new Date('2026-03-31T23:30:00Z'), monthsAhead: 0, minYear: 2026 });
    expect(none.monthsIn(2026)).toBe(4); // 00:30 on 1 April in London
  });
  it('formats yyyy-MM', () => expect(yearMonth(2026, 3)).toBe('2026-03'));
});

describe('London wall-clock parts without TZDate (issue 15) agree with @date-fns/tz', () => {
  it('for any day and time, clock changes included', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2060 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 14 }),
        (year, month, day, hour, minute, ahead) => {
          const london = new TZDate(year, month - 1, day, hour, minute, 0, LONDON);
          expect(isoDateTimeFromParts({ year, month, day, hour, minute })).toBe(
            format(london, "yyyy-MM-dd'T'HH:mm:ssxxx"),
          );
          const latest = addMonths(new TZDate(london.getTime(), LONDON), ahead);
          const range = monthYearRange({
            today: new Date(london.getTime()),
            monthsAhead: ahead,
            minYear: 1980,
          });
          expect([range.latestYear, range.latestMonth]).toEqual([
            latest.getFullYear(),
            latest.getMonth() + 1,
          ]);
        },
      ),
      { numRuns: 1000 },
    ));
  it('on the last Sundays of March and October', () => {
    expect(isoDateTimeFromParts({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 })).toBe(
      format(new TZDate(2026, 2, 29, 1, 30, 0, LONDON), "yyyy-MM-dd'T'HH:mm:ssxxx"),
    );
    expect(isoDateTimeFromParts({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 })).toBe(
      format(new TZDate(2026, 9, 25, 1, 30, 0, LONDON), "yyyy-MM-dd'T'HH:mm:ssxxx"),
    );
  });
});
