import { z } from 'zod';

/** Card payments (Stripe-Checkout-shaped) and Direct Debit (GoCardless-shaped), spec 3 §7. */

const returnUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) address');

export const cardLineItemSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  imageUrl: z.string().url().optional(),
});

export const cardCheckoutBodySchema = z.object({
  paymentId: z.string().uuid(),
  successUrl: returnUrl,
  cancelUrl: returnUrl,
  lineItem: cardLineItemSchema,
  locale: z.string().max(10).optional(),
});
export type CardCheckoutBody = z.infer<typeof cardCheckoutBodySchema>;

export const cardSetupBodySchema = z.object({
  clientReference: z.string().min(1).max(100),
  successUrl: returnUrl,
  cancelUrl: returnUrl,
});
export type CardSetupBody = z.infer<typeof cardSetupBodySchema>;

export const cardSessionResponseSchema = z.object({
  sessionId: z.string(),
  url: z.string(),
  /** What the page will charge (pence): an outstanding balance's page says it before the customer goes there. */
  amount: z.number().int().optional(),
});
export type CardSessionResponse = z.infer<typeof cardSessionResponseSchema>;

export const cardSessionStatusSchema = z.object({
  sessionId: z.string(),
  kind: z.enum(['checkout', 'setup', 'settle', 'moto']),
  status: z.enum(['open', 'complete', 'failed', 'expired']),
  declineCode: z.string().nullable(),
  paymentId: z.string().nullable(),
  clientReference: z.string().nullable(),
  /** What the page charged (pence), for a payment page (ADR 353). */
  amount: z.number().int().nullable().optional(),
  /** The card the page was paid or set up with, once saved (ADR 353). */
  card: z.object({ display: z.string() }).nullable().optional(),
});
export type CardSessionStatus = z.infer<typeof cardSessionStatusSchema>;

/** POST /api/stripe/sessions/{id}/keepCard: the card now collects the account's payments (ADR 353). */
export const keptCardSchema = z.object({ display: z.string().nullable() });

/** Spec 3 §5: token `tok_` and at least two word characters, trimmed on paste; postcode upper-cased. */
export const paymentTokenPattern = /^tok_\w{2,}$/;
export const ukPostcodePattern = /^[A-Z][A-Z]?[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/;

export const motoCheckoutBodySchema = z.object({
  paymentId: z.string().uuid(),
  country: z.literal('GB').default('GB'),
  itemName: z.string().min(1).max(200),
  token: z.string().trim().regex(paymentTokenPattern, 'Enter a card token starting tok_'),
  postalCode: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(ukPostcodePattern, 'Enter a UK postcode')),
  dateOfBirth: z.iso.date(),
});
export type MotoCheckoutBody = z.input<typeof motoCheckoutBodySchema>;

export const cardSettleBodySchema = z.object({
  accountId: z.string().uuid(),
  successUrl: returnUrl,
  cancelUrl: returnUrl,
  lineItem: cardLineItemSchema,
});
export type CardSettleBody = z.infer<typeof cardSettleBodySchema>;

export const motoSettleBodySchema = motoCheckoutBodySchema.omit({ paymentId: true }).extend({
  accountId: z.string().uuid(),
});

export const customerPaymentSchema = z.object({
  paymentId: z.string(),
  purpose: z.enum(['bind', 'mta', 'settle', 'statement']),
  reference: z.string(),
  /** Minor units (pence). */
  amount: z.number().int(),
  currency: z.literal('GBP'),
  status: z.enum(['DRAFT', 'PENDING', 'SETTLED', 'FAILED', 'REVERSED']),
  declineCode: z.string().nullable(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** A card payment that arrived for an already-settled payment, refunded automatically (staff view). */
export const duplicatePaymentSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  sessionId: z.string().nullable(),
  paymentReference: z.string(),
  /** Minor units (pence). */
  amount: z.number().int(),
  /**
   * refund_failed: the refund was not made, or came back with nothing holding it: staff pay it back. refund_returned:
   * it came back and the customer's account holds it as credit (ADR 406).
   */
  status: z.enum(['refund_pending', 'refunded', 'refund_failed', 'refund_returned']),
  refundReference: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type DuplicatePayment = z.infer<typeof duplicatePaymentSchema>;

export const directDebitFlowBodySchema = z.object({
  mandateDescription: z.string().min(1).max(100),
  successUrl: returnUrl,
  /**
   * What the mandate is for (ADR 310): a customer account id from the billing tab; once the mandate is
   * active it collects that account's payments, and the mandate it replaces is cancelled.
   */
  clientReference: z.string().min(1).max(100).optional(),
});
export type DirectDebitFlowBody = z.infer<typeof directDebitFlowBodySchema>;

export const directDebitFlowResponseSchema = z.object({
  redirectFlowId: z.string(),
  redirectUrl: z.string(),
});

export const directDebitMandateBodySchema = z.object({ redirectFlowId: z.string().min(1).max(100) });

export const mandateSchema = z.object({
  mandateId: z.string(),
  type: z.literal('BACS_DEBIT'),
  status: z.enum(['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED']),
  bankName: z.string().nullable(),
  accountNumberEnding: z.string().nullable(),
  createdAt: z.string(),
});
export type Mandate = z.infer<typeof mandateSchema>;

export const webhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
