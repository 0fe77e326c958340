import type { Brand, Scheme } from '@forecourt/contracts';
import { todayInLondon } from '@forecourt/domain/dates';
import { schemeOf } from '@forecourt/domain/policy/product-kind';
import type { RatingTables } from '@forecourt/domain/rating/tables';
import { oncePer } from '../../lib/once-per.ts';

/**
 * The rating tables a scheme rates with: the brand's rating.json, with the promotions the product
 * configuration offers today (active, not past their end date) when it lists any — so switching a
 * promotion off in product.json stops it being applied. Cached per brand and set of live promotions,
 * so the engine's compiled lookups are reused.
 */
const tablesOf = oncePer((_brand: Brand) => new Map<string, RatingTables>());

export function ratingTablesFor(brand: Brand, now: Date): RatingTables {
  const offered = brand.productConfig.promotions;
  if (offered.length === 0) return brand.rating;
  const today = todayInLondon(now);
  const live = offered.filter((p) => p.active && (!p.endDate || p.endDate.slice(0, 10) >= today));
  const key = live.map((p) => p.code).join(',');
  const perBrand = tablesOf(brand);
  let tables = perBrand.get(key);
  if (!tables) {
    const promotions: RatingTables['promotions'] = {};
    for (const p of live)
      promotions[p.code.toUpperCase()] = {
        freeMonths: p.freeMonths,
        requiresTerms: p.requiresTerms,
        ...(p.minimumAge !== undefined ? { minAge: p.minimumAge } : {}),
      };
    tables = { ...brand.rating, promotions };
    perBrand.set(key, tables);
  }
  return tables;
}

export function findScheme(brand: Brand, schemeCode: string): Scheme | undefined {
  return schemeOf(brand.schemes, schemeCode);
}

/** The promotion a proposal's code names, as the validation rules need it. */
export function promotionRule(tables: RatingTables, promoCode: string | null | undefined) {
  const code = promoCode?.trim().toUpperCase();
  const promo = code ? tables.promotions[code] : undefined;
  return promo && code ? { code, requiresTerms: promo.requiresTerms, minAge: promo.minAge } : undefined;
}
