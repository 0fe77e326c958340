import { PAYMENT_STATUSES, type PaymentStatus } from '../enums.ts';
import { defineMachine, tableOf } from './machine.ts';

/**
 * A customer payment (customer_payments.status, upper case): PENDING until the provider answers, then SETTLED
 * or FAILED; a failed one may be reopened (a new card session, the arrears retry) and is PENDING again, or be
 * paid straight away with a new card token or a late provider success (settled from FAILED; declined again,
 * FAILED stays FAILED).
 * Money paid back by us is a refund, not a move of the payment. Money the payer's bank takes back is: a Direct
 * Debit charged back under the Direct Debit Guarantee is REVERSED (ADR 384); if the payer's bank then cancels
 * its charge back, the money is the insurer's again and the payment is SETTLED once more (ADR 390).
 * DRAFT is in the schema but no code writes it (ADR 345).
 */
export const PAYMENT_EVENTS = ['submit', 'settle', 'fail', 'reopen', 'reverse', 'reinstate'] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];
export type PaymentState = PaymentStatus;

const row = tableOf<PaymentState, PaymentEvent>();

export const paymentMachine = defineMachine<PaymentState, PaymentEvent>({
  name: 'payment',
  states: PAYMENT_STATUSES,
  events: PAYMENT_EVENTS,
  initial: ['DRAFT', 'PENDING', 'SETTLED', 'FAILED'],
  moves: [
    ...row('DRAFT', 'submit', 'PENDING', 'payment.submitted'),
    ...row(['PENDING', 'FAILED'], 'settle', 'SETTLED', 'payment.settled'),
    ...row(['PENDING', 'FAILED'], 'fail', 'FAILED', 'payment.failed'),
    ...row('FAILED', 'reopen', 'PENDING', 'payment.reopened'),
    ...row('SETTLED', 'reverse', 'REVERSED', 'payment.reversed'),
    ...row('REVERSED', 'reinstate', 'SETTLED', 'payment.reinstated'),
  ],
});
