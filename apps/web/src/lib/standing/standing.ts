import type { Policy, PolicyStanding } from '@forecourt/contracts/policies';

/**
 * Where a policy stands (issue 28, ADR 352) as the API worked it out: the pages read it and never work it out
 * themselves. A policy answered without it (an old cached answer) stands as nothing in particular.
 */
export function standingOf(policy: Policy): PolicyStanding {
  if (policy.standing) return policy.standing;
  // An answer without it (an older API in a cached answer, a test fixture): only what the policy says itself.
  const d = policy.policyDetail;
  const live = d.policyStatus === 'ACTIVE' || d.policyStatus === 'PENDING';
  const renews = live && !d.terminatedAt && !d.renewalStopped && policy.reviewType !== 'NEVER' && d.expiredAt;
  return {
    headline: live && d.terminatedAt ? 'ending' : 'active',
    facts: [],
    arrears: null,
    pendingCollection: null,
    ending: live && d.terminatedAt ? { endsAt: d.terminatedAt } : null,
    renewal: renews
      ? { state: d.autoRenewalEnabled ? 'automatic' : 'optedOut', anniversaryAt: d.expiredAt as string }
      : null,
    ended: live
      ? null
      : { status: d.policyStatus, endedAt: d.terminatedAt ?? d.expiredAt, neverStarted: false },
    payingBack: null,
    nextPayment: null,
  };
}

/** The one badge a policy card shows beside its status, if any, with its variant. */
export function standingBadge(
  s: PolicyStanding,
): { key: string; variant: 'critical' | 'warning' | 'info'; date?: string } | null {
  if (s.arrears) return { key: `standing.badge.arrears.${s.arrears.why}`, variant: 'critical' };
  // The headline only (ADR 364): a policy not taken up says so by its status, not also "Will not start".
  if (s.headline === 'notStarting') return { key: 'standing.badge.notStarting', variant: 'warning' };
  if (s.ending) return { key: 'standing.badge.ending', variant: 'warning', date: s.ending.endsAt };
  if (s.renewal?.state === 'referred') return { key: 'standing.badge.referred', variant: 'info' };
  // Money owed back (ADR 405): a refund failed and the customer is asked to call, or it is on its way.
  if (s.payingBack?.state === 'held') return { key: 'standing.badge.payingBack.held', variant: 'warning' };
  if (s.payingBack) return { key: 'standing.badge.payingBack', variant: 'info' };
  return null;
}

/** No renewal wording or toggle: a cancellation is set, the renewal is referred, or nothing renews. */
export const autoRenewalToggle = (s: PolicyStanding) =>
  s.renewal !== null && s.renewal.state !== 'referred' && !s.ending;

/**
 * The words for money owed back (ADR 405): where it goes, or, for a refund past the day it should have arrived
 * (`reachesBy` null), that it is late. A credit not yet paid back goes "the way you paid".
 */
export function payingBackBody(back: NonNullable<PolicyStanding['payingBack']>): string {
  if (back.state === 'onItsWay' && back.reachesBy === null) return 'standing.payingBack.body.late';
  const way = back.state === 'toPayBack' ? 'any' : (back.method ?? 'any');
  return `standing.payingBack.body.${back.state}.${way}`;
}

/** The home card's line for money owed back (ADR 405), with its key and values. */
export function payingBackCardLine(back: NonNullable<PolicyStanding['payingBack']>): string {
  if (back.state === 'onItsWay') return `standing.card.payingBack.${back.reachesBy ? 'onItsWay' : 'late'}`;
  return `standing.card.payingBack.${back.state}`;
}
