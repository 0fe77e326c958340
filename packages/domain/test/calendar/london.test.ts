import { describe, expect, it } from 'vitest';
import {
  addLondonMonths,
  endOfLondonDay,
  LONDON,
  londonDaysBetween,
  londonMidnightOf,
} from '../../src/calendar/london.ts';

describe('the London calendar', () => {
  it('is Europe/London', () => expect(LONDON).toBe('Europe/London'));

  it('London midnight of a date, in winter and summer', () => {
    expect(londonMidnightOf('2026-12-23')).toEqual(new Date('2026-12-23T00:00:00Z'));
    expect(londonMidnightOf('2026-07-01')).toEqual(new Date('2026-06-30T23:00:00Z'));
    expect(() => londonMidnightOf('2026-02-30')).toThrow(RangeError);
  });

  it('adds months keeping London midnight across clock changes, clamping to the month end', () => {
    expect(addLondonMonths(londonMidnightOf('2026-03-15'), 1)).toEqual(londonMidnightOf('2026-04-15'));
    expect(addLondonMonths(londonMidnightOf('2026-10-15'), 1)).toEqual(londonMidnightOf('2026-11-15'));
    expect(addLondonMonths(londonMidnightOf('2027-01-31'), 1)).toEqual(londonMidnightOf('2027-02-28'));
    expect(addLondonMonths(londonMidnightOf('2028-01-31'), 1)).toEqual(londonMidnightOf('2028-02-29'));
    expect(addLondonMonths(londonMidnightOf('2026-05-31'), -3)).toEqual(londonMidnightOf('2026-02-28'));
    expect(addLondonMonths(londonMidnightOf('2026-11-30'), 12)).toEqual(londonMidnightOf('2027-11-30'));
    // Wall-clock time is kept too: 09:15 BST on 10 Aug is 09:15 GMT on 10 Dec.
    expect(addLondonMonths(new Date('2026-08-10T08:15:00Z'), 4)).toEqual(new Date('2026-12-10T09:15:00Z'));
  });

  it('counts London days, not 24-hour spans', () => {
    expect(londonDaysBetween(londonMidnightOf('2026-03-28'), londonMidnightOf('2026-03-30'))).toBe(2);
    expect(londonDaysBetween(londonMidnightOf('2026-10-24'), londonMidnightOf('2026-10-26'))).toBe(2);
    expect(londonDaysBetween('2026-12-31', '2026-12-01')).toBe(-30);
    // 23:30 GMT on 31 Dec and 00:30 BST on 1 Jul: one London day each.
    expect(londonDaysBetween(new Date('2026-12-31T23:30:00Z'), '2027-01-01')).toBe(1);
    expect(londonDaysBetween('2026-06-30', new Date('2026-06-30T23:30:00Z'))).toBe(1);
  });

  it("the end of a London day is the next day's midnight", () => {
    expect(endOfLondonDay(new Date('2026-10-25T12:00:00Z'))).toEqual(new Date('2026-10-26T00:00:00Z'));
    expect(endOfLondonDay('2026-03-29')).toEqual(new Date('2026-03-29T23:00:00Z'));
  });
});
