/**
 * Mid-term adjustment pricing (issue 13 item 1, ADR 212; issue 26, ADR 344): the difference between the new and
 * the old premium of a billing period, for the days of it from the change on, by the one pro-rata rule. The
 * periods themselves come from the payment schedule (billing/schedule.ts `periodContaining`): a monthly
 * subscription's statement periods, or a policy paid in full's term.
 */
import { type Period, periodDays } from '../billing/schedule.ts';
import { daysBetweenLondon } from '../dates.ts';
import { proRataPence } from '../money.ts';
import type { DateLike } from '../status.ts';

export type { Period } from '../billing/schedule.ts';

/** The billing period of a policy paid in full (annual, driveaway): its whole term. */
export function termPeriod(o: { inceptedAt: DateLike; expiredAt: DateLike }): Period {
  return { start: new Date(o.inceptedAt), end: new Date(o.expiredAt) };
}

/** London days of the period from the effective day to its end (the effective day counts as changed). */
export function daysLeft(period: Period, effectiveAt: DateLike): number {
  const total = periodDays(period);
  const used = Math.max(0, daysBetweenLondon(period.start, effectiveAt));
  return Math.max(0, Math.min(total, total - used));
}

/**
 * What a change costs for the rest of the period: (new − old) × days left ÷ period days, rounded down
 * (`proRataPence`): a dearer change never costs a penny more than its exact figure, a cheaper one never credits a
 * penny less. Positive is due from the customer, negative is credited back.
 */
export function proRataPremium(
  o: { oldPremiumPence: number; newPremiumPence: number; period: Period },
  effectiveAt: DateLike,
): number {
  return proRataPence(
    o.newPremiumPence - o.oldPremiumPence,
    daysLeft(o.period, effectiveAt),
    periodDays(o.period),
  );
}
