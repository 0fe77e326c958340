/**
 * Promotion catalogue and eligibility (spec 3 §9 "Promotions"); windows and reading in ADR 033.
 */
import { addDays } from 'date-fns';
import { MIN_DRIVER_AGE, MIN_DRIVER_AGE_SIX_MONTH_OFFER } from './constants.ts';
import type { Money } from './money.ts';
import { add } from './money.ts';
import { type DateLike, isPromotionActive } from './status.ts';

/** A code may still be activated on a policy up to this many days after the promotion's end. */
export const PROMOTION_ACTIVATION_WINDOW_DAYS = 30;
/** A purchase must complete within this many days of the deposit being taken. */
export const PROMOTION_PURCHASE_WINDOW_DAYS = 14;

export interface Promotion {
  code: string;
  /** Months of cover without charge at the start of a monthly subscription. */
  freeMonths: number;
  requiresTerms: boolean;
  minimumAge: number;
  active: boolean;
  endAt: DateLike | null;
}

const promo = (code: string, freeMonths: number, extra: Partial<Promotion> = {}): Promotion => ({
  code,
  freeMonths,
  requiresTerms: false,
  minimumAge: MIN_DRIVER_AGE,
  active: true,
  endAt: null,
  ...extra,
});

export const PROMOTIONS: readonly Promotion[] = [
  promo('HC1M', 1, { requiresTerms: true }),
  promo('HC3M', 3),
  promo('HC3MCB', 3),
  promo('HC3MQ323', 3, { requiresTerms: true }),
  promo('HC6MZOE', 6, { minimumAge: MIN_DRIVER_AGE_SIX_MONTH_OFFER }),
];

export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

export function findPromotion(code: string, catalogue: readonly Promotion[] = PROMOTIONS): Promotion | null {
  const wanted = normalisePromoCode(code);
  return catalogue.find((p) => p.code === wanted) ?? null;
}

export type PromotionIneligibility =
  | 'UNKNOWN_CODE'
  | 'INACTIVE'
  | 'TERMS_NOT_ACCEPTED'
  | 'UNDER_MINIMUM_AGE'
  | 'PURCHASE_WINDOW_CLOSED';

export interface PromotionCheck {
  eligible: boolean;
  promotion: Promotion | null;
  reasons: PromotionIneligibility[];
}

export interface PromotionCheckInput {
  /** Age of the policyholder (whole years) at the policy start. */
  age: number;
  termsAccepted: boolean;
  now?: Date;
  /** When a deposit was taken: the purchase must follow within the purchase window. */
  depositAt?: DateLike | null;
  catalogue?: readonly Promotion[];
}

/** Every reason a code does not apply, so the page can explain them all at once. */
export function checkPromotion(code: string, input: PromotionCheckInput): PromotionCheck {
  const now = input.now ?? new Date();
  const promotion = findPromotion(code, input.catalogue);
  if (!promotion) return { eligible: false, promotion: null, reasons: ['UNKNOWN_CODE'] };
  const reasons: PromotionIneligibility[] = [];
  if (!isPromotionActive(promotion, now)) reasons.push('INACTIVE');
  if (promotion.requiresTerms && !input.termsAccepted) reasons.push('TERMS_NOT_ACCEPTED');
  if (input.age < promotion.minimumAge) reasons.push('UNDER_MINIMUM_AGE');
  if (input.depositAt && !isWithinPurchaseWindow(input.depositAt, now))
    reasons.push('PURCHASE_WINDOW_CLOSED');
  return { eligible: reasons.length === 0, promotion, reasons };
}

/** True until 30 days after the promotion's end (always true for an open-ended promotion). */
export function isWithinActivationWindow(
  promotion: Pick<Promotion, 'endAt'>,
  now: Date = new Date(),
): boolean {
  if (!promotion.endAt) return true;
  return now.getTime() <= addDays(new Date(promotion.endAt), PROMOTION_ACTIVATION_WINDOW_DAYS).getTime();
}

/** True until 14 days after the deposit. */
export function isWithinPurchaseWindow(depositAt: DateLike, now: Date = new Date()): boolean {
  return now.getTime() <= addDays(new Date(depositAt), PROMOTION_PURCHASE_WINDOW_DAYS).getTime();
}

/** The discount a free-months promotion gives on a monthly schedule: the first N instalments. */
export function freeMonthsDiscount(instalments: readonly Money[], freeMonths: number): Money {
  return add(...instalments.slice(0, Math.max(0, freeMonths)));
}
