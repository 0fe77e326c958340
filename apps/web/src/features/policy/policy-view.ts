import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import type { ProductKind } from '@forecourt/domain/enums';
import { type PolicyTab, policyTabs } from '@forecourt/domain/status';

/** The tabs a policy shows (domain `policyTabs`), without billing when the policy has no billing account. */
export function visibleTabs(policy: Policy, product: ProductKind, hasAccount: boolean): PolicyTab[] {
  return policyTabs(policy.policyDetail.policyStatus, product, {
    inRenewalWindow: policy.inRenewalWindow === true,
  }).filter((tab) => tab !== 'billing' || hasAccount);
}

/** Lifecycle pages of a live policy (spec 2 §2 sub-routes); the cancellation confirmation for any status. */
export const lifecyclePaths = [
  'cancel',
  'cancel/confirm',
  'uploads',
  'uploads/confirm',
  'excess',
  'add-ons',
] as const;
export type LifecyclePath = (typeof lifecyclePaths)[number];

export type PolicyView =
  | { kind: 'tab'; tab: PolicyTab }
  | { kind: 'lifecycle'; path: LifecyclePath }
  | { kind: 'adjustment'; adjustmentId: string; result: boolean; payment?: boolean }
  | { kind: 'management'; path: string }
  | { kind: 'root' }
  | { kind: 'none' };

/**
 * What a sub-path of /{product}/policy/{id}/ shows: '' is the first tab; a tab the status allows is that tab;
 * a lifecycle page only for ACTIVE and PENDING; anything else goes back to the policy root.
 */
export function viewOf(subPath: string, policy: Policy, tabs: PolicyTab[]): PolicyView {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  if (path === '') return tabs[0] ? { kind: 'tab', tab: tabs[0] } : { kind: 'none' };
  if ((tabs as string[]).includes(path)) return { kind: 'tab', tab: path as PolicyTab };
  // The cancellation confirmation shows whatever the status (spec 2 §2: other statuses keep only it).
  if (path === 'cancel/confirm') return { kind: 'lifecycle', path };
  const live = ['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
  const review = /^management\/adjustment\/([0-9a-f-]{36})(\/result|\/payment)?$/.exec(path);
  // '/payment': the hosted card page returns here (ADR 300), then the result.
  if (review?.[1] && review[2] === '/payment')
    return { kind: 'adjustment', adjustmentId: review[1], result: false, payment: true };
  if (review?.[1]) return { kind: 'adjustment', adjustmentId: review[1], result: Boolean(review[2]) };
  // The management pages (spec 3 §2): the index, section/{id}, and a section's profile pages.
  const manage = /^management(?:\/(section\/.+))?$/.exec(path);
  if (live && manage) return { kind: 'management', path: manage[1] ?? '' };
  if (live && (lifecyclePaths as readonly string[]).includes(path))
    return { kind: 'lifecycle', path: path as LifecyclePath };
  return { kind: 'root' };
}

export interface DriverLine {
  name: string;
  policyholder: boolean;
}

export function driversOf(quote: Partial<Quote>): DriverLine[] {
  return (quote.insuredProfiles ?? []).map((p) => {
    const d = p.data as { firstName?: unknown; lastName?: unknown };
    const name = [d.firstName, d.lastName].filter((x) => typeof x === 'string' && x).join(' ');
    return { name: name || p.profileCode, policyholder: p.policyholder };
  });
}

export function carOf(quote: Partial<Quote>): { vrn: string | null; description: string } {
  const spec = (quote.specification ?? {}) as Record<string, unknown>;
  const parts = ['make', 'model', 'trim'].map((k) => spec[k]).filter((x) => typeof x === 'string' && x);
  return { vrn: quote.vrn ?? null, description: parts.join(' ') };
}

/** Add-ons the customer chose, with their yearly price in pence when known. */
export function addOnsOf(quote: Partial<Quote>): { code: string; premium: number | null }[] {
  return (quote.optionalCovers ?? [])
    .filter((c) => c.active === true)
    .map((c) => ({ code: c.code, premium: c.premium }));
}
