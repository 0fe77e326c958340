/**
 * Policy and proposal status helpers (spec 1 §4, spec 2 §2 and §4). The input shapes name only the
 * fields the helpers read, so API rows and web DTOs both fit. Dates are ISO strings or Dates.
 */

import { addDaysIso, londonDate, londonMidnightOf } from './calendar/london.ts';
import { FALLBACK_DAYS_TO_DEFER, ZERO_PAYMENT_THRESHOLD } from './constants.ts';
import { daysBetweenLondon } from './dates.ts';
import {
  type AccountStatus,
  type CancellationType,
  type CoolingOffStartBasis,
  ENDED_POLICY_STATUSES,
  type MandateStatus,
  type PaymentMethodType,
  type PolicyStatus,
  type ProductKind,
  type ProposalStatus,
  type ReviewType,
} from './enums.ts';
import { toPounds } from './money.ts';
import { hasBillingTab } from './policy/product-kind.ts';

export type DateLike = string | Date;
type Maybe<T> = T | null | undefined;

export interface PolicyDetailLike {
  policyStatus: PolicyStatus;
  inceptedAt?: Maybe<DateLike>;
  createdAt?: Maybe<DateLike>;
  expiredAt?: Maybe<DateLike>;
  terminatedAt?: Maybe<DateLike>;
  renewalStopped?: Maybe<boolean>;
  autoRenewalEnabled?: Maybe<boolean>;
}
export interface PolicyLike {
  policyDetail: PolicyDetailLike;
  reviewType?: Maybe<ReviewType>;
}
export interface ProposalLike {
  status: ProposalStatus;
  startAt?: Maybe<DateLike>;
  renewalCycle?: Maybe<number>;
  sourcePolicy?: Maybe<object>;
  upsellProposal?: Maybe<{ status: ProposalStatus }>;
}
/** Product cancellation configuration (spec 2 §3 "Cancellation config"). */
export interface CancellationRule {
  type: CancellationType;
  /** CoolingOff only: count from inception (default) or from bind, i.e. creation. */
  startAt?: Maybe<CoolingOffStartBasis>;
  /** CoolingOff only: length of the cooling-off period in days (ADR 032: 14 when missing). */
  days?: Maybe<number>;
  daysToDefer?: Maybe<number>;
}

export const DEFAULT_COOLING_OFF_DAYS = 14;
const time = (d: DateLike) => new Date(d).getTime();

/** A policy that is live: pending its start or on cover. Only its account is suspended or reinstated (ADR 396). */
export const LIVE_POLICY_STATUSES = ['ACTIVE', 'PENDING'] as const satisfies readonly PolicyStatus[];

