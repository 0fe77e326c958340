import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  allocate,
  formatGBP,
  grossFromNet,
  iptOf,
  MoneyError,
  monthlyFromAnnual,
  multiplyRate,
  netFromGross,
  pence,
  pounds,
  splitGross,
  sub,
  toPounds,
} from '../src/money.ts';

const amount = fc.integer({ min: -10_000_000, max: 10_000_000 });
const positive = fc.integer({ min: 0, max: 10_000_000 });

describe('constructors', () => {
  it('pence accepts whole pence and rejects fractions, NaN and infinity', () => {
    expect(pence(1234)).toBe(1234);
    expect(() => pence(12.5)).toThrow(MoneyError);
    expect(() => pence(Number.NaN)).toThrow(MoneyError);
    expect(() => pence(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
  it('pounds converts to pence and rejects fractions of a penny', () => {
    expect(pounds(12.34)).toBe(1234);
    expect(pounds(0.1 + 0.2)).toBe(30);
    expect(pounds(-5)).toBe(-500);
    expect(() => pounds(12.345)).toThrow(/fraction of a penny/);
    expect(() => pounds(Number.NaN)).toThrow(MoneyError);
    expect(toPounds(1234)).toBe(12.34);
  });
  it('add and sub stay in whole pence and reject fractional input', () => {
    expect(add(100, 250, 1)).toBe(351);
    expect(add()).toBe(0);
    expect(sub(100, 250)).toBe(-150);
    expect(() => add(1, 0.5)).toThrow(MoneyError);
  });
});

describe('multiplyRate (half-up)', () => {
  it('rounds half a penny away from zero and ignores float noise', () => {
    expect(multiplyRate(125, 0.12)).toBe(15); // 15.000000000000002
    expect(multiplyRate(1, 0.5)).toBe(1);
    expect(multiplyRate(-1, 0.5)).toBe(-1);
    expect(multiplyRate(3, 0.5)).toBe(2);
    expect(multiplyRate(5, 0.5)).toBe(3); // 2.5 → 3 (banker's rounding would give 2)
    expect(multiplyRate(1004, 0.12)).toBe(120); // 120.48
    expect(multiplyRate(1013, 0.12)).toBe(122); // 121.56
  });
  it('rejects non-finite rates', () => {
    expect(() => multiplyRate(100, Number.NaN)).toThrow(MoneyError);
  });
});

describe('IPT', () => {
  it('12% on net, gross = net + ipt', () => {
    expect(iptOf(10000)).toBe(1200);
    expect(grossFromNet(10000)).toBe(11200);
    expect(netFromGross(11200)).toBe(10000);
    expect(splitGross(11200)).toEqual({ net: 10000, ipt: 1200 });
    expect(iptOf(10000, 0.2)).toBe(2000);
  });
  it('property: ipt is within half a penny of 12%, split never loses a penny', () => {
    fc.assert(
      fc.property(positive, (net) => {
        expect(Math.abs(iptOf(net) - net * 0.12)).toBeLessThanOrEqual(0.5 + 1e-9);
        const gross = grossFromNet(net);
        const { net: n, ipt } = splitGross(gross);
        expect(n + ipt).toBe(gross);
        expect(Math.abs(n - net)).toBeLessThanOrEqual(1);
        expect(Math.abs(ipt - iptOf(n))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('allocate', () => {
  it('splits without losing pence, extra pence to the largest remainders then earliest', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5, [3, 7])).toEqual([2, 3]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(10, [0, 1])).toEqual([0, 10]);
  });
  it('rejects empty, negative or all-zero ratios', () => {
    expect(() => allocate(100, [])).toThrow(MoneyError);
    expect(() => allocate(100, [1, -1])).toThrow(MoneyError);
    expect(() => allocate(100, [0, 0])).toThrow(MoneyError);
  });
  it('property: shares sum to the total and each is within a penny of its exact share', () => {
    const ratios = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(amount, ratios, (total, rs) => {
        fc.pre(rs.some((r) => r > 0));
        const shares = allocate(total, rs);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
        const weight = rs.reduce((s, r) => s + r, 0);
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(Math.abs(share - (total * (rs[i] ?? 0)) / weight)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe('formatGBP', () => {
  it('formats en-GB pounds with thousands separators', () => {
    expect(formatGBP(123456)).toBe('£1,234.56');
    expect(formatGBP(5)).toBe('£0.05');
    expect(formatGBP(-1050)).toBe('-£10.50');
    expect(formatGBP(10000, { trimWholePence: true })).toBe('£100');
    expect(formatGBP(10050, { trimWholePence: true })).toBe('£100.50');
    expect(() => formatGBP(1.5)).toThrow(MoneyError);
  });
});

describe('monthlyFromAnnual', () => {
  it('puts the remainder pennies on the first month, no interest', () => {
    expect(monthlyFromAnnual(100000)).toEqual({
      first: 8337,
      regular: 8333,
      instalments: [8337, ...Array(11).fill(8333)],
    });
    expect(monthlyFromAnnual(1200).instalments).toEqual(Array(12).fill(100));
    expect(() => monthlyFromAnnual(100, 0)).toThrow(MoneyError);
  });
  it('property: the instalments sum to the annual premium and differ by under 12p', () => {
    fc.assert(
      fc.property(positive, fc.integer({ min: 1, max: 24 }), (annual, months) => {
        const plan = monthlyFromAnnual(annual, months);
        expect(plan.instalments).toHaveLength(months);
        expect(plan.instalments.reduce((s, x) => s + x, 0)).toBe(annual);
        expect(plan.first - plan.regular).toBeGreaterThanOrEqual(0);
        expect(plan.first - plan.regular).toBeLessThan(months);
      }),
    );
  });
});
