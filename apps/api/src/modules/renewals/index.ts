/**
 * The renewals module's face (issue 14, ADR 220): the anniversary. It owns the `renewals` table and works
 * through the policies, proposals, rating and documents faces.
 */
export { type InvitationOutcome, inviteOne, runRenewalInvitations } from './invite-renewals.ts';
export { renewalAnniversaryJob, renewalInvitationJob, renewalJobs } from './jobs.ts';
export { priceRenewal } from './price-renewal.ts';
export { decideRenewal, getRenewalReview } from './review-renewal.ts';
export { renewalRoutes } from './routes.ts';
export { type AnniversaryOutcome, runAnniversaries } from './run-anniversaries.ts';
export { setAutoRenewal } from './set-auto-renewal.ts';
