import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const customerPayments = pgTable('customer_payments', {
  id: uuid('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  purpose: text('purpose', { enum: ['bind', 'mta', 'settle', 'statement'] }).notNull(),
  reference: text('reference').notNull(),
  amountPence: integer('amount_pence').notNull(),
  currency: text('currency').notNull().default('GBP'),
  status: text('status', { enum: ['DRAFT', 'PENDING', 'SETTLED', 'FAILED', 'REVERSED'] })
    .notNull()
    .default('PENDING'),
  provider: text('provider'),
  providerReference: text('provider_reference'),
  declineCode: text('decline_code'),
  payerDateOfBirth: date('payer_date_of_birth'),
  settledAt: ts('settled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const paymentSessions = pgTable('payment_sessions', {
  id: text('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  provider: text('provider').notNull(),
  kind: text('kind', { enum: ['checkout', 'setup', 'settle', 'moto'] }).notNull(),
  customerPaymentId: uuid('customer_payment_id'),
  clientReference: text('client_reference'),
  status: text('status', { enum: ['open', 'complete', 'failed', 'expired'] })
    .notNull()
    .default('open'),
  declineCode: text('decline_code'),
  /** The card the page was paid or set up with (saved in payment_methods; ADR 353). */
  paymentMethodId: uuid('payment_method_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});

/** A card payment that arrived for an already-settled customer payment: refunded automatically (ADR 131). */
export const duplicatePayments = pgTable('duplicate_payments', {
  id: uuid('id').primaryKey(),
  customerPaymentId: uuid('customer_payment_id').notNull(),
  partyId: uuid('party_id').notNull(),
  sessionId: text('session_id'),
  provider: text('provider').notNull(),
  paymentReference: text('payment_reference').notNull(),
  amountPence: integer('amount_pence').notNull(),
  status: text('status', { enum: ['refund_pending', 'refunded', 'refund_failed', 'refund_returned'] })
    .notNull()
    .default('refund_pending'),
  refundReference: text('refund_reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
  refundedAt: ts('refunded_at'),
});

export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  type: text('type', { enum: ['CARD', 'BACS_DEBIT'] }).notNull(),
  provider: text('provider').notNull(),
  providerReference: text('provider_reference').notNull(),
  display: text('display').notNull(),
  mandateStatus: text('mandate_status', { enum: ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'] }),
  bankName: text('bank_name'),
  accountNumberEnding: text('account_number_ending'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ddRedirectFlows = pgTable('dd_redirect_flows', {
  id: text('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  provider: text('provider').notNull(),
  sessionToken: text('session_token').notNull(),
  description: text('description').notNull(),
  /** What the flow was started for (a customer account id from the billing tab), if anything (ADR 310). */
  clientReference: text('client_reference'),
  mandateReference: text('mandate_reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});

export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox providers' own records: what Stripe and GoCardless keep on their side. */
export const sandboxCardSessions = pgTable('sandbox_card_sessions', {
  id: text('id').primaryKey(),
  mode: text('mode', { enum: ['payment', 'setup'] }).notNull(),
  amountPence: integer('amount_pence'),
  currency: text('currency').notNull().default('gbp'),
  lineItem: jsonb('line_item').$type<{ name?: string; description?: string }>().notNull().default({}),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  clientReference: text('client_reference'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  customerEmail: text('customer_email'),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'no_payment_required', 'failed'] })
    .notNull()
    .default('unpaid'),
  declineCode: text('decline_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  paymentMethodId: text('payment_method_id'),
  paymentIntent: text('payment_intent'),
  refundedAt: ts('refunded_at'),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  completedAt: ts('completed_at'),
});

/** The sandbox's off-session charges (PaymentIntents with a saved card), one per idempotency key. */
export const sandboxCardCharges = pgTable('sandbox_card_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentMethod: text('payment_method').notNull(),
  amountPence: integer('amount_pence').notNull(),
  status: text('status', { enum: ['succeeded', 'declined'] }).notNull(),
  declineCode: text('decline_code'),
  paymentIntent: text('payment_intent').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The sandbox card provider's disputes (ADR 392): one per payment intent, as Stripe keeps them. */
export const sandboxCardDisputes = pgTable('sandbox_card_disputes', {
  paymentIntent: text('payment_intent').primaryKey(),
  id: text('id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['funds_withdrawn', 'funds_reinstated'] }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * The sandbox card provider's refunds (ADR 406): one per idempotency key, as Stripe keeps them. One to a card whose
 * refunds fail (REFUND_FAILS_LATER) is `succeeded` until the sandbox fails it, a working day later.
 */
export const sandboxCardRefunds = pgTable('sandbox_card_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentIntent: text('payment_intent').notNull(),
  amountPence: integer('amount_pence').notNull(),
  status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
  fails: boolean('fails').notNull(),
  failureReason: text('failure_reason'),
  /** The last state the app was told of, while it has more to hear (ADR 409). */
  untoldFrom: text('untold_from', { enum: ['succeeded', 'failed'] }),
  /** The ticks' writes to it, taking it on and handing it back (ADR 409): the guard that sends its events once. */
  tells: integer('tells').notNull().default(0),
  /** The sending tick's lease, in the database's time (ADR 409). */
  sendingUntil: ts('sending_until'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  id: text('id').primaryKey(),
  cardLast4: text('card_last4').notNull(),
  outcome: text('outcome').notNull(),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
});

export const sandboxDdFlows = pgTable('sandbox_dd_flows', {
  id: text('id').primaryKey(),
  description: text('description').notNull(),
  sessionToken: text('session_token').notNull(),
  successUrl: text('success_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  status: text('status', { enum: ['created', 'completed_by_customer', 'completed'] })
    .notNull()
    .default('created'),
  accountHolder: text('account_holder'),
  bankName: text('bank_name'),
  accountNumberEnding: text('account_number_ending'),
  mandateId: text('mandate_id'),
  createdAt: ts('created_at').notNull(),
  completedAt: ts('completed_at'),
});

export const sandboxDdMandates = pgTable('sandbox_dd_mandates', {
  id: text('id').primaryKey(),
  flowId: text('flow_id').notNull(),
  status: text('status', { enum: ['pending_customer_approval', 'active', 'cancelled'] }).notNull(),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: ts('created_at').notNull(),
  activatedAt: ts('activated_at'),
});

/** A Direct Debit payment created for a customer payment's attempt (ADR 204), followed by webhooks. */
export const ddCollections = pgTable(
  'dd_collections',
  {
    customerPaymentId: uuid('customer_payment_id').notNull(),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    /** The provider's payment; null while the collection is claimed and not yet made (ADR 381). */
    providerPaymentId: text('provider_payment_id'),
    chargeDate: date('charge_date').notNull(),
    status: text('status').notNull(),
    /** The mandate (payment_methods.id) it was made on (migration 1140, ADR 377); null before that. */
    paymentMethodId: uuid('payment_method_id'),
    /** Debits of this attempt made again for less (ADR 382); names the provider key of the current one. */
    remade: integer('remade').notNull().default(0),
    /** The last `remade` the customer was sent a notice of (ADR 382). */
    remadeTold: integer('remade_told').notNull().default(0),
    /** Set while the provider is asked to cancel the debit, to make it again for this amount (ADR 382). */
    amendToPence: integer('amend_to_pence'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerPaymentId, t.attempt] })],
);

/** The sandbox's Direct Debit payments, one per idempotency key, moved on by the clock (ADR 204). */
export const sandboxDdPayments = pgTable('sandbox_dd_payments', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  mandateId: text('mandate_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  chargeDate: date('charge_date').notNull(),
  status: text('status', {
    enum: ['pending_submission', 'submitted', 'confirmed', 'failed', 'cancelled', 'charged_back'],
  }).notNull(),
  fails: boolean('fails').notNull(),
  /** The last state the app was told of, while it has more to hear (ADR 409). */
  untoldFrom: text('untold_from', {
    enum: ['pending_submission', 'submitted', 'confirmed', 'failed', 'cancelled', 'charged_back'],
  }),
  /** The ticks' writes to it, taking it on and handing it back (ADR 409): the guard that sends its events once. */
  tells: integer('tells').notNull().default(0),
  /** The sending tick's lease, in the database's time (ADR 409). */
  sendingUntil: ts('sending_until'),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A refund of one customer payment for one ledger refund line (ADR 305): by card (paid at once) or by Direct
 * Debit (a GoCardless refund, followed by webhooks).
 */
export const paymentRefunds = pgTable('payment_refunds', {
  /** `refund-<line>-<customer payment>`: the provider's idempotency key too. */
  idempotencyKey: text('idempotency_key').primaryKey(),
  /** The refund line it pays (part of). */
  reference: text('reference').notNull(),
  customerPaymentId: uuid('customer_payment_id').notNull(),
  method: text('method', { enum: ['CARD', 'BACS_DEBIT'] }).notNull(),
  provider: text('provider').notNull(),
  providerRefundId: text('provider_refund_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  status: text('status').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** The sandbox's Direct Debit refunds, one per idempotency key, moved on by the clock (ADR 305). */
export const sandboxDdRefunds = pgTable('sandbox_dd_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  paymentId: text('payment_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  status: text('status', {
    enum: ['created', 'pending_submission', 'submitted', 'paid', 'failed'],
  }).notNull(),
  fails: boolean('fails').notNull(),
  /** The last state the app was told of, while it has more to hear (ADR 409). */
  untoldFrom: text('untold_from', { enum: ['created', 'pending_submission', 'submitted', 'paid', 'failed'] }),
  /** The ticks' writes to it, taking it on and handing it back (ADR 409): the guard that sends its events once. */
  tells: integer('tells').notNull().default(0),
  /** The sending tick's lease, in the database's time (ADR 409). */
  sendingUntil: ts('sending_until'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
