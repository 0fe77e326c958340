import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  instalmentFor,
  isPaymentDay,
  journalPartInEffect,
  londonDays,
  nextPaymentDate,
  PAYMENT_DAY_OPTIONS,
  partInEffect,
  paymentDateOnOrAfter,
  paymentDayFor,
  periodPartsByDay,
  pricesInEffect,
  proRata,
  proRataPartsByDay,
  transitionalDivisor,
} from '../../src/billing/schedule.ts';

const iso = (d: Date) => d.toISOString();

describe('the billing calendar', () => {
  it('payment day is the start day, at most the 28th; options 1 to 29 with 29 refused', () => {
    expect(paymentDayFor(new Date('2026-11-24T14:30:00Z'))).toBe(24);
    expect(paymentDayFor(new Date('2027-01-31T10:00:00Z'))).toBe(28);
    // 23:30 UTC on 30 June is 1 July in London (BST).
    expect(paymentDayFor(new Date('2027-06-30T23:30:00Z'))).toBe(1);
    expect(PAYMENT_DAY_OPTIONS).toHaveLength(29);
    expect(isPaymentDay(28)).toBe(true);
    expect(isPaymentDay(29)).toBe(false);
    expect(isPaymentDay(0)).toBe(false);
    expect(isPaymentDay(2.5)).toBe(false);
  });

  it('payment dates are London midnights, across BST changes and the leap day', () => {
    expect(iso(nextPaymentDate(new Date('2026-11-24T14:30:00Z'), 24))).toBe('2026-12-24T00:00:00.000Z');
    expect(iso(nextPaymentDate(new Date('2027-03-28T00:00:00Z'), 28))).toBe('2027-04-27T23:00:00.000Z');
    expect(iso(nextPaymentDate(new Date('2027-10-27T23:00:00Z'), 28))).toBe('2027-11-28T00:00:00.000Z');
    expect(iso(nextPaymentDate(new Date('2028-01-31T12:00:00Z'), 28))).toBe('2028-02-28T00:00:00.000Z');
    expect(iso(paymentDateOnOrAfter(new Date('2026-12-24T00:00:00Z'), 3))).toBe('2027-01-03T00:00:00.000Z');
    expect(iso(paymentDateOnOrAfter(new Date('2026-12-24T00:00:00Z'), 24))).toBe('2026-12-24T00:00:00.000Z');
    expect(iso(paymentDateOnOrAfter(new Date('2026-12-24T00:00:00Z'), 28))).toBe('2026-12-28T00:00:00.000Z');
  });

  it('a chain of payment dates is one calendar month apart and never skips or repeats a month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.date({ min: new Date('2024-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (day, start) => {
          let at = paymentDateOnOrAfter(start, day);
          for (let i = 0; i < 14; i++) {
            const next = nextPaymentDate(at, day);
            const days = londonDays(at, next);
            expect(days).toBeGreaterThanOrEqual(28);
            expect(days).toBeLessThanOrEqual(31);
            expect(
              new Date(next).toLocaleString('en-GB', {
                timeZone: 'Europe/London',
                hour: '2-digit',
                day: 'numeric',
                hour12: false,
              }),
            ).toBe(`${day}, 00`);
            at = next;
          }
        },
      ),
    );
  });

  it('pro-rata days are whole pence, nothing for no days, the full month for a month', () => {
    const from = new Date('2026-12-24T00:00:00Z');
    expect(proRata(6150, from, new Date('2027-01-03T00:00:00Z'))).toBe(Math.floor((6150 * 10) / 31));
    expect(proRata(6150, from, from)).toBe(0);
    expect(proRata(6150, from, new Date('2027-01-24T00:00:00Z'))).toBe(6150);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 31 }),
        (monthly, days) => {
          const to = new Date(from.getTime() + days * 86_400_000);
          const p = proRata(monthly, from, to);
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeLessThanOrEqual(monthly);
        },
      ),
    );
  });

  it('instalments: free months, the first paid month, then the regular month for ever', () => {
    const plan = { first: 6160, regular: 6150, freeMonths: 1 };
    expect([1, 2, 3, 13, 14].map((m) => instalmentFor(m, plan))).toEqual([0, 6160, 6150, 6150, 6150]);
    expect(instalmentFor(1, { ...plan, freeMonths: 0 })).toBe(6160);
  });
});

describe('proRataPartsByDay (ADR 368)', () => {
  const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000));
  it('with one price is proRata, to the penny, in one part spanning the period', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 500_000 }),
        (at, pd, monthly) => {
          const from = paymentDateOnOrAfter(at, ((pd + 13) % 28) + 1);
          const to = paymentDateOnOrAfter(from, pd);
          const parts = proRataPartsByDay([{ from: new Date(0), instalment: monthly }], from, to);
          expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(proRata(monthly, from, to));
          if (parts.length > 0) expect([parts[0]!.start, parts.at(-1)!.end]).toEqual([from, to]);
        },
      ),
    );
  });

  it('with a price change inside: each side at its own price, never more than the days at the higher one', () => {
    const from = new Date('2026-11-28T00:00:00Z');
    const to = new Date('2026-12-05T00:00:00Z');
    const parts = proRataPartsByDay(
      [
        { from: new Date('2026-10-28T00:00:00Z'), instalment: 3000 },
        { from: new Date('2026-12-02T00:00:00Z'), instalment: 6000 },
      ],
      from,
      to,
    );
    // 28 Nov to 5 Dec over the 30 days of 5 Nov to 5 Dec: 4 days at £30, 3 at £60, each rounded down.
    expect(parts).toEqual([
      { start: from, end: new Date('2026-12-02T00:00:00Z'), amount: 400 },
      { start: new Date('2026-12-02T00:00:00Z'), end: to, amount: 600 },
    ]);
  });
});

