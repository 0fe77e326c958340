/**
 * The proposals module's public face (ADR 155, 170): proposals and quotes, their routes, the quote-expiry
 * job, and marking a proposal bound (policies' bind calls it in its own transaction; only this module
 * writes the proposals table).
 */
export { quoteExpiryJob } from './expire-quotes.ts';
export { markProposalBound } from './mark-bound.ts';
export { moveProposals, type ProposalPolicyholder, proposalHolder } from './proposal-holder.ts';
export { toProposal } from './proposal-view.ts';
export { quoteFromRating } from './rate-proposal.ts';
export {
  createRenewalProposal,
  proposalByCode,
  type RenewalProposalInput,
  updateRenewalQuote,
} from './renewal-proposal.ts';
export { proposalRoutes } from './routes.ts';