export function isLiveStatus(status: string | null | undefined): boolean {
  return (LIVE_POLICY_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export function isEndedStatus(status: PolicyStatus): boolean {
  return (ENDED_POLICY_STATUSES as readonly string[]).includes(status);
}

/** LAPSED → expiredAt; CANCELLED → terminatedAt; VOIDED/NTU → inceptedAt; otherwise terminatedAt ?? expiredAt. */
export function policyEndDate(policy: PolicyLike): DateLike | null {
  const d = policy.policyDetail;
  switch (d.policyStatus) {
    case 'LAPSED':
      return d.expiredAt ?? null;
    case 'CANCELLED':
      return d.terminatedAt ?? null;
    case 'VOIDED':
    case 'NTU':
      return d.inceptedAt ?? null;
    default:
      return d.terminatedAt ?? d.expiredAt ?? null;
  }
}

export function isStarted(policy: PolicyLike): boolean {
  return policy.policyDetail.policyStatus !== 'PENDING';
}

/**
 * The instant cooling-off ends (exclusive): the end of the `days`-th London day after the London day of its
 * start, i.e. midnight starting the day after it (ADR 342). Started on 5 October, 14 days run to the end of
 * 19 October, 23:59:59.999 London time, across any clock change. The start's own day is not counted, as
 * "fewer than 14 days have passed" reads (spec 2 §4): on 19 October 14 full days have not yet passed.
 */
export function coolingOffEndsAt(start: DateLike, days: number = DEFAULT_COOLING_OFF_DAYS): Date {
  return londonMidnightOf(addDaysIso(londonDate(start), days + 1));
}

/** Standard always allows; CoolingOff only until the end of the `days`-th London day after the basis date. */
export function canCancel(policy: PolicyLike, rule: CancellationRule, now: Date = new Date()): boolean {
  const d = policy.policyDetail;
  if (d.terminatedAt || isEndedStatus(d.policyStatus)) return false;
  // Past its expiry the cover has run out, even before the anniversary job marks it ended: nothing to cancel.
  if (d.expiredAt && now.getTime() >= new Date(d.expiredAt).getTime()) return false;
  if (rule.type === 'Standard') return true;
  const basis = rule.startAt === 'Bind' ? d.createdAt : d.inceptedAt;
  if (!basis) return rule.startAt !== 'Bind' && d.policyStatus === 'PENDING'; // not yet incepted
  return now.getTime() < coolingOffEndsAt(basis, rule.days ?? DEFAULT_COOLING_OFF_DAYS).getTime();
}

/**
 * Days a Standard cancellation may be deferred: daysToDefer (1 when missing or the policy is PENDING),
 * capped by the days left until expiry, never below 0.
 */
export function cancellationDeferralDays(
  policy: PolicyLike,
  rule: CancellationRule,
  now: Date = new Date(),
): number {
  const d = policy.policyDetail;
  const base =
    rule.daysToDefer == null || d.policyStatus === 'PENDING' ? FALLBACK_DAYS_TO_DEFER : rule.daysToDefer;
  const toExpiry = d.expiredAt ? daysBetweenLondon(now, d.expiredAt) : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(base, toExpiry));
}

/** Upsell only when the proposal is QUOTE and its upsell proposal is QUOTE or QUOTE_EXPIRED. */
export function showsUpsell(proposal: ProposalLike): boolean {
  const upsell = proposal.upsellProposal?.status;
  return proposal.status === 'QUOTE' && (upsell === 'QUOTE' || upsell === 'QUOTE_EXPIRED');
}

export function renewalBecamePolicy(renewal: Pick<ProposalLike, 'status'>): boolean {
  return renewal.status === 'POLICY';
}

export function isRenewal(proposal: ProposalLike): boolean {
  return Boolean(proposal.sourcePolicy) && (proposal.renewalCycle ?? 0) > 0;
}

/** Blocked when reviewType is NEVER, renewal is stopped, or auto-renewal is not enabled. */
export function isRenewalBlocked(policy: PolicyLike): boolean {
  const d = policy.policyDetail;
  return policy.reviewType === 'NEVER' || d.renewalStopped === true || !d.autoRenewalEnabled;
}

export function isPromotionActive(
  promo: { active: boolean; endAt?: Maybe<DateLike> },
  now: Date = new Date(),
): boolean {
  return promo.active && (!promo.endAt || time(promo.endAt) > now.getTime());
}

/** No payment method is set and the discounted total (pence) is at or below the £0.001 threshold. */
export function isPaymentMethodUnneeded(method: Maybe<unknown>, discountedTotalPence: number): boolean {
  return (
    (method === null || method === undefined) && toPounds(discountedTotalPence) <= ZERO_PAYMENT_THRESHOLD
  );
}

/** The discount is full (nothing left to pay) when main minus discount is under £0.001. */
export function isDiscountFull(mainPence: number, discountPence: number): boolean {
  return toPounds(mainPence - Math.abs(discountPence)) < ZERO_PAYMENT_THRESHOLD;
}

/** Usable when an ACTIVE account of that type exists and no ACTIVE or pending-approval mandate of that type. */
export function isPaymentMethodUsable(
  type: PaymentMethodType,
  accounts: readonly { accountStatus: AccountStatus; paymentMethodType: Maybe<PaymentMethodType> }[],
  mandates: readonly { type: PaymentMethodType; status: MandateStatus }[],
): boolean {
  const account = accounts.some((a) => a.accountStatus === 'ACTIVE' && a.paymentMethodType === type);
  const blocking = mandates.some(
    (m) => m.type === type && (m.status === 'ACTIVE' || m.status === 'PENDING_CUSTOMER_APPROVAL'),
  );
  return account && !blocking;
}

export type ProposalCardAction = 'view' | 'update' | 'resume' | 'none';
export function proposalCardAction(status: ProposalStatus): ProposalCardAction {
  switch (status) {
    case 'QUOTE':
      return 'view';
    case 'QUOTE_EXPIRED':
      return 'update';
    case 'REFERRAL':
    case 'INSUFFICIENT_ACCURACY':
      return 'resume';
    case 'POLICY':
      return 'none';
  }
}

export type PolicyLink = 'manage' | 'documents' | 'billing' | 'claims';
/** Links on a home policy card; billing hidden for driveaway; manage hidden under renewal or restriction. */
export function policyLinks(
  status: PolicyStatus,
  productKind: ProductKind,
  options: { underRenewal?: boolean; restricted?: boolean } = {},
): PolicyLink[] {
  const byStatus: Record<PolicyStatus, PolicyLink[]> = {
    ACTIVE: ['manage', 'documents', 'billing', 'claims'],
    PENDING: ['manage', 'documents', 'billing', 'claims'],
    CANCELLED: ['billing', 'claims'],
    LAPSED: ['billing', 'claims'],
    VOIDED: ['billing'],
    NTU: ['billing'],
    RENEWED: [],
  };
  return byStatus[status].filter(
    (link) =>
      !(link === 'billing' && !hasBillingTab(productKind)) &&
      !(link === 'manage' && (options.underRenewal || options.restricted)),
  );
}

export type PolicyTab = 'details' | 'documents' | 'billing' | 'claims';
export class PolicyTabsError extends Error {
  override name = 'PolicyTabsError';
}
/**
 * Policy page tabs; ACTIVE shows details first unless in the renewal window, where it comes last (the
 * customer cannot change the policy then, issue 14); RENEWED is an error.
 */
export function policyTabs(
  status: PolicyStatus,
  productKind: ProductKind,
  options: { inRenewalWindow?: boolean } = {},
): PolicyTab[] {
  const byStatus: Record<Exclude<PolicyStatus, 'RENEWED'>, PolicyTab[]> = {
    ACTIVE: options.inRenewalWindow
      ? ['documents', 'billing', 'claims', 'details']
      : ['details', 'documents', 'billing', 'claims'],
    PENDING: ['details', 'documents', 'billing', 'claims'],
    CANCELLED: ['billing', 'claims'],
    LAPSED: ['billing', 'claims'],
    VOIDED: ['billing'],
    NTU: ['billing'],
  };
  if (status === 'RENEWED')
    throw new PolicyTabsError('A renewed policy has no tabs; show its renewal instead');
  return byStatus[status].filter((tab) => !(tab === 'billing' && !hasBillingTab(productKind)));
}

/** Home order of policies (ADR 032): live cover first, then ended ones; RENEWED last. */
export const POLICY_STATUS_ORDER: readonly PolicyStatus[] = [
  'ACTIVE',
  'PENDING',
  'LAPSED',
  'CANCELLED',
  'VOIDED',
  'NTU',
  'RENEWED',
];
const rank = (s: PolicyStatus) => POLICY_STATUS_ORDER.indexOf(s);
const timeOr = (d: Maybe<DateLike>, fallback: number) => (d ? time(d) : fallback);

/** By status order, then newest inception first. Does not mutate. */
export function sortPolicies<T extends PolicyLike>(policies: readonly T[]): T[] {
  return [...policies].sort(
    (a, b) =>
      rank(a.policyDetail.policyStatus) - rank(b.policyDetail.policyStatus) ||
      timeOr(b.policyDetail.inceptedAt, 0) - timeOr(a.policyDetail.inceptedAt, 0),
  );
}

/** By start date, soonest first; proposals without a start date last. Does not mutate. */
export function sortProposals<T extends ProposalLike>(proposals: readonly T[]): T[] {
  return [...proposals].sort(
    (a, b) => timeOr(a.startAt, Number.POSITIVE_INFINITY) - timeOr(b.startAt, Number.POSITIVE_INFINITY) || 0,
  );
}

/** Claim status display variant (spec 2 §4). */
export function claimStatusVariant(status: string): 'info' | 'success' | 'default' {
  if (status === 'active') return 'info';
  if (status === 'settled') return 'success';
  return 'default';
}
