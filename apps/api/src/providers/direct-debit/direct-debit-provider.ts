import type { ProviderHost } from '../host.ts';

/**
 * Direct Debit, shaped like GoCardless's redirect flow: the customer gives bank details on the provider's
 * hosted page, comes back to successUrl with redirect_flow_id, the app completes the flow into a mandate
 * (pending customer approval), and the provider later reports the mandate active by a signed webhook.
 */
export type MandateStatus = 'PENDING_CUSTOMER_APPROVAL' | 'ACTIVE' | 'CANCELLED';

export interface Mandate {
  mandateId: string;
  status: MandateStatus;
  bankName: string | null;
  accountNumberEnding: string | null;
}

export interface RedirectFlowInput {
  description: string;
  /** Ties the flow to this visitor; the provider demands it again on completion. */
  sessionToken: string;
  successUrl: string;
  /** The app's public origin, where the sandbox sends webhooks (GoCardless uses the dashboard setting). */
  appOrigin: string;
}

export interface DirectDebitEvent {
  id: string;
  resourceType: string;
  action: string;
  mandateId: string | null;
  /** For `payments` events: the provider's payment id. */
  paymentId: string | null;
  /** For `refunds` events: the provider's refund id. */
  refundId: string | null;
  /** Why, for a failed payment (GoCardless `details.cause`, e.g. `insufficient_funds`). */
  cause: string | null;
  /** When the provider raised the event (GoCardless `created_at`); null if it did not say. */
  createdAt: Date | null;
}

/** An event's `created_at` as a Date; null when missing or not a time. */
export function eventTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A Direct Debit payment against a mandate, collected on `chargeDate` (ADR 204). */
export interface DirectDebitPaymentInput {
  mandateId: string;
  amountPence: number;
  /** London date, yyyy-MM-dd. */
  chargeDate: string;
  description: string;
  /** The same key gives the same payment back, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface DirectDebitPayment {
  paymentId: string;
  status: string;
  chargeDate: string;
}

/**
 * Money paid back against one collected payment (GoCardless `refunds.create`, ADR 305): at most what is left
 * of the payment; `totalRefundedPence` is every refund of the payment including this one (GoCardless's
 * `total_amount_confirmation`, its guard against a second refund by mistake).
 */
export interface DirectDebitRefundInput {
  paymentId: string;
  amountPence: number;
  totalRefundedPence: number;
  /** The same key gives the same refund back, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface DirectDebitRefund {
  refundId: string;
  /** GoCardless refund status: created, pending_submission, submitted, paid, cancelled, bounced, funds_returned. */
  status: string;
  amountPence: number;
}

export class DirectDebitFlowError extends Error {}

/** The provider refused a refund (payment not confirmed yet, more than is left, wrong total): nothing made. */
export class DirectDebitRefundRefused extends Error {}

export interface DirectDebitProvider {
  readonly name: 'sandbox' | 'gocardless';
  attach?(host: ProviderHost): void;
  createRedirectFlow(input: RedirectFlowInput): Promise<{ id: string; redirectUrl: string }>;
  /** Turns a flow the customer finished into a mandate. Throws DirectDebitFlowError if not finished. */
  completeRedirectFlow(id: string, sessionToken: string): Promise<Mandate>;
  /** Verifies the Webhook-Signature over the raw body, then reads the events. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): Promise<DirectDebitEvent[]>;
  /**
   * Cancels a mandate (a replaced one, ADR 310); one already cancelled is left as it is. Its payments not yet
   * submitted are cancelled with it (`payments.cancelled`), as GoCardless does (ADR 377).
   */
  cancelMandate(mandateId: string): Promise<void>;
  /** Creates (or, for a key already used, answers) the payment; its progress arrives by webhook. */
  createPayment(input: DirectDebitPaymentInput): Promise<DirectDebitPayment>;
  /**
   * Cancels a payment not yet submitted to the banks (ADR 378): 'cancelled' (a `payments.cancelled` event
   * follows), or 'refused' once it can no longer be cancelled (GoCardless: `cancellation_failed`, for a payment
   * submitted, collected, failed or cancelled already). Any other error is thrown.
   */
  cancelPayment(paymentId: string): Promise<'cancelled' | 'refused'>;
  /**
   * Creates (or, for a key already used, answers) a refund of a confirmed payment; its progress arrives by
   * webhook (`refunds` events: created, paid, failed). Throws DirectDebitRefundRefused when refused.
   */
  createRefund(input: DirectDebitRefundInput): Promise<DirectDebitRefund>;
}

/** GoCardless mandate statuses as the app shows them (spec 2 §3). */
export function mandateStatusOf(providerStatus: string): MandateStatus {
  if (providerStatus === 'active') return 'ACTIVE';
  if (['pending_customer_approval', 'pending_submission', 'submitted'].includes(providerStatus)) {
    return 'PENDING_CUSTOMER_APPROVAL';
  }
  return 'CANCELLED';
}
