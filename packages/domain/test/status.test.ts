import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLICY_STATUSES, type PolicyStatus, PROPOSAL_STATUSES } from '../src/enums.ts';
import {
  type CancellationRule,
  canCancel,
  cancellationDeferralDays,
  claimStatusVariant,
  coolingOffEndsAt,
  isDiscountFull,
  isEndedStatus,
  isPaymentMethodUnneeded,
  isPaymentMethodUsable,
  isPromotionActive,
  isRenewal,
  isRenewalBlocked,
  isStarted,
  POLICY_STATUS_ORDER,
  type PolicyDetailLike,
  PolicyTabsError,
  policyEndDate,
  policyLinks,
  policyTabs,
  proposalCardAction,
  renewalBecamePolicy,
  showsUpsell,
  sortPolicies,
  sortProposals,
} from '../src/status.ts';

const dates = {
  createdAt: '2026-10-01T09:00:00Z',
  inceptedAt: '2026-10-05T00:00:00Z',
  expiredAt: '2027-10-05T00:00:00Z',
  terminatedAt: null as string | null,
};
const policy = (
  policyStatus: PolicyStatus,
  extra: Partial<PolicyDetailLike> = {},
  reviewType = 'AUTO' as const,
) => ({
  policyDetail: { policyStatus, ...dates, autoRenewalEnabled: true, renewalStopped: false, ...extra },
  reviewType,
});

describe('policy status', () => {
  it('ended statuses', () => {
    expect(
      ['CANCELLED', 'VOIDED', 'NTU', 'LAPSED', 'RENEWED'].every((s) => isEndedStatus(s as PolicyStatus)),
    ).toBe(true);
    expect(isEndedStatus('ACTIVE')).toBe(false);
    expect(isEndedStatus('PENDING')).toBe(false);
  });
  it('end date by status', () => {
    const t = '2026-11-01T10:00:00Z';
    expect(policyEndDate(policy('LAPSED', { terminatedAt: t }))).toBe(dates.expiredAt);
    expect(policyEndDate(policy('CANCELLED', { terminatedAt: t }))).toBe(t);
    expect(policyEndDate(policy('VOIDED'))).toBe(dates.inceptedAt);
    expect(policyEndDate(policy('NTU'))).toBe(dates.inceptedAt);
    expect(policyEndDate(policy('ACTIVE'))).toBe(dates.expiredAt);
    expect(policyEndDate(policy('ACTIVE', { terminatedAt: t }))).toBe(t);
    expect(policyEndDate(policy('PENDING', { expiredAt: null }))).toBeNull();
  });
  it('started unless PENDING', () => {
    expect(isStarted(policy('PENDING'))).toBe(false);
    expect(isStarted(policy('ACTIVE'))).toBe(true);
    expect(isStarted(policy('CANCELLED'))).toBe(true);
  });
});

