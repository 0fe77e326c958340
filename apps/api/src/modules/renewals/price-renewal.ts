import type { Brand } from '@forecourt/contracts';
import type { Quote } from '@forecourt/contracts/proposals';
import { londonDate, startOfDayLondon } from '@forecourt/domain/dates';
import { productKindOf } from '@forecourt/domain/policy/term';
import { rate } from '@forecourt/domain/rating/rate';
import { adjustRenewal, type CappedRenewal, capAtNewBusiness } from '@forecourt/domain/renewal';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { quoteFromRating } from '../proposals/index.ts';
import { ratingTablesFor } from '../rating/index.ts';

/** The promotion a capped renewal carries over from new business (ADR 348), else none. */
const promotionCodeOf = (r: { promotion: { code: string; applied: boolean } | null }) =>
  r.promotion?.applied ? r.promotion.code : null;

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
 * Prices a renewal (spec 3 §4 Renewal, ICOBS 6B; ADRs 221, 348): the policy's answers, starting on the
 * anniversary, rated at the anniversary date; the equivalent new-business price is the same risk as a new
 * customer of the same channel would buy it on the offer day for the same start: today's tables, starting on
 * the anniversary, with the free-month promotion of the channel the customer came through (`channelPromoCode`)
 * when new business still honours it for them. The offered price is the lower. Answers that no longer validate
 * (e.g. a rule changed) are not rated: staff look at them.
 */
export function priceRenewal(
  brand: Brand,
  answers: Record<string, unknown>,
  o: {
    anniversary: Date;
    now: Date;
    product: string;
    adjustmentPercent?: number;
    /** The promotion code the customer first bought through (`channelPromoCode`), if any. */
    channelPromoCode?: string | null;
  },
): PricedRenewal {
  const day = londonDate(o.anniversary);
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
  // A new customer of the same channel, buying today for the same start: the channel's promotion (its terms,
  // if it has any, accepted as a new customer would), rated as at the anniversary by today's tables.
  const asNewBusiness = {
    ...checked.data,
    quote: { ...checked.data.quote, startDate: day, promotionTermsAccepted: true },
  };
  const newBusiness = rate(
    { data: asNewBusiness, promoCode: o.channelPromoCode ?? null, product },
    tables,
    day,
  );
  const pricing = capAtNewBusiness(renewal, newBusiness);
  return {
    rated: true,
    status: pricing.quote.ratingStatus,
    data: checked.data as unknown as Record<string, unknown>,
    quote: quoteFromRating(pricing.quote, checked.data, promotionCodeOf(pricing.quote), o.now),
    pricing,
  };
}
