/**
 * The effective date staff choose for a mid-term change (spec 3 §5 "Effective date for admin adjustments"):
 * immediately, backdated to inception, or another date — valid, on or after the inception day, before now +
 * 30 days, before expiry (not after the next renewal). One rule for the API and the staff modal (ADR 212).
 */
import { ADJUSTMENT_MAX_DAYS_AHEAD } from '../constants.ts';
import { addDaysIso, formatLondon, londonDate, startOfDayLondon } from '../dates.ts';
import type { EffectiveDateChoice } from '../enums.ts';
import type { DateLike } from '../status.ts';

export type EffectiveDateError =
  | { key: 'validation.invalidDate'; message: string }
  | { key: 'validation.beforeInception'; message: string }
  | { key: 'validation.tooFarAhead'; message: string }
  | { key: 'validation.afterExpiry'; message: string }
  | { key: 'validation.inThePast'; message: string }
  | { key: 'validation.beforeLastChange'; message: string };

/**
 * The dates a change's effective time is checked against: the cover's start and end, and when the policy's latest
 * change takes effect (its latest version's start). A change is made on the latest version's answers, so it may
 * not take effect before it: that would carry the later change back over days it was never meant to cover (a car
 * insured before it was the customer's, a credit for a dearer change), ADR 398.
 */
export interface PolicyDates {
  inceptedAt: DateLike;
  expiredAt?: DateLike | null;
  lastChangeAt?: DateLike | null;
}

/**
 * When the policy's latest version starts (its latest change), from the versions the API answers: the version with
 * the highest number, whose answers a change is made on. Not the latest start of any version: a start-date change
 * moves the cover earlier with a new version, and version 1 keeps the old start.
 */
export const lastChangeAtOf = (
  versions: readonly { versionNumber: number; startedAt: string }[] | undefined,
) =>
  versions?.reduce<{ versionNumber: number; startedAt: string } | null>(
    (latest, v) => (latest && latest.versionNumber > v.versionNumber ? latest : v),
    null,
  )?.startedAt ?? null;

/** A change taking effect at `effective` before the policy's latest change: refused, naming when that is. */
export function beforeLastChange(policy: PolicyDates, effective: Date): EffectiveDateError | null {
  if (!policy.lastChangeAt) return null;
  const last = new Date(policy.lastChangeAt);
  if (effective >= last) return null;
  return {
    key: 'validation.beforeLastChange',
    message: `This policy already has a change from ${formatLondon(last, "HH:mm 'on' d MMMM yyyy")}: this change must take effect from then or later.`,
  };
}

/** Why a staff-chosen time is refused, naming the dates; null when it may be used. */
export function effectiveDateError(policy: PolicyDates, at: Date, now: Date): EffectiveDateError | null {
  return withinCover(policy, at, now) ?? beforeLastChange(policy, at);
}

/** The limits of staff and customers alike: a real date, from the inception day, within 30 days, before expiry. */
function withinCover(policy: PolicyDates, at: Date, now: Date): EffectiveDateError | null {
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
  policy: PolicyDates,
  at: Date,
  now: Date,
): EffectiveDateError | null {
  if (Number.isNaN(at.getTime())) return { key: 'validation.invalidDate', message: 'Enter a real date.' };
  const today = londonDate(now);
  if (at < startOfDayLondon(today))
    return { key: 'validation.inThePast', message: `The date must be today, ${today}, or later.` };
  // A customer's today is now (ADR 356).
  return withinCover(policy, at, now) ?? beforeLastChange(policy, at < now ? now : at);
}

/** The first and last London days a customer may choose for a change ('yyyy-MM-dd'), as the rule above. */
export function customerEffectiveDays(policy: PolicyDates, now: Date): { first: string; last: string } {
  const today = londonDate(now);
  // London dates as ISO strings compare as text: the latest of the start, today and the latest change's day.
  const first = [
    londonDate(policy.inceptedAt),
    today,
    ...(policy.lastChangeAt ? [londonDate(policy.lastChangeAt)] : []),
  ]
    .sort()
    .at(-1) as string;
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