describe('canCancel', () => {
  const standard: CancellationRule = { type: 'Standard' };
  const coolingInception: CancellationRule = { type: 'CoolingOff', startAt: 'Inception', days: 14 };
  const coolingBind: CancellationRule = { type: 'CoolingOff', startAt: 'Bind', days: 14 };
  it('Standard always allows a live policy, never an ended or terminated one', () => {
    expect(canCancel(policy('ACTIVE'), standard, new Date('2027-09-01'))).toBe(true);
    expect(canCancel(policy('PENDING'), standard)).toBe(true);
    expect(canCancel(policy('CANCELLED'), standard)).toBe(false);
    expect(canCancel(policy('ACTIVE', { terminatedAt: '2026-12-01T00:00:00Z' }), standard)).toBe(false);
  });
  it('nothing to cancel once the expiry has passed, though the anniversary job has not yet ended it', () => {
    expect(canCancel(policy('ACTIVE'), standard, new Date('2027-10-04T23:59:59Z'))).toBe(true);
    expect(canCancel(policy('ACTIVE'), standard, new Date('2027-10-05T00:00:00Z'))).toBe(false);
    expect(canCancel(policy('ACTIVE'), standard, new Date('2027-10-05T12:00:00Z'))).toBe(false);
  });
  it('CoolingOff from inception: to the end of the 14th London day after it (5 Oct: all of 19 Oct)', () => {
    expect(canCancel(policy('ACTIVE'), coolingInception, new Date('2026-10-19T12:00:00Z'))).toBe(true);
    expect(canCancel(policy('ACTIVE'), coolingInception, new Date('2026-10-20T12:00:00Z'))).toBe(false);
  });
  it('CoolingOff from bind counts from creation', () => {
    expect(canCancel(policy('ACTIVE'), coolingBind, new Date('2026-10-15T12:00:00Z'))).toBe(true);
    expect(canCancel(policy('ACTIVE'), coolingBind, new Date('2026-10-16T12:00:00Z'))).toBe(false);
  });
  it.each([
    ['winter', '2026-12-01T00:00:00Z', '2026-12-15T23:59:00Z', '2026-12-16T00:00:00Z'],
    ['summer', '2027-06-30T23:00:00Z', '2027-07-15T22:59:00Z', '2027-07-15T23:00:00Z'],
    // Across the clock changes: BST start, GMT end; GMT start, BST end.
    ['autumn change', '2026-10-19T23:00:00Z', '2026-11-03T23:59:00Z', '2026-11-04T00:00:00Z'],
    ['spring change', '2027-03-20T00:00:00Z', '2027-04-03T22:59:00Z', '2027-04-03T23:00:00Z'],
    // Incepted mid-day (today's start): the start's own day is not counted either.
    ['mid-day start', '2026-12-01T15:20:00Z', '2026-12-15T23:59:59Z', '2026-12-16T00:00:00Z'],
  ])(
    'CoolingOff boundary, %s: 23:59 London on the 14th day is inside, 00:00 the next day outside',
    (_, start, last, next) => {
      const p = policy('ACTIVE', { inceptedAt: start });
      expect(canCancel(p, coolingInception, new Date(last))).toBe(true);
      expect(canCancel(p, coolingInception, new Date(next))).toBe(false);
      expect(coolingOffEndsAt(start, 14)).toEqual(new Date(next));
    },
  );
  it('CoolingOff defaults to 14 days and allows a not-yet-incepted pending policy', () => {
    const rule: CancellationRule = { type: 'CoolingOff' };
    expect(canCancel(policy('ACTIVE'), rule, new Date('2026-10-18T12:00:00Z'))).toBe(true);
    expect(canCancel(policy('ACTIVE'), rule, new Date('2026-10-20T12:00:00Z'))).toBe(false);
    expect(canCancel(policy('PENDING', { inceptedAt: null }), rule)).toBe(true);
  });
});

describe('cancellationDeferralDays', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('uses daysToDefer, capped by the days to expiry', () => {
    expect(cancellationDeferralDays(policy('ACTIVE'), { type: 'Standard', daysToDefer: 30 }, now)).toBe(30);
    const nearEnd = policy('ACTIVE', { expiredAt: '2026-12-01T00:00:00Z' });
    expect(cancellationDeferralDays(nearEnd, { type: 'Standard', daysToDefer: 30 }, now)).toBe(10);
  });
  it('is 1 when the setting is missing or the policy is PENDING', () => {
    expect(cancellationDeferralDays(policy('ACTIVE'), { type: 'Standard' }, now)).toBe(1);
    expect(cancellationDeferralDays(policy('PENDING'), { type: 'Standard', daysToDefer: 30 }, now)).toBe(1);
  });
  it('never negative after expiry', () => {
    const expired = policy('ACTIVE', { expiredAt: '2026-11-01T00:00:00Z' });
    expect(cancellationDeferralDays(expired, { type: 'Standard', daysToDefer: 30 }, now)).toBe(0);
  });
});

