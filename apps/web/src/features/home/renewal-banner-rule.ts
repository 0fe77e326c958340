import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';

export type RenewalBannerKind = 'optedIn' | 'optedOut' | 'referral';

/**
 * Spec 2 §2 Banners: only when a renewal proposal exists and renewal is not stopped; QUOTE → opted in (with
 * View) or opted out (with opt back in) by the policy's auto-renewal flag; REFERRAL → critical; other statuses
 * nothing.
 */
export function renewalBanners(policies: Policy[], proposals: Proposal[]) {
  return policies.flatMap((policy) => {
    const code = policy.renewalProposal;
    const live = ['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
    if (!code || !live || policy.policyDetail.renewalStopped) return [];
    const proposal = proposals.find((p) => p.proposalCode === code);
    if (!proposal) return [];
    const kind: RenewalBannerKind | null =
      proposal.status === 'REFERRAL'
        ? 'referral'
        : proposal.status === 'QUOTE'
          ? policy.policyDetail.autoRenewalEnabled
            ? 'optedIn'
            : 'optedOut'
          : null;
    return kind ? [{ kind, policy, proposal }] : [];
  });
}
