/**
 * Cancellation rules (spec 2 §4/§5, spec 3 §3, ICOBS 7): which rule applies now, how far a cancellation
 * may be deferred, how a reason is stored, and what a cancellation refunds — pro-rata, in whole pence.
 * Pure: the API posts what these say to the ledger, the web shows the same figures (ADR 210).
 */
import { daysOnCoverIn, periodDays as schedulePeriodDays } from '../billing/schedule.ts';
import { DEFAULT_DAYS_TO_DEFER } from '../constants.ts';
import { addDaysIso, londonDate, startOfDayLondon } from '../dates.ts';
import { type CoolingOffStartBasis, RENEWAL_CANCELLATION_REASONS } from '../enums.ts';
import { proRataPence } from '../money.ts';
import {
  type CancellationRule,
  canCancel,
  cancellationDeferralDays,
  type DateLike,
  DEFAULT_COOLING_OFF_DAYS,
  type PolicyLike,
} from '../status.ts';

/** The product's cancellation configuration (product.json `cancellation`). */
export interface CancellationConfig {
  reasons: string[];
  daysToDefer: number | null;
  coolingOff: { days: number; from: CoolingOffStartBasis };
}

export const DEFAULT_CANCELLATION_CONFIG: CancellationConfig = {
  reasons: [...RENEWAL_CANCELLATION_REASONS],
  daysToDefer: DEFAULT_DAYS_TO_DEFER,
  coolingOff: { days: DEFAULT_COOLING_OFF_DAYS, from: 'Inception' },
};

/**
 * The rule that applies to a policy now: CoolingOff while fewer than the configured days have passed since
 * inception (or bind), else Standard. A policy not yet started is always in its cooling-off period.
 */
export function cancellationRuleFor(
  config: CancellationConfig,
  policy: PolicyLike,
  now: Date,
): CancellationRule {
  const coolingOff: CancellationRule = {
    type: 'CoolingOff',
    startAt: config.coolingOff.from,
    days: config.coolingOff.days,
  };
  const d = policy.policyDetail;
  const pending = d.policyStatus === 'PENDING' || (d.inceptedAt != null && new Date(d.inceptedAt) > now);
  if (pending || canCancel(policy, coolingOff, now)) return coolingOff;
  return { type: 'Standard', daysToDefer: config.daysToDefer ?? null };
}

export interface CancellationWindow {
  allowed: boolean;
  type: CancellationRule['type'];
  /** Standard: the latest London day the cancellation may be deferred to (inclusive); CoolingOff: today. */
  latestDay: string;
  deferralDays: number;
  /** When the cover ends anyway (the expiry): a cancellation may not be deferred to it or past it. */
  expiresAt?: DateLike | null;
}

/** What the cancel page offers: the rule, and for Standard the latest day it may be deferred to. */
export function cancellationWindow(
  config: CancellationConfig,
  policy: PolicyLike,
  now: Date,
): CancellationWindow {
  const rule = cancellationRuleFor(config, policy, now);
  const allowed = canCancel(policy, rule, now);
  const deferralDays = rule.type === 'Standard' ? cancellationDeferralDays(policy, rule, now) : 0;
  const expiresAt = policy.policyDetail.expiredAt ?? null;
  // The last day a cancellation may start on begins before the expiry (one at London midnight leaves its day out).
  const byDeferral = addDaysIso(londonDate(now), deferralDays);
  const byExpiry = expiresAt ? londonDate(new Date(new Date(expiresAt).getTime() - 1)) : byDeferral;
  const [latestDay] = [byExpiry, byDeferral].sort();
  return { allowed, type: rule.type, deferralDays, latestDay: latestDay ?? byDeferral, expiresAt };
}

/**
 * When a cancellation takes effect: now when no time is given or it is already past. CoolingOff offers no
 * other time (its charges count from inception: only the days on cover are kept): a time ahead is 'too-late'.
 * Standard: the requested time, which must fall on or before the latest day and before the expiry (else 'too-late').
 */
