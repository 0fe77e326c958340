import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const policies = pgTable('policies', {
  id: uuid('id').primaryKey(),
  policyNumber: text('policy_number').notNull(),
  partyId: uuid('party_id').notNull(),
  proposalCode: text('proposal_code').notNull(),
  schemeCode: text('scheme_code').notNull(),
  status: text('status', {
    enum: ['PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU'],
  }).notNull(),
  inceptedAt: ts('incepted_at').notNull(),
  expiredAt: ts('expired_at'),
  terminatedAt: ts('terminated_at'),
  /** Why the policy ended early (e.g. NON_PAYMENT), when it did. */
  cancellationReason: text('cancellation_reason'),
  /** Staff's note and identity when they voided the policy or marked it NTU (migration 0950). */
  endNote: text('end_note'),
  endedBy: text('ended_by'),
  autoRenewalEnabled: boolean('auto_renewal_enabled').notNull().default(true),
  renewalStopped: boolean('renewal_stopped').notNull().default(false),
  reviewType: text('review_type', { enum: ['AUTO', 'NEVER', 'MANUAL'] })
    .notNull()
    .default('AUTO'),
  /** Renewal (migration 0940): 0 for the first year, +1 at each anniversary. */
  renewalCycle: integer('renewal_cycle').notNull().default(0),
  previousPolicyId: uuid('previous_policy_id'),
  renewalProposalCode: text('renewal_proposal_code'),
  autoRenewalReason: text('auto_renewal_reason'),
  autoRenewalChangedAt: ts('auto_renewal_changed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const policyVersions = pgTable('policy_versions', {
  id: uuid('id').primaryKey(),
  policyId: uuid('policy_id').notNull(),
  versionNumber: integer('version_number').notNull(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
  quote: jsonb('quote').$type<Record<string, unknown>>().notNull().default({}),
  /** What the certificate and schedule are printed from (PolicyDocumentInput in contracts/documents.ts). */
  documentInput: jsonb('document_input').$type<Record<string, unknown>>(),
  /** The answers this version was rated from (null for version 1: its proposal's). */
  data: jsonb('data').$type<Record<string, unknown>>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const policyDocuments = pgTable(
  'policy_documents',
  {
    policyVersionId: uuid('policy_version_id').notNull(),
    doc: text('doc', { enum: ['policy-certificate', 'policy-schedule'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    generatedAt: ts('generated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyVersionId, t.doc] })],
);

/** The collection method chosen at a proposal's checkout (ADR 317): bind opens the account on it. */
export const purchaseMethods = pgTable('purchase_methods', {
  proposalCode: text('proposal_code').primaryKey(),
  partyId: uuid('party_id').notNull(),
  methodType: text('method_type', { enum: ['CARD', 'BACS_DEBIT'] }).notNull(),
  chosenAt: ts('chosen_at').notNull(),
});