describe('proposals', () => {
  it('upsell only for a QUOTE whose upsell is QUOTE or QUOTE_EXPIRED', () => {
    expect(showsUpsell({ status: 'QUOTE', upsellProposal: { status: 'QUOTE' } })).toBe(true);
    expect(showsUpsell({ status: 'QUOTE', upsellProposal: { status: 'QUOTE_EXPIRED' } })).toBe(true);
    expect(showsUpsell({ status: 'QUOTE', upsellProposal: { status: 'REFERRAL' } })).toBe(false);
    expect(showsUpsell({ status: 'REFERRAL', upsellProposal: { status: 'QUOTE' } })).toBe(false);
    expect(showsUpsell({ status: 'QUOTE' })).toBe(false);
  });
  it('renewal: source policy and cycle above 0; became policy when POLICY', () => {
    expect(isRenewal({ status: 'QUOTE', sourcePolicy: { policyId: 'p' }, renewalCycle: 1 })).toBe(true);
    expect(isRenewal({ status: 'QUOTE', sourcePolicy: { policyId: 'p' }, renewalCycle: 0 })).toBe(false);
    expect(isRenewal({ status: 'QUOTE', renewalCycle: 2 })).toBe(false);
    expect(renewalBecamePolicy({ status: 'POLICY' })).toBe(true);
    expect(renewalBecamePolicy({ status: 'QUOTE' })).toBe(false);
  });
  it('card action by status', () => {
    expect(PROPOSAL_STATUSES.map(proposalCardAction)).toEqual(['resume', 'view', 'update', 'resume', 'none']);
  });
  it('sorted by start date, soonest first, undated last, without mutating', () => {
    const list = [
      { status: 'QUOTE' as const, startAt: '2026-12-01T00:00:00Z', id: 'b' },
      { status: 'QUOTE' as const, startAt: null, id: 'c' },
      { status: 'QUOTE' as const, startAt: '2026-11-25T00:00:00Z', id: 'a' },
    ];
    expect(sortProposals(list).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(list[0]?.id).toBe('b');
  });
});

describe('renewal blocked', () => {
  it('by reviewType NEVER, stopped renewal or auto-renewal off', () => {
    expect(isRenewalBlocked(policy('ACTIVE'))).toBe(false);
    expect(isRenewalBlocked(policy('ACTIVE', {}, 'NEVER' as 'AUTO'))).toBe(true);
    expect(isRenewalBlocked(policy('ACTIVE', { renewalStopped: true }))).toBe(true);
    expect(isRenewalBlocked(policy('ACTIVE', { autoRenewalEnabled: false }))).toBe(true);
    expect(isRenewalBlocked(policy('ACTIVE', {}, 'MANUAL' as 'AUTO'))).toBe(false);
  });
});

describe('promotions and payment methods', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('promotion active when flagged and not ended', () => {
    expect(isPromotionActive({ active: true }, now)).toBe(true);
    expect(isPromotionActive({ active: true, endAt: '2026-11-22T00:00:00Z' }, now)).toBe(true);
    expect(isPromotionActive({ active: true, endAt: '2026-11-21T12:00:00Z' }, now)).toBe(false);
    expect(isPromotionActive({ active: false }, now)).toBe(false);
  });
  it('payment method unneeded only when none set and nothing to pay', () => {
    expect(isPaymentMethodUnneeded(null, 0)).toBe(true);
    expect(isPaymentMethodUnneeded(undefined, -500)).toBe(true);
    expect(isPaymentMethodUnneeded(null, 1)).toBe(false);
    expect(isPaymentMethodUnneeded({ type: 'CARD' }, 0)).toBe(false);
  });
  it('discount full when nothing is left', () => {
    expect(isDiscountFull(5000, -5000)).toBe(true);
    expect(isDiscountFull(5000, 4999)).toBe(false);
  });
  it('usable with an active account of the type and no live mandate of the type', () => {
    const accounts = [{ accountStatus: 'ACTIVE' as const, paymentMethodType: 'BACS_DEBIT' as const }];
    expect(isPaymentMethodUsable('BACS_DEBIT', accounts, [])).toBe(true);
    expect(isPaymentMethodUsable('BACS_DEBIT', accounts, [{ type: 'BACS_DEBIT', status: 'CANCELLED' }])).toBe(
      true,
    );
    expect(isPaymentMethodUsable('BACS_DEBIT', accounts, [{ type: 'BACS_DEBIT', status: 'ACTIVE' }])).toBe(
      false,
    );
    expect(
      isPaymentMethodUsable('BACS_DEBIT', accounts, [
        { type: 'BACS_DEBIT', status: 'PENDING_CUSTOMER_APPROVAL' },
      ]),
    ).toBe(false);
    expect(isPaymentMethodUsable('BACS_DEBIT', accounts, [{ type: 'CARD', status: 'ACTIVE' }])).toBe(true);
    expect(isPaymentMethodUsable('CARD', accounts, [])).toBe(false);
    expect(isPaymentMethodUsable('BACS_DEBIT', [{ ...accounts[0]!, accountStatus: 'SUSPENDED' }], [])).toBe(
      false,
    );
  });
});

