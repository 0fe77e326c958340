/**
 * The policies module's public face (ADR 134): checkout rules others may ask about and the routes. Policies
 * depends on billing's and payments' faces; nothing in billing or payments depends on policies.
 */

export { policyActivationJob } from './activate-policies.ts';
export { amountDueAtBind } from './amount-due.ts';
export { bindNow, bindPaidProposal } from './bind-paid-proposal.ts';
export { type BindResult, bindProposal, coverStart } from './bind-proposal.ts';
export { endForNonPayment } from './end-for-non-payment.ts';
export { markNotTakenUp, UNDERWRITING_PERMISSION, voidPolicy } from './end-from-inception.ts';
export { type EndOutcome, type EndStatus, endPolicy, type PolicyEnd } from './end-policy.ts';
export { getPolicy, listPolicies } from './get-policies.ts';
export { emailPolicyholder, WHEN } from './holder-email.ts';
export { movePolicyStart } from './move-start.ts';
export { assertNothingDueToday } from './nothing-due-today.ts';
export { addPolicyVersion, policyAnswers, recordPaymentsOnVersion } from './policy-versions.ts';
export { prepareCustomerAccount } from './prepare-customer-account.ts';
export { renewalMethodOf } from './purchase-method.ts';
export {
  attachRenewalProposal,
  currentVersionOf,
  issueSuccessor,
  lapsePolicy,
  type PolicyRow,
  policiesDueForInvitation,
  policiesPastExpiry,
  policyById,
  writeAutoRenewal,
} from './renewal-policy.ts';
export { policyRoutes } from './routes.ts';
