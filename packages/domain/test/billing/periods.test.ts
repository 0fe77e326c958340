import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysOnCoverIn,
  nextPaymentDate,
  type Period,
  paymentDayFor,
  periodCharge,
  periodContaining,
  periodFrom,
} from '../../src/billing/schedule.ts';
import { londonDate } from '../../src/dates.ts';
import { proRataPence } from '../../src/money.ts';
import { policyExpiry } from '../../src/policy/term.ts';

const starts = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2028-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** Every period of a term from its start, by `periodFrom`. */
function periodsOf(start: Date, paymentDay: number, end: Date): Period[] {
  const out: Period[] = [];
  for (
    let p = periodFrom(start, paymentDay, end);
    p && out.length < 40;
    p = periodFrom(p.end, paymentDay, end)
  )
    out.push(p);
  return out;
}

describe('the billing periods of a monthly subscription (ADR 344)', () => {
  it('tile the year from the start to the expiry, twelve of them, each ending on a payment date but the last', () => {
    fc.assert(
      fc.property(starts, (start) => {
        const end = policyExpiry('SUBSCRIPTION', start);
        const day = paymentDayFor(start);
        const periods = periodsOf(start, day, end);
        expect(periods).toHaveLength(12);
        expect(periods[0]!.start.getTime()).toBe(start.getTime());
        expect(periods.at(-1)!.end.getTime()).toBe(end.getTime());
        for (let i = 1; i < periods.length; i++) {
          expect(periods[i]!.start.getTime()).toBe(periods[i - 1]!.end.getTime());
          // Each period after the first starts on a payment date: London midnight of the payment day.
          expect(Number(londonDate(periods[i]!.start).slice(8))).toBe(day);
          expect(nextPaymentDate(periods[i - 1]!.start, day).getTime()).toBe(periods[i]!.start.getTime());
        }
      }),
    );
  });

  it('a start on the 30th paid on the 28th: the last period runs on to the anniversary, no stub of two days', () => {
    const start = new Date('2026-06-29T23:00:00Z'); // 30 June, London midnight (BST)
    const end = policyExpiry('SUBSCRIPTION', start);
    const periods = periodsOf(start, 28, end);
    expect(periods.map((p) => londonDate(p.start))).toEqual([
      '2026-06-30',
      '2026-07-28',
      '2026-08-28',
      '2026-09-28',
      '2026-10-28',
      '2026-11-28',
      '2026-12-28',
      '2027-01-28',
      '2027-02-28',
      '2027-03-28',
      '2027-04-28',
      '2027-05-28',
    ]);
    expect(londonDate(periods.at(-1)!.end)).toBe('2027-06-30');
  });

  it('the period containing a moment: a billed one (a payment-day change included), or one projected on', () => {
    const billed = [
      { start: new Date('2026-10-04T23:00:00Z'), end: new Date('2026-11-05T00:00:00Z') },
      // A payment-day change from the 5th to the 20th: a transitional period 5 → 20 November.
      { start: new Date('2026-11-05T00:00:00Z'), end: new Date('2026-11-20T00:00:00Z') },
    ];
    const s = {
      billed,
      billedUntil: new Date('2026-11-20T00:00:00Z'),
      paymentDay: 20,
      coverEnd: new Date('2027-10-04T23:00:00Z'),
    };
    expect(periodContaining(s, new Date('2026-11-10T12:00:00Z'))).toEqual(billed[1]);
    const next = periodContaining(s, new Date('2026-12-25T12:00:00Z'))!;
    expect([londonDate(next.start), londonDate(next.end)]).toEqual(['2026-12-20', '2027-01-20']);
    expect(periodContaining(s, new Date('2027-10-05T12:00:00Z'))).toBeNull();
  });
});

describe('days on cover and the one rounding rule', () => {
  const december: Period = { start: new Date('2026-11-28T00:00:00Z'), end: new Date('2026-12-28T00:00:00Z') };

  it('an end at London midnight keeps the day before and not the day it starts; any later instant keeps that day', () => {
    expect(daysOnCoverIn(december, new Date('2026-12-06T00:00:00Z'))).toBe(8); // 28 Nov – 5 Dec
    expect(daysOnCoverIn(december, new Date('2026-12-05T10:00:00Z'))).toBe(8); // the 5th begun
    expect(daysOnCoverIn(december, new Date('2026-11-28T00:00:00Z'))).toBe(0);
    expect(daysOnCoverIn(december, new Date('2027-01-01T00:00:00Z'))).toBe(30);
    // Summer: London midnight is 23:00 UTC the day before.
    const june: Period = { start: new Date('2026-05-27T23:00:00Z'), end: new Date('2026-06-27T23:00:00Z') };
    expect(daysOnCoverIn(june, new Date('2026-06-04T23:00:00Z'))).toBe(8); // 28 May – 4 June
  });

  it('BM70SER: an instalment of £100.19 for 21 Nov – 21 Dec, cover ended at the end of 5 December: £50.09', () => {
    const period = { start: new Date('2026-11-21T00:00:00Z'), end: new Date('2026-12-21T00:00:00Z') };
    expect(periodCharge(10019, period, new Date('2026-12-06T00:00:00Z'))).toBe(5009);
    expect(periodCharge(10019, period, period.end)).toBe(10019);
  });

  it('never charges a penny above the exact figure, nor credits a penny below it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000, max: 2_000_000 }),
        fc.integer({ min: 1, max: 366 }),
        fc.integer({ min: 0, max: 400 }),
        (amount, periodDays, rawDays) => {
          const days = Math.min(rawDays, periodDays);
          const part = proRataPence(amount, days, periodDays);
          const exact = (amount * days) / periodDays;
          expect(Number.isSafeInteger(part)).toBe(true);
          expect(part).toBeLessThanOrEqual(exact + 1e-9);
          expect(part).toBeGreaterThan(exact - 1);
        },
      ),
    );
  });
});

describe('the tax inside a sum of premium lines (ADR 344, R9)', () => {
  it('is the gross × 12 ÷ 112 rounded half-up, and a quote’s own tax for a gross priced from a net', async () => {
    const { iptInGross, iptOf } = await import('../../src/money.ts');
    expect(iptInGross(22078)).toBe(2366); // 2365.5 → 2366
    expect(iptInGross(-22078)).toBe(-2366);
    expect(iptInGross(0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), (net) => {
        expect(iptInGross(net + iptOf(net))).toBe(iptOf(net));
      }),
    );
  });
});
