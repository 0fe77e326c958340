/**
 * The payments module's public face: what other modules may use. Payments depends on no other business
 * module; billing and policies depend on it (ADR 134).
 */
export {
  type CardCollection,
  chargeSavedCard,
  chargeSavedCards,
  recordCharge,
  recordCharges,
  reopenStatementPayment,
  type StatementCharge,
} from './charge-saved-card.ts';
export {
  amendDebit,
  CANCELLABLE_DEBIT_STATUSES,
  type CollectionPayment,
  cancelDebitNotOwed,
  claimDirectDebit,
  DEBIT_CANCELLED_CAUSE,
  DEBIT_CLAIMED,
  submitDirectDebit,
  untoldClaim,
  withdrawUntoldClaim,
} from './collect-direct-debit.ts';
export { createCardCheckout, expireAtProvider } from './create-card-session.ts';
export {
  type CreateCustomerPaymentInput,
  createCustomerPayment,
  createCustomerPayments,
  openPaymentFor,
  toCustomerPayment,
} from './create-customer-payment.ts';
export { declinedSchema, orDeclined } from './declined-reply.ts';
export { completeMandateFlow, startMandateFlow } from './direct-debit-mandates.ts';
export { type AfterCommit, runAfterCommit, type SettledPayment } from './fulfilment.ts';
export { releaseMandate } from './method-ready.ts';
export {
  type CustomerPaymentRow,
  collectingMethod,
  latestMandatesFor,
  latestPaymentFor,
  type PaymentMethod,
  type PaymentMethodView,
  paymentMethodViews,
} from './payment-lookups.ts';
export {
  FAILED_REFUND_STATUSES,
  moveRefundPart,
  OPEN_REFUND_STATUSES,
  type RefundPart,
  refundCustomerPayment,
  refundPartsFor,
} from './refund-payment.ts';
export { paymentRoutes } from './routes.ts';
export { PaymentDeclinedError, PHONE_PAYMENT_STAFF_ONLY, settleByToken } from './settle-by-token.ts';
export { flagSurplus, refundFlagged } from './surplus.ts';
