import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';

import { canTakeUpLapsedRenewal } from '@forecourt/domain/renewal-take-up';

export type RenewalBannerKind = 'optedIn' | 'optedOut' | 'referral' | 'lapsed';

/**
 * A LAPSED policy whose renewal quote is still open (ADR 335) keeps the opted-out banner, as 'lapsed': opting
 * back in takes the quote up, cover from then.
 *
 * Spec 2 §2 Banners: only when a renewal proposal exists and renewal is not stopped; QUOTE → opted in (with
 * View) or opted out (with opt back in) by the policy's auto-renewal flag; REFERRAL → critical; other statuses
 * nothing.
 */
export interface RenewalBannerOf {
  kind: RenewalBannerKind;
  policy: Policy;
  proposal: Proposal;
}

export function renewalBanners(
  policies: Policy[],
  proposals: Proposal[],
  now: Date = new Date(),
): RenewalBannerOf[] {
  return policies.flatMap((policy): RenewalBannerOf[] => {
    const code = policy.renewalProposal;
    const lapsed = code ? proposals.find((p) => p.proposalCode === code) : undefined;
    const detail = policy.policyDetail;
    if (
      lapsed &&
      canTakeUpLapsedRenewal(
        { status: detail.policyStatus, renewalStopped: detail.renewalStopped, reviewType: policy.reviewType },
        lapsed,
        now,
      )
    )
      return [{ kind: 'lapsed', policy, proposal: lapsed }];
    const live = ['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus);
    // A cancellation set: no renewal wording (ADR 352).
    if (!code || !live || policy.policyDetail.renewalStopped || policy.standing?.ending) return [];
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
