import type { Brand } from '@forecourt/contracts';
import type { Quote } from '@forecourt/contracts/proposals';
import { addDaysIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { productKindOf, quotedPeriodEnd, termDays } from '@forecourt/domain/policy/term';
import { rate } from '@forecourt/domain/rating/rate';
import type { RatingResult } from '@forecourt/domain/rating/types';
import type { ProposalData } from '@forecourt/domain/risk/schema';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { addDays, min } from 'date-fns';
import { validation } from '../../lib/errors.ts';
import { findScheme, promotionRule, ratingTablesFor } from '../rating/index.ts';

export interface RatedProposal {
  status: 'QUOTE' | 'REFERRAL' | 'INSUFFICIENT_ACCURACY';
  quote: Quote;
  startAt: Date;
  endAt: Date;
  quoteExpiresAt: Date;
}

/** The stored quote of a rating result: the result with the risk's parts the pages and documents read. */
export function quoteFromRating(
  result: RatingResult,
  data: ProposalData,
  promoCode: string | null,
  now: Date,
): Quote {
  return {
    ...result,
    ratedAt: now.toISOString(),
    promoCode,
    assetCode: data.asset.assetCode,
    vrn: data.asset.vrn ?? null,
    specification: data.asset.specification,
    insuredProfiles: data.profiles.map((p) => ({
      profileCode: p.profileCode,
      policyholder: p.policyholder,
      data: p.data,
    })),
    requestedOptionalCovers: {
      ncb_protection: data.quote.optionalCovers.ncb_protection ?? null,
      legal_expenses: data.quote.optionalCovers.legal_expenses ?? null,
    },
  };
}

/** Midnight in London at the start of `isoDate` (the domain's memoised offset, not a TZDate: issue 15). */
const londonMidnight = (isoDate: string) => startOfDayLondon(isoDate);

/**
 * Validates the answers completely (spec 3 §5) and rates them for their start date. Cover starts now when
 * the start date is today, else at 00:00 London that day (spec 3 §4). The quote is valid for
 * QUOTE_VALIDITY_DAYS, and never past the end of its start day.
 */
type RateInput = {
  data: unknown;
  promoCode: string | null;
  product: string;
  /** The scheme: a driveaway scheme's term is the length of cover priced (ADR 245). */
  schemeCode: string;
  brand: Brand;
};

/** The product kind and, for a driveaway, its term, of a proposal's scheme. */
export function productTermOf(brand: Brand, o: { product: string; schemeCode: string }) {
  const product = productKindOf(o.product);
  const term = product === 'DRIVEAWAY' ? findScheme(brand, o.schemeCode)?.term : undefined;
  return { product, term };
}

/** The complete reading of the answers that rating needs (spec 3 §5), with the proposal's promotion rule. */
export function validateForRating(input: RateInput, now: Date) {
  return validateProposal(input.data, {
    now,
    forRating: true,
    promotion: promotionRule(ratingTablesFor(input.brand, now), input.promoCode),
    maxAdditionalProfiles: input.brand.productConfig.maxAdditionalProfiles,
  });
}

export function rateProposal(
  input: RateInput,
  env: { validityDays: number },
  now: Date,
  /** The answers as validateForRating returned them, when the caller has validated already (validated once). */
  validated?: ProposalData,
): RatedProposal {
  const tables = ratingTablesFor(input.brand, now);
  let data = validated;
  if (!data) {
    const checked = validateForRating(input, now);
    if (!checked.success) throw validation(checked.errors, 'Some answers need attention before we can quote');
    data = checked.data;
  }
  const { product, term } = productTermOf(input.brand, input);
  const result = rate(
    { data, promoCode: input.promoCode, product, termDays: term ? termDays(term) : undefined },
    tables,
    data.quote.startDate,
  );

  const startDay = data.quote.startDate;
  const startAt = startDay === todayInLondon(now) ? now : londonMidnight(startDay);
  const endAt = quotedPeriodEnd(product, new Date(startAt.getTime()), term);
  const quoteExpiresAt = min([addDays(now, env.validityDays), londonMidnight(addDaysIso(startDay, 1))]);
  const quote = quoteFromRating(result, data, input.promoCode, now);
  return { status: result.ratingStatus, quote, startAt: new Date(startAt.getTime()), endAt, quoteExpiresAt };
}

/** The proposals columns a rating sets. */
export const quoteColumns = (rated: RatedProposal) => ({
  status: rated.status,
  quote: rated.quote as unknown as Record<string, unknown>,
  startAt: rated.startAt,
  endAt: rated.endAt,
  quoteExpiresAt: rated.quoteExpiresAt,
});
