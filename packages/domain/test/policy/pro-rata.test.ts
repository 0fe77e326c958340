import fc from 'fast-check';

const DAY = 86_400_000;

import { describe, expect, it } from 'vitest';
import { periodContaining, periodFrom } from '../../src/billing/schedule.ts';
import { daysLeft, proRataPremium, termPeriod } from '../../src/policy/pro-rata.ts';

/** The billing period containing `at` of a policy started at `start`: its statement period, or its term. */
function billingPeriodAt(o: { inceptedAt: Date; monthly: boolean }, at: Date) {
  const coverEnd = new Date(o.inceptedAt.getTime() + 366 * DAY);
  if (!o.monthly) return termPeriod({ inceptedAt: o.inceptedAt, expiredAt: coverEnd });
  const paymentDay = Math.min(
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric' }).format(o.inceptedAt),
    ),
    28,
  );
  const first = periodFrom(o.inceptedAt, paymentDay, coverEnd)!;
  return periodContaining({ billed: [first], billedUntil: first.end, paymentDay, coverEnd }, at)!;
}

const inception = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const premium = fc.integer({ min: 0, max: 2_000_000 });

describe('pro-rata premium of a mid-term change', () => {
  it('is a whole number of pence, never more than the full difference, and of its sign', () => {
    fc.assert(
      fc.property(
        inception,
        fc.boolean(),
        premium,
        premium,
        fc.nat(365 * DAY - 1),
        (start, monthly, a, b, offset) => {
          const at = new Date(start.getTime() + offset);
          const period = billingPeriodAt({ inceptedAt: start, monthly }, at);
          const p = proRataPremium({ oldPremiumPence: a, newPremiumPence: b, period }, at);
          expect(Number.isInteger(p)).toBe(true);
          expect(Math.abs(p)).toBeLessThanOrEqual(Math.abs(b - a));
          if (b >= a) expect(p).toBeGreaterThanOrEqual(0);
          else expect(p).toBeLessThanOrEqual(0);
          expect(at.getTime()).toBeGreaterThanOrEqual(period.start.getTime());
          expect(at.getTime()).toBeLessThan(period.end.getTime());
        },
      ),
    );
  });

  it('adding then removing the same cover on the same day nets to nothing or a penny back', () => {
    fc.assert(
      fc.property(
        inception,
        fc.boolean(),
        premium,
        fc.integer({ min: 1, max: 50_000 }),
        fc.nat(365 * DAY),
        (start, monthly, base, cover, offset) => {
          const at = new Date(start.getTime() + offset);
          const period = billingPeriodAt({ inceptedAt: start, monthly }, at);
          const add = proRataPremium({ oldPremiumPence: base, newPremiumPence: base + cover, period }, at);
          const remove = proRataPremium({ oldPremiumPence: base + cover, newPremiumPence: base, period }, at);
          // Each is rounded down (ADR 344): together they net to nothing, or a penny in the customer's favour.
          expect([0, -1]).toContain(add + remove);
        },
      ),
    );
  });

  it('examples: on the first day the whole difference; half way through a 30-day month, half', () => {
    const period = {
      start: new Date('2026-04-01T00:00:00+01:00'),
      end: new Date('2026-05-01T00:00:00+01:00'),
    };
    expect(daysLeft(period, period.start)).toBe(30);
    expect(proRataPremium({ oldPremiumPence: 4000, newPremiumPence: 4600, period }, period.start)).toBe(600);
    expect(
      proRataPremium(
        { oldPremiumPence: 4000, newPremiumPence: 4600, period },
        new Date('2026-04-16T12:00:00+01:00'),
      ),
    ).toBe(300);
    expect(
      proRataPremium(
        { oldPremiumPence: 4600, newPremiumPence: 4000, period },
        new Date('2026-04-16T12:00:00+01:00'),
      ),
    ).toBe(-300);
  });

  it('a monthly policy is priced over its statement period, from payment date to payment date, in London', () => {
    // Started 30 June (BST), paid on the 28th: the first period runs to 28 July, then 28th to 28th.
    const start = new Date('2026-06-29T23:00:00Z');
    const p = billingPeriodAt({ inceptedAt: start, monthly: true }, new Date('2026-08-05T12:00:00Z'));
    expect(p.start.toISOString()).toBe('2026-07-27T23:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-08-27T23:00:00.000Z');
    const first = billingPeriodAt({ inceptedAt: start, monthly: true }, new Date('2026-07-01T12:00:00Z'));
    expect(first.start.toISOString()).toBe(start.toISOString());
    expect(first.end.toISOString()).toBe('2026-07-27T23:00:00.000Z');
  });

  it('a one-day change at the end of a period costs one day of that period, not of a month since inception', () => {
    const period = { start: new Date('2026-11-27T00:00:00Z'), end: new Date('2026-12-28T00:00:00Z') };
    // 31 days; a £31.00 dearer month changed on the last day costs exactly £1.00.
    expect(
      proRataPremium(
        { oldPremiumPence: 1000, newPremiumPence: 4100, period },
        new Date('2026-12-27T09:00:00Z'),
      ),
    ).toBe(100);
  });
});