describe('a change that never took effect (ADR 385)', () => {
  // Paid on the 28th; a dearer change set for noon on 28 November (GMT), the period 28 Nov – 28 Dec (30 days).
  const period = { start: new Date('2026-11-28T00:00:00Z'), end: new Date('2026-12-28T00:00:00Z') };
  const noon = new Date('2026-11-28T12:00:00Z');
  const prices = [
    { from: new Date('2026-10-28T00:00:00Z'), instalment: 3000 },
    { from: noon, instalment: 6000 },
  ];

  it('takes no effect when cover ends at or before its instant; the first price always stands', () => {
    expect(pricesInEffect(prices, noon)).toEqual([prices[0]]);
    expect(pricesInEffect(prices, new Date(noon.getTime() + 1))).toEqual(prices);
    expect(pricesInEffect(prices, new Date('2026-01-01T00:00:00Z'))).toEqual([prices[0]]);
  });

  it('a period billed to an end at the change bills its day at the price before', () => {
    expect(periodPartsByDay(prices, period, noon)).toEqual([{ start: period.start, end: noon, amount: 100 }]);
    // Cover on past the change: the change's day is in force, at its own price.
    expect(periodPartsByDay(prices, period, new Date('2026-11-28T13:00:00Z'))).toEqual([
      { start: period.start, end: new Date('2026-11-28T13:00:00Z'), amount: 200 },
    ]);
  });

  it('re-prices a part the run billed at the change, at the price in effect on its first day', () => {
    const [part] = periodPartsByDay(prices, period, period.end);
    expect(part).toEqual({ start: period.start, end: period.end, amount: 6000 });
    expect(partInEffect(prices, period, part!, noon)).toBe(3000);
    expect(partInEffect(prices, period, part!, new Date('2026-11-28T12:00:01Z'))).toBeUndefined();
    // Cover ended earlier that day: the change never took effect either.
    expect(partInEffect(prices, period, part!, new Date('2026-11-28T09:00:00Z'))).toBe(3000);
  });

  it("re-prices only the part the change priced, over the period's days, rounded down", () => {
    const later = [prices[0]!, { from: new Date('2026-12-10T12:00:00Z'), instalment: 4001 }];
    const parts = periodPartsByDay(later, period, period.end);
    expect(parts.map((p) => p.amount)).toEqual([1200, Math.floor((4001 * 18) / 30)]);
    const at = new Date('2026-12-10T12:00:00Z');
    expect(partInEffect(later, period, parts[0]!, at)).toBeUndefined();
    expect(partInEffect(later, period, parts[1]!, at)).toBe(Math.floor((3000 * 18) / 30));
  });
});

describe("a payment-day change's journal line re-priced when a change never took effect (ADR 389)", () => {
  // Paid on the 28th, the day moved to the 5th: 28 March 2027 (the clocks go forward) to 5 April is
  // transitional, its days over the 31 of 5 March to 5 April. A dearer change set for noon on 29 March.
  const from = new Date('2027-03-28T00:00:00Z');
  const to = new Date('2027-04-04T23:00:00Z');
  const change = new Date('2027-03-29T11:00:00Z');
  const prices = [
    { from: new Date('2026-10-28T00:00:00Z'), instalment: 3100 },
    { from: change, instalment: 6200 },
  ];
  const parts = proRataPartsByDay(prices, from, to);

  it('divides each line by the days of the payment month ending its transitional period, not its own end', () => {
    expect(parts.map((p) => [iso(p.start), iso(p.end), p.amount])).toEqual([
      ['2027-03-28T00:00:00.000Z', '2027-03-28T23:00:00.000Z', 100],
      ['2027-03-28T23:00:00.000Z', '2027-04-04T23:00:00.000Z', 1400],
    ]);
    // The first line ends on 29 March, whose own month (28 February to 29 March) has 29 days.
    expect(transitionalDivisor(parts[0]!.end, 5)).toBe(31);
    expect(transitionalDivisor(to, 5)).toBe(31);
    expect(transitionalDivisor(new Date('2027-02-27T00:00:00Z'), 28)).toBe(31);
    // A line naming no payment day is read as ending its period.
    expect(transitionalDivisor(to, undefined)).toBe(31);
    expect(transitionalDivisor(new Date('2027-03-04T00:00:00Z'), 0)).toBe(28);
  });

  it("keeps the change's line at the price before when cover ends at or before the change's instant", () => {
    // Seven days at the price before over the 31: 29 March, begun, was had at it.
    expect(journalPartInEffect(prices, 5, parts[1]!, change)).toBe(Math.floor((3100 * 7) / 31));
    expect(journalPartInEffect(prices, 5, parts[1]!, new Date('2027-03-29T09:00:00Z'))).toBe(700);
    // The change took effect, or the line was priced before it: nothing to re-price.
    expect(journalPartInEffect(prices, 5, parts[1]!, new Date(change.getTime() + 1))).toBeUndefined();
    expect(journalPartInEffect(prices, 5, parts[0]!, change)).toBeUndefined();
  });
});
