import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingPeriodAt, daysLeft, proRataPremium } from '../../src/policy/pro-rata.ts';

const DAY = 86_400_000;
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

  it('adding then removing the same cover on the same day nets to zero', () => {
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
          expect(add + remove).toBe(0);
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

  it('the billing period of a monthly policy is the month since the last anniversary', () => {
    const p = billingPeriodAt({ inceptedAt: '2026-01-31T10:00:00Z', monthly: true }, '2026-03-05T00:00:00Z');
    expect(p.start.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });
});
