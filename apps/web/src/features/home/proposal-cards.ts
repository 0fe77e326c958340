import type { Proposal } from '@forecourt/contracts/proposals';

export type ProposalAction = 'view' | 'update' | 'resume';

/** Spec 2 §2 "Proposal cards on home": QUOTE → premium and View; QUOTE_EXPIRED → Update; REFERRAL and
 * INSUFFICIENT_ACCURACY → Resume; POLICY → nothing (not listed). */
export function proposalAction(status: Proposal['status']): ProposalAction | null {
  switch (status) {
    case 'QUOTE':
      return 'view';
    case 'QUOTE_EXPIRED':
      return 'update';
    case 'REFERRAL':
    case 'INSUFFICIENT_ACCURACY':
      return 'resume';
    default:
      return null;
  }
}

/** Listed proposals (not those that became policies), sorted by start date, undated last. */
export function homeProposals(proposals: Proposal[]): Proposal[] {
  const key = (p: Proposal) => p.startAt ?? '9999';
  return proposals
    .filter((p) => proposalAction(p.status) !== null)
    .sort((a, b) => key(a).localeCompare(key(b)));
}