describe('policy links and tabs', () => {
  it('links by status; billing hidden for driveaway; manage hidden under renewal', () => {
    expect(policyLinks('ACTIVE', 'SUBSCRIPTION')).toEqual(['manage', 'documents', 'billing', 'claims']);
    expect(policyLinks('PENDING', 'ANNUAL')).toEqual(['manage', 'documents', 'billing', 'claims']);
    expect(policyLinks('CANCELLED', 'SUBSCRIPTION')).toEqual(['billing', 'claims']);
    expect(policyLinks('LAPSED', 'SUBSCRIPTION')).toEqual(['billing', 'claims']);
    expect(policyLinks('VOIDED', 'SUBSCRIPTION')).toEqual(['billing']);
    expect(policyLinks('NTU', 'DRIVEAWAY')).toEqual([]);
    expect(policyLinks('RENEWED', 'SUBSCRIPTION')).toEqual([]);
    expect(policyLinks('ACTIVE', 'DRIVEAWAY')).toEqual(['manage', 'documents', 'claims']);
    expect(policyLinks('ACTIVE', 'SUBSCRIPTION', { underRenewal: true })).toEqual([
      'documents',
      'billing',
      'claims',
    ]);
    expect(policyLinks('ACTIVE', 'SUBSCRIPTION', { restricted: true })).not.toContain('manage');
  });
  it('tabs by status; details first for ACTIVE outside the renewal window, last inside it; RENEWED throws', () => {
    expect(policyTabs('ACTIVE', 'SUBSCRIPTION')).toEqual(['details', 'documents', 'billing', 'claims']);
    expect(policyTabs('ACTIVE', 'SUBSCRIPTION', { inRenewalWindow: true })).toEqual([
      'documents',
      'billing',
      'claims',
      'details',
    ]);
    expect(policyTabs('PENDING', 'DRIVEAWAY')).toEqual(['details', 'documents', 'claims']);
    expect(policyTabs('CANCELLED', 'SUBSCRIPTION')).toEqual(['billing', 'claims']);
    expect(policyTabs('NTU', 'SUBSCRIPTION')).toEqual(['billing']);
    expect(() => policyTabs('RENEWED', 'SUBSCRIPTION')).toThrow(PolicyTabsError);
  });
  it('claim status variants', () => {
    expect(['active', 'settled', 'pending'].map(claimStatusVariant)).toEqual(['info', 'success', 'default']);
  });
});

describe('sortPolicies', () => {
  it('status order then newest inception', () => {
    const p = (id: string, s: PolicyStatus, inceptedAt: string) => ({ id, ...policy(s, { inceptedAt }) });
    const sorted = sortPolicies([
      p('old-cancelled', 'CANCELLED', '2024-01-01'),
      p('old-active', 'ACTIVE', '2025-01-01'),
      p('pending', 'PENDING', '2026-12-01'),
      p('new-active', 'ACTIVE', '2026-01-01'),
      p('renewed', 'RENEWED', '2026-06-01'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual([
      'new-active',
      'old-active',
      'pending',
      'old-cancelled',
      'renewed',
    ]);
  });
  it('property: sorting is a permutation, idempotent, and statuses never go backwards', () => {
    const arb = fc.array(
      fc.record({
        status: fc.constantFrom(...POLICY_STATUSES),
        day: fc.integer({ min: 0, max: 3000 }),
      }),
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const list = rows.map((r) =>
          policy(r.status, { inceptedAt: new Date(r.day * 86_400_000).toISOString() }),
        );
        const sorted = sortPolicies(list);
        expect(sorted).toHaveLength(list.length);
        expect(sortPolicies(sorted)).toEqual(sorted);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!.policyDetail, sorted[i]!.policyDetail];
          const rank = (x: PolicyStatus) => POLICY_STATUS_ORDER.indexOf(x);
          expect(rank(a.policyStatus)).toBeLessThanOrEqual(rank(b.policyStatus));
          if (a.policyStatus === b.policyStatus) expect(a.inceptedAt! >= b.inceptedAt!).toBe(true);
        }
      }),
    );
  });
});
