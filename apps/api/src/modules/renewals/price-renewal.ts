import type { Brand } from '@forecourt/contracts';
import type { Quote } from '@forecourt/contracts/proposals';
import { londonDate, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { productKindOf } from '@forecourt/domain/policy/term';
import { rate } from '@forecourt/domain/rating/rate';
import { adjustRenewal, type CappedRenewal, capAtNewBusiness } from '@forecourt/domain/renewal';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { quoteFromRating } from '../proposals/index.ts';
import { ratingTablesFor } from '../rating/index.ts';

export type PricedRenewal =
  | {
      rated: true;
      status: 'QUOTE' | 'REFERRAL' | 'INSUFFICIENT_ACCURACY';
      data: Record<string, unknown>;
      quote: Quote;
      pricing: CappedRenewal;
    }
  | { rated: false; data: Record<string, unknown>; errors: Record<string, string[]> };

/**
 * Prices a renewal (spec 3 §4 Renewal, ICOBS 6B; ADR 221): the policy's answers, starting on the anniversary,
 * rated at the anniversary date; the same risk rated as new business today (start today, same engine, same
 * tables, no promotion on either side); the offered price is the lower. Answers that no longer validate
 * (e.g. a rule changed) are not rated: staff look at them.
 */
export function priceRenewal(
  brand: Brand,
  answers: Record<string, unknown>,
  o: { anniversary: Date; now: Date; product: string; adjustmentPercent?: number },
): PricedRenewal {
  const day = londonDate(o.anniversary);
  const today = todayInLondon(o.now);
  const quotePart = (answers.quote ?? {}) as Record<string, unknown>;
  const data = { ...answers, quote: { ...quotePart, startDate: day } };
  const checked = validateProposal(data, {
    now: startOfDayLondon(day),
    forRating: true,
    maxAdditionalProfiles: brand.productConfig.maxAdditionalProfiles,
  });
  if (!checked.success) return { rated: false, data, errors: checked.errors };
  const tables = ratingTablesFor(brand, o.now);
  const product = productKindOf(o.product);
  // A staff re-rate's loading or discount (ADR 265) moves the renewal rating, before the cap.
  const renewal = adjustRenewal(
    rate({ data: checked.data, promoCode: null, product }, tables, day),
    o.adjustmentPercent ?? 0,
  );
  const asNewBusiness = { ...checked.data, quote: { ...checked.data.quote, startDate: today } };
  const newBusiness = rate({ data: asNewBusiness, promoCode: null, product }, tables, today);
  const pricing = capAtNewBusiness(renewal, newBusiness);
  return {
    rated: true,
    status: pricing.quote.ratingStatus,
    data: checked.data as unknown as Record<string, unknown>,
    quote: quoteFromRating(pricing.quote, checked.data, null, o.now),
    pricing,
  };
}