export function cancellationEffectiveAt(
  window: CancellationWindow,
  requested: DateLike | null | undefined,
  now: Date,
): { at: Date; immediate: boolean } | 'too-late' {
  if (requested == null) return { at: now, immediate: true };
  const at = new Date(requested);
  if (at <= now) return { at: now, immediate: true };
  // Cooling-off offers no date (spec 2 §5): a date ahead is refused, never quietly made "now" (issue 26: a
  // customer who asked for next week would otherwise be uninsured from today).
  if (window.type === 'CoolingOff') return 'too-late';
  // The latest day ends at its London midnight, or at the expiry when that comes first: a cancellation dated
  // at or after the cover's own end is no cancellation (it would otherwise end the cover at once).
  const end = startOfDayLondon(addDaysIso(window.latestDay, 1));
  if (at >= end || (window.expiresAt && at >= new Date(window.expiresAt))) return 'too-late';
  return { at, immediate: false };
}

/** Reason as stored (spec 2 §5): a configured reason; 'Other' joined to its non-empty free text by a pipe. */
export function storedCancellationReason(
  config: Pick<CancellationConfig, 'reasons'>,
  reason: string,
  otherText?: string | null,
): { ok: true; value: string } | { ok: false; field: 'reason' | 'otherText' } {
  if (!config.reasons.includes(reason)) return { ok: false, field: 'reason' };
  if (reason !== 'Other') return { ok: true, value: reason };
  const text = (otherText ?? '').trim();
  if (!text) return { ok: false, field: 'otherText' };
  return { ok: true, value: `Other|${text}` };
}

/** A charge for a period of cover: an invoice line's amount and service period. */
export interface ChargedPeriod {
  amountPence: number;
  start: DateLike;
  end: DateLike;
  /**
   * What the days of the charge cost at the prices that took effect, when a change that never took effect priced
   * it (ADR 385: `partInEffect`); the days on cover are kept at this, the rest of the charge credited.
   */
  inEffectPence?: number;
}

/** London calendar days a period covers (at least 1). */
export function periodDays(p: Pick<ChargedPeriod, 'start' | 'end'>): number {
  return schedulePeriodDays({ start: new Date(p.start), end: new Date(p.end) });
}

/**
 * Days of a period on cover when cover ends at `at`: none before it starts, every London day begun counts as a
 * day on cover (an end at London midnight begins no day), the whole period once it has ended.
 */
export function daysOnCover(p: Pick<ChargedPeriod, 'start' | 'end'>, at: DateLike): number {
  return daysOnCoverIn({ start: new Date(p.start), end: new Date(p.end) }, new Date(at));
}

/**
 * The part of a charge kept for the days on cover, by the one pro-rata rule (rounded down, ADR 344): the
 * customer keeps paying for a part of a charge never rounded up, and keeps a part of a credit (a negative
 * amount) never rounded down in size.
 */
export function keptFor(p: ChargedPeriod, at: DateLike): number {
  return proRataPence(p.inEffectPence ?? p.amountPence, daysOnCover(p, at), periodDays(p));
}

/** What cancelling at `at` credits back on one charge: everything but the days on cover. */
export function creditFor(p: ChargedPeriod, at: DateLike): number {
  return p.amountPence - keptFor(p, at);
}

/** The credit of a cancellation over every charge of the policy; the ledger posts it as a credit note. */
export function cancellationCredit(charges: readonly ChargedPeriod[], at: DateLike): number {
  return charges.reduce((sum, c) => sum + creditFor(c, at), 0);
}

/**
 * The money paid back: the credit less what is still owed. `balancePence` is the account's balance before
 * the cancellation (positive: the customer owes; negative: in credit).
 */
export function refundDue(creditPence: number, balancePence: number): number {
  return Math.max(0, creditPence - balancePence);
}

/**
 * What the customer still owes once the cancellation is posted (ADR 383): the balance before it, less the credit,
 * plus what is paid back; never below nothing. Arrears, or a change's credit taken back (a credit below nothing).
 */
export function owedAfter(creditPence: number, refundPence: number, balancePence: number): number {
  return Math.max(0, balancePence + refundPence - creditPence);
}
