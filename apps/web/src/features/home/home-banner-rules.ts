import type { CustomerAccount } from '@forecourt/contracts/billing';
import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { missingPaymentMethod } from '@forecourt/domain/billing/payment-method';

const live = (p: Policy) => ['ACTIVE', 'PENDING'].includes(p.policyDetail.policyStatus);

/**
 * Spec 2 §2 "banners for a missing payment method", the "missing card" and "missing mandate" notifications
 * (ADR 241, 313): a live policy (billed: not driveaway) whose account still collects (spec 1 §4: not paid in
 * full, not ended) and has no card, or no Direct Debit mandate, that can collect.
 */
export function missingPaymentMethods(
  policies: Policy[],
  accounts: CustomerAccount[],
  billed: (p: Policy) => boolean,
) {
  return policies.flatMap((policy) => {
    const account = accounts.find((a) => a.accountCode === policy.policyNumber);
    const kind = account && missingPaymentMethod(account);
    return live(policy) && billed(policy) && kind ? [{ policy, kind }] : [];
  });
}

/** Spec 2 §2: an upsell banner when a live policy's upsell proposal is in QUOTE, QUOTE_EXPIRED or INSUFFICIENT_ACCURACY. */
const UPSELL_SHOWN = ['QUOTE', 'QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY'];

export function upsellBanners(policies: Policy[], proposals: Proposal[]) {
  return policies.flatMap((policy) => {
    const proposal = proposals.find((p) => p.proposalCode === policy.upsellProposal);
    return live(policy) && proposal && UPSELL_SHOWN.includes(proposal.status) ? [{ policy, proposal }] : [];
  });
}
