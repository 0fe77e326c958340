import { LINE_ITEM_TYPES, STATEMENT_STATUSES } from '@forecourt/domain/enums';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const customerAccounts = pgTable('customer_accounts', {
  id: uuid('id').primaryKey(),
  accountCode: text('account_code').notNull(),
  partyId: uuid('party_id').notNull(),
  policyId: uuid('policy_id').notNull(),
  paymentDay: integer('payment_day').notNull(),
  paymentMethodType: text('payment_method_type', { enum: ['CARD', 'BACS_DEBIT'] }).notNull(),
  paymentMethodId: uuid('payment_method_id'),
  status: text('status', { enum: ['ACTIVE', 'SUSPENDED'] })
    .notNull()
    .default('ACTIVE'),
  /** The end of the last invoiced service period: the next statement is raised then (ADR 200). */
  billedUntil: ts('billed_until'),
  /** Suspended after the last failed collection: the policy is cancelled for non-payment then (ADR 203). */
  cancelForNonPaymentAt: ts('cancel_for_non_payment_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Each change of an account's collecting card or mandate, once per new method (ADR 310). */
export const paymentMethodChanges = pgTable('payment_method_changes', {
  id: uuid('id').primaryKey(),
  accountId: uuid('account_id').notNull(),
  fromMethodId: uuid('from_method_id'),
  toMethodId: uuid('to_method_id').notNull(),
  changedAt: ts('changed_at').notNull(),
});

export const statements = pgTable('statements', {
  id: uuid('id').primaryKey(),
  accountId: uuid('account_id').notNull(),
  statementNumber: integer('statement_number').notNull(),
  status: text('status', { enum: STATEMENT_STATUSES }).notNull(),
  kind: text('kind').notNull(),
  broughtForwardPence: integer('brought_forward_pence').notNull().default(0),
  subtotalPence: integer('subtotal_pence').notNull().default(0),
  carriedForwardPence: integer('carried_forward_pence').notNull().default(0),
  amountOutstandingPence: integer('amount_outstanding_pence').notNull().default(0),
  paymentDueAt: ts('payment_due_at'),
  final: boolean('final').notNull().default(false),
  /** The service period the statement bills; unique per account (ADR 202). */
  periodStart: ts('period_start'),
  periodEnd: ts('period_end'),
  /** Collections started (the provider key's attempt number) and when a failed one is retried. */
  collectionAttempts: integer('collection_attempts').notNull().default(0),
  nextCollectionAt: ts('next_collection_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const statementLineItems = pgTable('statement_line_items', {
  id: uuid('id').primaryKey(),
  statementId: uuid('statement_id').notNull(),
  accountId: uuid('account_id').notNull(),
  type: text('type', {
    enum: LINE_ITEM_TYPES,
  }).notNull(),
  status: text('status', { enum: ['PENDING', 'POSTED', 'FAILED'] }).notNull(),
  amountPence: integer('amount_pence').notNull(),
  descriptionKey: text('description_key').notNull(),
  descriptionValue: text('description_value'),
  servicePeriodStart: ts('service_period_start'),
  servicePeriodEnd: ts('service_period_end'),
  paymentMethodDescription: text('payment_method_description'),
  subType: text('sub_type', { enum: ['GOCARDLESS', 'STRIPE', 'MTA'] }),
  customerPaymentId: uuid('customer_payment_id'),
  /** The insurance premium tax included in a premium line (null on payments and refunds). */
  iptPence: integer('ipt_pence'),
  effectiveAt: ts('effective_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
