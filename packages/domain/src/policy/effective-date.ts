/**
 * The effective date staff choose for a mid-term change (spec 3 §5 "Effective date for admin adjustments"):
 * immediately, backdated to inception, or another date — valid, on or after the inception day, before now +
 * 30 days, before expiry (not after the next renewal). One rule for the API and the staff modal (ADR 212).
 */
import { ADJUSTMENT_MAX_DAYS_AHEAD } from '../constants.ts';
import { addDaysIso, londonDate, startOfDayLondon } from '../dates.ts';
import type { EffectiveDateChoice } from '../enums.ts';
import type { DateLike } from '../status.ts';

export type EffectiveDateError =
  | { key: 'validation.invalidDate'; message: string }
  | { key: 'validation.beforeInception'; message: string }
  | { key: 'validation.tooFarAhead'; message: string }
  | { key: 'validation.afterExpiry'; message: string }
  | { key: 'validation.inThePast'; message: string };

/** Why a staff-chosen time is refused, naming the dates; null when it may be used. */
export function effectiveDateError(
  policy: { inceptedAt: DateLike; expiredAt?: DateLike | null },
  at: Date,
  now: Date,
): EffectiveDateError | null {
  if (Number.isNaN(at.getTime())) return { key: 'validation.invalidDate', message: 'Enter a real date.' };
  const inceptionDay = londonDate(policy.inceptedAt);
  if (at < startOfDayLondon(inceptionDay))
    return {
      key: 'validation.beforeInception',
      message: `The date must be on or after the inception date, ${inceptionDay}.`,
    };
  const latest = addDaysIso(londonDate(now), ADJUSTMENT_MAX_DAYS_AHEAD);
  if (at >= startOfDayLondon(latest))
    return {
      key: 'validation.tooFarAhead',
      message: `The date must be before ${latest}, 30 days from today.`,
    };
  if (policy.expiredAt && at >= new Date(policy.expiredAt))
    return {
      key: 'validation.afterExpiry',
      message: `The date must be before the policy ends on ${londonDate(policy.expiredAt)}, its next renewal.`,
    };
  return null;
}

/**
 * Why a customer-chosen time is refused (ADR 356): customers may date a change from today (a new car next
 * week), never back; otherwise the same limits as staff (before now + 30 days, before expiry).
 */
export function customerEffectiveDateError(
  policy: { inceptedAt: DateLike; expiredAt?: DateLike | null },
  at: Date,
  now: Date,
): EffectiveDateError | null {
  if (Number.isNaN(at.getTime())) return { key: 'validation.invalidDate', message: 'Enter a real date.' };
  const today = londonDate(now);
  if (at < startOfDayLondon(today))
    return { key: 'validation.inThePast', message: `The date must be today, ${today}, or later.` };
  return effectiveDateError(policy, at, now);
}

/** The first and last London days a customer may choose for a change ('yyyy-MM-dd'), as the rule above. */
export function customerEffectiveDays(
  policy: { inceptedAt: DateLike; expiredAt?: DateLike | null },
  now: Date,
): { first: string; last: string } {
  const start = londonDate(policy.inceptedAt);
  const today = londonDate(now);
  // biome-ignore lint/complexity/useMathMinMax: London dates as ISO strings compare as text; Math.max would make them NaN
  const first = start > today ? start : today;
  let last = addDaysIso(today, ADJUSTMENT_MAX_DAYS_AHEAD - 1);
  if (policy.expiredAt) {
    const lastBeforeExpiry = londonDate(new Date(new Date(policy.expiredAt).getTime() - 1));
    if (lastBeforeExpiry < last) last = lastBeforeExpiry;
  }
  return { first, last };
}

/** The time a choice stands for: now, the inception, or 00:00 London on the chosen day. */
export function effectiveAtOfChoice(
  choice: EffectiveDateChoice,
  policy: { inceptedAt: DateLike },
  now: Date,
  otherDay?: string | null,
): Date {
  if (choice === 'backdate-to-inception') return new Date(policy.inceptedAt);
  if (choice === 'other-date') return otherDay ? startOfDayLondon(otherDay) : new Date(Number.NaN);
  return now;
}
