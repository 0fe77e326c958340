import type { CustomerAccount } from '@forecourt/contracts/billing';
import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';

const live = (p: Policy) => ['ACTIVE', 'PENDING'].includes(p.policyDetail.policyStatus);

/**
 * Spec 2 §2 "banners for a missing payment method": a live policy (billed: not driveaway) whose account has no
 * card or Direct Debit mandate that can still collect.
 */
export function missingPaymentMethod(
  policies: Policy[],
  accounts: CustomerAccount[],
  billed: (p: Policy) => boolean,
) {
  return policies.filter(
    (p) =>
      live(p) &&
      billed(p) &&
      accounts.some((a) => a.accountCode === p.policyNumber && a.paymentMethodUsable === false),
  );
}

/** Spec 2 §2: an upsell banner when a live policy's upsell proposal is in QUOTE, QUOTE_EXPIRED or INSUFFICIENT_ACCURACY. */
const UPSELL_SHOWN = ['QUOTE', 'QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY'];

export function upsellBanners(policies: Policy[], proposals: Proposal[]) {
  return policies.flatMap((policy) => {
    const proposal = proposals.find((p) => p.proposalCode === policy.upsellProposal);
    return live(policy) && proposal && UPSELL_SHOWN.includes(proposal.status) ? [{ policy, proposal }] : [];
  });
}
