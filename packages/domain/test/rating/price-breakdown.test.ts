import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints, iptOn } from '../../src/money.ts';
import { breakdownOf, priceBreakdown, totalsOf } from '../../src/rating/price.ts';
import { rate } from '../../src/rating/rate.ts';
import { type RatingTables, ratingTablesSchema } from '../../src/rating/tables.ts';
import { sampleAdditionalDriver } from '../../src/risk/sample.ts';
import { risk, START, TODAY } from './rating-fixtures.ts';

const brandsDir = new URL('../../../../config/brands/', import.meta.url);
const readJson = (brand: string, file: string) => {
  const url = new URL(`${brand}/${file}`, brandsDir);
  return existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>) : undefined;
};

/** A brand's rating tables as the API loads them: its own rating.json, or the one of the brand it extends. */
function ratingOf(brand: string): RatingTables {
  const own = readJson(brand, 'rating.json');
  if (own) return ratingTablesSchema.parse(own.rating);
  const parent = readJson(brand, 'brand.json')?.extends;
  if (typeof parent !== 'string') throw new Error(`${brand} has no rating tables`);
  return ratingOf(parent);
}

/** Every promotion a brand can apply: its rating tables' and its product configuration's. */
function promotionsOf(brand: string, tables: RatingTables): [string, number][] {
  const product = (readJson(brand, 'product.json')?.productConfig ?? {}) as {
    promotions?: { code: string; freeMonths: number }[];
  };
  const codes = new Map(Object.entries(tables.promotions).map(([c, p]) => [c, p.freeMonths]));
  for (const p of product.promotions ?? []) codes.set(p.code.toUpperCase(), p.freeMonths);
  return [...codes];
}

const brands = readdirSync(brandsDir).filter((b) => existsSync(new URL(`${b}/brand.json`, brandsDir)));
const cases = brands.flatMap((brand) => {
  const base = ratingOf(brand);
  return promotionsOf(brand, base).map(([code, freeMonths]) => {
    // The product's own terms for the code win, as in the API (scheme-rating.ts).
    const tables: RatingTables = {
      ...base,
      promotions: { ...base.promotions, [code]: { freeMonths, requiresTerms: true } },
    };
    return { brand, code, freeMonths, tables };
  });
});

const riskArb = fc.record({
  group: fc.integer({ min: 1, max: 50 }),
  mileage: fc.integer({ min: 500, max: 40_000 }),
  ncd: fc.integer({ min: 0, max: 9 }),
  ncb: fc.boolean(),
  legal: fc.boolean(),
  voluntary: fc.constantFrom(0 as const, 100 as const, 200 as const, 300 as const),
  value: fc.integer({ min: 500, max: 90_000 }),
  extraDriver: fc.boolean(),
  annual: fc.boolean(),
});

