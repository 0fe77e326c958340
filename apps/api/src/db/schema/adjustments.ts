import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Policy adjustments (issue 13, ADR 210): written only by the adjustments module. */
export const policyAdjustments = pgTable('policy_adjustments', {
  id: uuid('id').primaryKey(),
  policyId: uuid('policy_id').notNull(),
  partyId: uuid('party_id').notNull(),
  adjustmentType: text('adjustment_type', { enum: ['MTA', 'SDA', 'CANCELLATION'] }).notNull(),
  reason: text('reason'),
  changes: jsonb('changes').$type<Record<string, unknown>[]>().notNull().default([]),
  effectiveAt: ts('effective_at').notNull(),
  immediate: boolean('immediate').notNull().default(true),
  cancellationType: text('cancellation_type', { enum: ['Standard', 'CoolingOff'] }),
  creditPence: integer('credit_pence').notNull().default(0),
  refundPence: integer('refund_pence').notNull().default(0),
  /** Still to pay on the account once the cancellation was posted (ADR 383); 0 until it is. */
  owedPence: integer('owed_pence').notNull().default(0),
  prorataPremiumPence: integer('prorata_premium_pence').notNull().default(0),
  /** Paid by card before the change is confirmed (ADR 300): a dearer change of a policy paid in full. */
  paymentDuePence: integer('payment_due_pence').notNull().default(0),
  updatedVersions: jsonb('updated_versions').$type<Record<string, unknown>[]>().notNull().default([]),
  verificationClear: boolean('verification_clear').notNull().default(true),
  madeBy: text('made_by').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  completedAt: ts('completed_at'),
});
