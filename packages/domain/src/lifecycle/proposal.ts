import { PROPOSAL_STATUSES, type ProposalStatus } from '../enums.ts';
import { defineMachine, tableOf } from './machine.ts';

/**
 * A proposal (proposals.status, upper case), new business or renewal: each rating sets its outcome (QUOTE,
 * REFERRAL, INSUFFICIENT_ACCURACY); a quote past its validity is QUOTE_EXPIRED (re-rated by a change, or a
 * lapsed renewal's quote reopened for take-up, ADR 335); binding makes it POLICY, for good. A renewal proposal
 * is bound from QUOTE_EXPIRED too: the quote-expiry job may move it at the anniversary itself.
 */
export const PROPOSAL_EVENTS = [
  'rateQuote',
  'rateReferral',
  'rateUnpriced',
  'expire',
  'reopen',
  'bind',
] as const;
export type ProposalEvent = (typeof PROPOSAL_EVENTS)[number];
export type ProposalState = ProposalStatus;

const row = tableOf<ProposalState, ProposalEvent>();
const OPEN = ['QUOTE', 'REFERRAL', 'INSUFFICIENT_ACCURACY', 'QUOTE_EXPIRED'] as const;

export const proposalMachine = defineMachine<ProposalState, ProposalEvent>({
  name: 'proposal',
  states: PROPOSAL_STATUSES,
  events: PROPOSAL_EVENTS,
  initial: ['QUOTE', 'REFERRAL', 'INSUFFICIENT_ACCURACY'],
  moves: [
    ...row(OPEN, 'rateQuote', 'QUOTE', 'proposal.quoted'),
    ...row(OPEN, 'rateReferral', 'REFERRAL', 'proposal.referred'),
    ...row(OPEN, 'rateUnpriced', 'INSUFFICIENT_ACCURACY', 'proposal.unpriced'),
    ...row('QUOTE', 'expire', 'QUOTE_EXPIRED', 'proposal.quote_expired'),
    ...row(['QUOTE', 'QUOTE_EXPIRED'], 'reopen', 'QUOTE', 'proposal.reopened'),
    ...row(['QUOTE', 'QUOTE_EXPIRED'], 'bind', 'POLICY', 'proposal.bound'),
  ],
});