describe('one price breakdown that adds up (issue 10 item 3, ADR 175)', () => {
  it('covers both brands and every promotion', () => {
    expect(brands).toEqual(expect.arrayContaining(['forecourt', 'motorhub']));
    expect(cases.map((c) => c.code)).toEqual(expect.arrayContaining(['HC1M', 'HC3M', 'HC6MZOE']));
  });

  for (const { brand, code, freeMonths, tables } of cases) {
    it(`${brand} ${code}: tax on the discounted price, lines, months and today's payment agree (property)`, () => {
      const bp = basisPoints(tables.iptRate);
      fc.assert(
        fc.property(riskArb, (r) => {
          const data = risk((d) => {
            d.asset.specification.insuranceGroup = r.group;
            d.asset.annualMileage = r.mileage;
            d.asset.noClaimsDiscount = r.ncd;
            d.asset.estimatedValue = r.value;
            d.quote.voluntaryExcess = r.voluntary;
            d.quote.optionalCovers = { ncb_protection: r.ncb && r.ncd >= 4, legal_expenses: r.legal };
            d.quote.promotionTermsAccepted = true;
            if (r.extraDriver) d.profiles.push(sampleAdditionalDriver(TODAY));
          });
          const result = rate(
            { data, promoCode: code, product: r.annual ? 'ANNUAL' : 'SUBSCRIPTION' },
            tables,
            START,
          );
          const b = priceBreakdown(result)!;
          expect(b.freeMonths).toBe(freeMonths);
          // Premium before tax + tax = total, and the tax is IPT on the discounted premium.
          expect(b.net + b.ipt).toBe(b.total);
          expect(b.ipt).toBe(iptOn(b.net, bp));
          expect(b.total).toBe(b.beforeDiscount.gross - b.discount.gross);
          expect(b.discount.net + b.discount.ipt).toBe(b.discount.gross);
          expect(b.discount.gross).toBeGreaterThan(0);
          // The lines shown add up to the same figures.
          const sum = (k: 'net' | 'ipt' | 'gross') => b.lines.reduce((s, l) => s + l[k], 0);
          expect([sum('net'), sum('ipt'), sum('gross')]).toEqual([b.net, b.ipt, b.total]);
          for (const l of b.lines) expect(l.net + l.ipt).toBe(l.gross);
          // The rating result stores the same figures (one computation).
          expect(result.priceBreakdown).toEqual(b.lines);
          expect(result.totals).toEqual(totalsOf(b));
          if (r.annual) {
            expect(b.monthly).toBeNull();
            expect(b.dueToday).toBe(b.total);
          } else {
            const m = b.monthly!;
            // Free months at £0, then the paid months: first + regular × (payments − 1) = the annual total,
            // the remainder pennies (fewer than one per payment) on the first paid month (ADR 031).
            expect(m.payments).toBe(12 - freeMonths);
            expect(m.schedule).toHaveLength(12);
            expect(m.schedule.slice(0, freeMonths).every((x) => x === 0)).toBe(true);
            expect(m.schedule.slice(freeMonths)).toEqual([
              m.first,
              ...Array.from({ length: m.payments - 1 }, () => m.regular),
            ]);
            expect(m.first + m.regular * (m.payments - 1)).toBe(b.total);
            expect(m.first - m.regular).toBeGreaterThanOrEqual(0);
            expect(m.first - m.regular).toBeLessThan(m.payments);
            // Checkout takes the first month today: nothing in a free month.
            expect(b.dueToday).toBe(m.schedule[0]);
            expect(b.dueToday).toBe(0);
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it('without a promotion nothing changes: 12 payments of the gross, the first due today', () => {
    const result = rate({ data: risk() }, cases[0]!.tables, START);
    const b = priceBreakdown(result)!;
    expect(b.discount).toEqual({ net: 0, ipt: 0, gross: 0 });
    expect(b.total).toBe(result.totals!.gross);
    expect(b.monthly!.payments).toBe(12);
    expect(b.dueToday).toBe(b.monthly!.first);
    expect(b.lines.some((l) => l.coverGroup === 'DISCOUNT')).toBe(false);
  });

  it('a worked example: £800 net with three free months', () => {
    const b = breakdownOf(
      [{ coverGroup: 'MAIN', feature: 'comprehensive', tag: 'main', net: 80_000, ipt: 9_600, gross: 89_600 }],
      { iptRate: 0.12, freeMonths: 3, monthly: true, promoCode: 'HC3M' },
    );
    // 3/12 of £800 net is £200; IPT on £600 is £72; £672 over 9 payments of £74.66 (+6p on the first).
    expect(b).toMatchObject({ net: 60_000, ipt: 7_200, total: 67_200, dueToday: 0 });
    expect(b.discount).toEqual({ net: 20_000, ipt: 2_400, gross: 22_400 });
    expect(b.monthly).toMatchObject({ payments: 9, first: 7_472, regular: 7_466 });
  });

  it('stored quotes of the old shape read the same breakdown', () => {
    const fresh = rate({ data: risk(), promoCode: 'HC3M' }, cases[0]!.tables, START);
    const old = {
      ...fresh,
      // Before ADR 175 the discount line was the gross of three instalments, split at 12%.
      priceBreakdown: [
        ...fresh.priceBreakdown.filter((l) => l.coverGroup !== 'DISCOUNT'),
        { coverGroup: 'DISCOUNT' as const, feature: 'HC3M', tag: 'promotion', net: -1, ipt: -1, gross: -2 },
      ],
    };
    expect(priceBreakdown(old)).toEqual(priceBreakdown(fresh));
  });
});
