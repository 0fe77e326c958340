/**
 * Mid-term adjustment pricing (issue 13 item 1, ADR 212): the difference between the new and the old
 * premium of the billing period the change falls in, for the days left of it, in whole pence.
 */
import { addMonths } from 'date-fns';
import { daysBetweenLondon } from '../dates.ts';
import type { DateLike } from '../status.ts';
import { periodDays } from './cancellation.ts';

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The billing period containing `at`: for a monthly subscription the month since the last monthly
 * anniversary of inception; otherwise the policy year. Before inception: the first period.
 */
export function billingPeriodAt(
  o: { inceptedAt: DateLike; expiredAt?: DateLike | null; monthly: boolean },
  at: DateLike,
): Period {
  const start = new Date(o.inceptedAt);
  if (!o.monthly) {
    const end = o.expiredAt ? new Date(o.expiredAt) : addMonths(start, 12);
    return { start, end };
  }
  const t = new Date(at).getTime();
  let from = start;
  for (let n = 1; n <= 1200; n++) {
    const next = addMonths(start, n);
    if (next.getTime() > t) return { start: from, end: next };
    from = next;
  }
  return { start: from, end: addMonths(from, 1) };
}

/** London days of the period from the effective day to its end (the effective day counts as changed). */
export function daysLeft(period: Period, effectiveAt: DateLike): number {
  const total = periodDays(period);
  const used = Math.max(0, daysBetweenLondon(period.start, effectiveAt));
  return Math.max(0, Math.min(total, total - used));
}

/**
 * What a change costs for the rest of the period: (new − old) × days left ÷ period days, truncated toward
 * zero so that a change and its reverse on the same day net to exactly nothing. Positive is due from the
 * customer, negative is credited back.
 */
export function proRataPremium(
  o: { oldPremiumPence: number; newPremiumPence: number; period: Period },
  effectiveAt: DateLike,
): number {
  const delta = o.newPremiumPence - o.oldPremiumPence;
  const result = Math.trunc((delta * daysLeft(o.period, effectiveAt)) / periodDays(o.period));
  return result === 0 ? 0 : result;
}
