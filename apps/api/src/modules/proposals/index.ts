/**
 * The proposals module's public face (ADR 155, 170): proposals and quotes, their routes, the quote-expiry
 * job, and marking a proposal bound (policies' bind calls it in its own transaction; only this module
 * writes the proposals table).
 */

// The one rule of what a change may write: proposals, mid-term changes and renewal changes (ADR 347).
export { applyAnswerChanges } from './answer-changes.ts';
// The demo and test factory (apps/api/src/demo) runs these at past dates with its own ctx (ADR 190).
export {
  createProposal,
  insertProposal,
  type NewProposal,
  prepareRatedProposal,
} from './create-proposal.ts';
export { expireQuotes, quoteExpiryJob } from './expire-quotes.ts';
export { markProposalBound } from './mark-bound.ts';
export { proposalAnswers } from './proposal-answers.ts';
export { moveProposals, type ProposalPolicyholder, proposalHolder } from './proposal-holder.ts';
export { toProposal } from './proposal-view.ts';
export { productTermOf, quoteFromRating, type RatedProposal, rateProposal } from './rate-proposal.ts';
export {
  createRenewalProposal,
  proposalByCode,
  type RenewalProposalInput,
  reopenRenewalQuote,
  updateRenewalQuote,
} from './renewal-proposal.ts';
export { proposalRoutes } from './routes.ts';
export { updateProposal } from './update-proposal.ts';
