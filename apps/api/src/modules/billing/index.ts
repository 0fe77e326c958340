/**
 * The billing module's public face: customer accounts and their ledger. Billing depends on payments'
 * face only; policies calls billing through this file (ADR 134).
 */

export { accountMethodOf } from './account-method.ts';
export { assertAccountNeedsMethod, useMethodForAccount } from './account-payment-method.ts';
export { suspendedPolicyIds } from './account-standing.ts';
export { postAdjustmentCharge } from './adjustment-charge.ts';
export { billingRunJob } from './billing-run-job.ts';
export { cancellationFigures, collectedFor, postCancellationCredit } from './cancellation-ledger.ts';
export { postedCancellationFigures } from './cancellation-outcome.ts';
export { cardDisputeWon, cardPaymentDisputed } from './card-disputed.ts';
export {
  type ChangePrices,
  type ChargePart,
  monthlyChangeCharge,
  termChangeCharge,
} from './change-charge.ts';
export { changePaymentOf } from './change-payment.ts';
export { directDebitChargeBackCancelled, directDebitChargedBack } from './direct-debit-charged-back.ts';
export { directDebitOutcome } from './direct-debit-outcome.ts';
export { type LedgerBreak, ledgerBreaks } from './ledger-check.ts';
export { ledgerCheckJob } from './ledger-check-job.ts';
export { nextBillingWorkAfter } from './next-run.ts';
export { openCustomerAccount } from './open-ledger.ts';
export { postPaidInFullAdjustment } from './paid-in-full-adjustment.ts';
export { paymentRecord } from './payment-record.ts';
export {
  payOutCancellationRefund,
  payOutPendingRefunds,
  refundOutcome,
  refundPayoutJob,
} from './refund-payout.ts';
export { collectRenewedYears, type RenewedYearsResult } from './renewed-year.ts';
export { renewedYearJob } from './renewed-year-job.ts';
export { billingRoutes } from './routes.ts';
export { type BillingDayResult, type BillingRunStep, runBillingDay } from './run-billing.ts';
export { applySettlement, postSurplus } from './settle-account.ts';
export {
  type AccountFacts,
  accountFactsOf,
  arrearsOf,
  type NextPayment,
  nextPaymentOf,
} from './standing-facts.ts';
