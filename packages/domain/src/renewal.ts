/**
 * The anniversary (spec 3 §2 and §4 Renewal, spec 2 §2 banners and §4 auto-renewal): when a policy is in its
 * renewal window, and the fair-price rule of ICOBS 6B (a renewal never costs more than the same risk would
 * cost a new customer today through the same channel). Pure; the API and the web both run these.
 */
import { daysBetweenLondon } from './dates.ts';
import type { PolicyStatus } from './enums.ts';
import { basisPoints, iptOn } from './money.ts';
import { breakdownOf, totalsOf } from './rating/price.ts';
import type { RatingResult, TraceEntry } from './rating/types.ts';

/** Days before the anniversary the invitation is sent (ADR 220): 30 by default, never fewer than 21. */
export const RENEWAL_INVITATION_DAYS_DEFAULT = 30;
export const RENEWAL_INVITATION_DAYS_MIN = 21;

/** The configured invitation window, raised to the minimum of 21 days (ICOBS 6A.6 timing). */
export function invitationWindowDays(configured?: number | null): number {
  const days = configured ?? RENEWAL_INVITATION_DAYS_DEFAULT;
  return Math.max(RENEWAL_INVITATION_DAYS_MIN, Math.trunc(days));
}

type DateLike = string | Date;

/**
 * Whether a policy is in its renewal window on `now`: live (ACTIVE or PENDING), not yet at its anniversary,
 * and the anniversary at most `windowDays` London calendar days away. During the window customers cannot
 * change the policy themselves (spec 3 §4 Renewal) and the home hides the manage link (spec 2 §2).
 */
export function inRenewalWindow(
  policy: { status: PolicyStatus; expiredAt: DateLike | null | undefined },
  now: Date,
  windowDays: number = RENEWAL_INVITATION_DAYS_DEFAULT,
): boolean {
  if (policy.status !== 'ACTIVE' && policy.status !== 'PENDING') return false;
  if (!policy.expiredAt) return false;
  const expiry = new Date(policy.expiredAt);
  if (expiry.getTime() <= now.getTime()) return false;
  return daysBetweenLondon(now, expiry) <= invitationWindowDays(windowDays);
}

/** The equivalent new-business price beside the renewal price, each with the rating's trace. */
export interface PriceWithTrace {
  /** Annual total in pence, tax included (`totals.discountedPrice`). */
  total: number;
  ratingDate: string;
  trace: TraceEntry[];
}
export interface CappedRenewal {
  /** The renewal quote offered: the renewal rating, its price lines capped at new business when higher. */
  quote: RatingResult;
  renewal: PriceWithTrace;
  newBusiness: PriceWithTrace;
  capped: boolean;
}

const totalOf = (r: RatingResult) => r.totals?.discountedPrice ?? 0;
const withTrace = (r: RatingResult): PriceWithTrace => ({
  total: totalOf(r),
  ratingDate: r.ratingDate,
  trace: r.trace,
});

/**
 * ICOBS 6B: the renewal price is never above the equivalent new-business price. `renewal` is the risk rated
 * at the anniversary; `newBusiness` the same risk as a new customer of the same channel would buy it for the
 * same start, with that channel's free-month promotion when it applies (ADRs 221, 348). When the renewal costs
 * more, the offered price lines are the new-business lines with the same free months (so every figure, monthly
 * plan and cover price match it to the penny); status, referral reasons, endorsements and excesses stay the
 * renewal's.
 */
export function capAtNewBusiness(renewal: RatingResult, newBusiness: RatingResult): CappedRenewal {
  const capped =
    renewal.totals !== null && newBusiness.totals !== null && totalOf(renewal) > totalOf(newBusiness);
  const base = { renewal: withTrace(renewal), newBusiness: withTrace(newBusiness), capped };
  if (!capped || !newBusiness.totals) return { quote: renewal, ...base };
  const promotion = newBusiness.promotion?.applied ? newBusiness.promotion : null;
  const breakdown = breakdownOf(newBusiness.priceBreakdown, {
    iptRate: newBusiness.totals.iptRate,
    freeMonths: promotion?.freeMonths ?? 0,
    monthly: newBusiness.totals.monthly !== null,
    promoCode: promotion?.code ?? null,
  });
  const main = breakdown.lines.find((l) => l.coverGroup === 'MAIN');
  const quote: RatingResult = {
    ...renewal,
    priceBreakdown: breakdown.lines,
    optionalCovers: newBusiness.optionalCovers,
    totals: totalsOf(breakdown),
    promotion,
    trace: [
      ...renewal.trace,
      {
        factor: 'renewalCapAtNewBusiness',
        input: totalOf(newBusiness),
        premiumAfter: main?.net ?? 0,
      },
    ],
  };
  return { quote, ...base };
}

/** How far staff may move a renewal's main premium when they re-rate it (ADR 265): a loading or a discount. */
export const RENEWAL_ADJUSTMENT_PERCENT_MAX = 25;

/**
 * A staff re-rate's adjustment (ADR 265): the main cover's net premium moved by `percent` (half-up to the
 * penny), its IPT recomputed, and the totals and monthly plan rebuilt from the lines. Applied to the renewal
 * rating before `capAtNewBusiness`, so a loading can never lift the offer above the new-business price.
 */
export function adjustRenewal(result: RatingResult, percent: number): RatingResult {
  const p = Math.max(
    -RENEWAL_ADJUSTMENT_PERCENT_MAX,
    Math.min(RENEWAL_ADJUSTMENT_PERCENT_MAX, Math.trunc(percent)),
  );
  if (p === 0 || !result.totals) return result;
  const bp = basisPoints(result.totals.iptRate);
  const lines = result.priceBreakdown.map((l) => {
    if (l.coverGroup !== 'MAIN') return l;
    const moved = l.net * p;
    const net = l.net + Math.sign(moved) * Math.floor((Math.abs(moved) + 50) / 100);
    const ipt = iptOn(net, bp);
    return { ...l, net, ipt, gross: net + ipt };
  });
  const breakdown = breakdownOf(lines, {
    iptRate: result.totals.iptRate,
    freeMonths: 0,
    monthly: result.totals.monthly !== null,
  });
  const main = breakdown.lines.find((l) => l.coverGroup === 'MAIN');
  return {
    ...result,
    priceBreakdown: breakdown.lines,
    totals: totalsOf(breakdown),
    promotion: null,
    trace: [
      ...result.trace,
      { factor: 'staffAdjustment', input: p, multiplier: 1 + p / 100, premiumAfter: main?.net ?? 0 },
    ],
  };
}
