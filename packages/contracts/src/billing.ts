import { PAYMENT_DAY_MAX, PAYMENT_DAY_MIN } from '@forecourt/domain/constants';
import { LINE_ITEM_TYPES, POLICY_STATUSES, STATEMENT_STATUSES } from '@forecourt/domain/enums';
import { z } from 'zod';

/** Customer accounts and customer payments (spec 2 §3, spec 3 §7 "Customer, billing"). Money in pence. */
export const bindPaymentBodySchema = z.object({
  proposalCode: z.string().min(1).max(40),
  /** How the policy will be collected, as chosen on the checkout page (ADR 317); paid in full: card. */
  paymentMethodType: z.enum(['CARD', 'BACS_DEBIT']).optional(),
});

const paymentMethodViewSchema = z.object({
  display: z.string(),
  mandateStatus: z.enum(['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED']).nullable(),
});

export const customerAccountSchema = z.object({
  accountId: z.string(),
  accountCode: z.string(),
  paymentDay: z.number().int(),
  paymentMethodType: z.enum(['CARD', 'BACS_DEBIT']),
  accountBalance: z.number().int(),
  outstandingAmount: z.number().int(),
  accountStatus: z.enum(['ACTIVE', 'SUSPENDED']),
  accountRegistered: z.boolean(),
  /** The account's card or Direct Debit mandate can still collect (false: cancelled mandate, none on file). */
  paymentMethodUsable: z.boolean().optional(),
  /** The saved card or Direct Debit mandate the account is paid by, for the payment settings (spec 2 §2). */
  paymentMethod: paymentMethodViewSchema.nullable().optional(),
  /** Spec 1 §4 (ADR 313): the account still collects (a subscription not ended), so it needs a usable method. */
  paymentMethodNeeded: z.boolean().optional(),
  /**
   * A Direct Debit set up from the billing tab that does not collect yet (ADR 310): waiting for the bank's
   * approval (PENDING_CUSTOMER_APPROVAL) or refused (CANCELLED); null when none.
   */
  pendingPaymentMethod: paymentMethodViewSchema.nullable().optional(),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** GET /api/customerAccounts filters (spec 3 §7): by policy number, or the account opened for a proposal. */
export const customerAccountsQuerySchema = z.object({
  policyNumber: z.string().max(40).optional(),
  proposalCode: z.string().max(40).optional(),
});
export type CustomerAccountsQuery = z.infer<typeof customerAccountsQuerySchema>;

/** POST /api/customerAccounts {proposalCode}: how the purchase will be paid, before checkout (ADR 086). */
export const prepareAccountBodySchema = z.object({ proposalCode: z.string().min(1).max(40) });
export const preparedAccountSchema = z.object({
  proposalCode: z.string(),
  paymentMethodType: z.enum(['CARD', 'BACS_DEBIT']),
  hasPaymentMethod: z.boolean(),
  amountDueToday: z.number().int(),
  /** Nothing is due today and a payment method exists: bind now, no payment page. */
  bindRequired: z.boolean(),
  customerPayment: z.object({ paymentId: z.string(), amount: z.number().int() }).nullable(),
});
export type PreparedAccount = z.infer<typeof preparedAccountSchema>;

export const lineItemTypeSchema = z.enum(LINE_ITEM_TYPES);

/** Spec 2 §3 statement summary; balances in pence (a debit positive, a credit negative). */
export const statementSummarySchema = z.object({
  statementId: z.string(),
  statementNumber: z.number().int(),
  /** The statement's date: when it was raised (ADR 355). The list is in this order, newest first. */
  createdAt: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  /**
   * What the statement bills, in pence: its posted premium lines (invoices, changes' charges, credit notes,
   * journals), paid or not; negative for a credit (a refund statement). Payments do not count (ADR 355).
   */
  amount: z.number().int(),
  statementBalance: z.number().int(),
  subtotalBalance: z.number().int(),
  broughtForwardBalance: z.number().int(),
  carriedForwardBalance: z.number().int(),
  amountOutstanding: z.number().int(),
  paymentDueAt: z.string().nullable(),
  final: z.boolean(),
});

export const statementLineItemSchema = z.object({
  type: lineItemTypeSchema,
  status: z.enum(['PENDING', 'POSTED', 'FAILED']),
  amount: z.number().int(),
  descriptionKey: z.string(),
  descriptionValue: z.string().nullable(),
  servicePeriodStart: z.string().nullable(),
  servicePeriodEnd: z.string().nullable(),
  paymentMethodDescription: z.string().nullable(),
  effectiveAt: z.string(),
  subType: z.enum(['GOCARDLESS', 'STRIPE', 'MTA']).nullable(),
  /** The insurance premium tax included in a premium line, in pence; null on payments and refunds. */
  ipt: z.number().int().nullable(),
});

export const statementSchema = statementSummarySchema.extend({ lineItems: z.array(statementLineItemSchema) });
export type StatementSummary = z.infer<typeof statementSummarySchema>;
export type Statement = z.infer<typeof statementSchema>;

/** Payment day 1 to 28 (the modal offers 1 to 29; 29 is refused), spec 2 §5. */
/** Payment day 1 to 28 only (spec 2 §5), answered in the words the payment-day modal uses. */
export const PAYMENT_DAY_MESSAGE = 'Choose a day from the 1st to the 28th.';
export const paymentDaySchema = z
  .number({ error: PAYMENT_DAY_MESSAGE })
  .int({ error: PAYMENT_DAY_MESSAGE })
  .min(PAYMENT_DAY_MIN, { error: PAYMENT_DAY_MESSAGE })
  .max(PAYMENT_DAY_MAX, { error: PAYMENT_DAY_MESSAGE });
export const paymentDayBodySchema = z.object({ paymentDay: paymentDaySchema });
/** POST /api/policies/{id}/billingDay (spec 3 §7). */
export const billingDayBodySchema = z.object({ billingDay: paymentDaySchema });
/** A payment-day change: applied only when different; the pro-rata journal (pence) for the days between. */
export const paymentDayChangeSchema = z.object({
  paymentDay: z.number().int(),
  changed: z.boolean(),
  journal: z.number().int(),
  nextPaymentAt: z.string().nullable(),
});
export type PaymentDayChange = z.infer<typeof paymentDayChangeSchema>;

export const nextStatementEstimateSchema = z.object({
  /** Null when no further statement will be raised: the policy has ended or ends before that date. */
  paymentDueAt: z.string().nullable(),
  /** When the policy ends or ended (a cancellation, set to end, or over), if it does. */
  endsAt: z.string().optional(),
  /** Pence. */
  amount: z.number().int(),
});

/**
 * GET /api/admin/refundsHeld (ADR 411): money owed back to customers that could not be paid back (a refund
 * failed or came back, so the hourly job leaves it to staff and the customer is asked to call: the standing's
 * `payingBack` is `held`), across customers, for the finance team. The longest waiting first. `since` is the
 * ledger's date of the latest refund that did not reach the customer (when it was made, or when it came back).
 */
export const refundsHeldSchema = z.array(
  z.object({
    policyId: z.string(),
    policyNumber: z.string(),
    policyStatus: z.enum(POLICY_STATUSES),
    accountId: z.string(),
    /** The customer's party: what staff give to act for them (X-Impersonate). */
    partyId: z.string(),
    holderName: z.string(),
    email: z.string().nullable(),
    amount: z.number().int(),
    method: z.enum(['CARD', 'BACS_DEBIT']).nullable(),
    since: z.string(),
  }),
);
export type RefundHeld = z.infer<typeof refundsHeldSchema>[number];
