import type { Proposal } from '@forecourt/contracts/proposals';
import {
  isRenewal,
  type ProposalCardAction,
  proposalCardAction,
  sortProposals,
} from '@forecourt/domain/status';

export type ProposalAction = Exclude<ProposalCardAction, 'none'>;

/** Spec 2 §2 "Proposal cards on home" (rule in the domain package): POLICY shows nothing, so it is not listed. */
export function proposalAction(status: Proposal['status']): ProposalAction | null {
  const action = proposalCardAction(status);
  return action === 'none' ? null : action;
}

/**
 * Listed proposals (not those that became policies, nor renewals: those show as the policy's renewal
 * banner), sorted by start date, undated last.
 */
export function homeProposals(proposals: Proposal[]): Proposal[] {
  return sortProposals(proposals.filter((p) => proposalAction(p.status) !== null && !isRenewal(p)));
}
