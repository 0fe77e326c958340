import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One row per policy and renewal cycle (migration 0940): written only by the renewals module. */
export const renewals = pgTable(
  'renewals',
  {
    policyId: uuid('policy_id').notNull(),
    cycle: integer('cycle').notNull(),
    proposalCode: text('proposal_code').notNull(),
    partyId: uuid('party_id').notNull(),
    anniversaryAt: ts('anniversary_at').notNull(),
    status: text('status', {
      enum: ['INVITED', 'REFERRED', 'MANUAL_REVIEW', 'UNRATED', 'RENEWED', 'LAPSED'],
    }).notNull(),
    reviewType: text('review_type', { enum: ['AUTO', 'MANUAL'] }).notNull(),
    previousTotalPence: integer('previous_total_pence'),
    renewalTotalPence: integer('renewal_total_pence'),
    newBusinessTotalPence: integer('new_business_total_pence'),
    offeredTotalPence: integer('offered_total_pence'),
    capped: boolean('capped').notNull().default(false),
    channel: text('channel'),
    renewalTrace: jsonb('renewal_trace').$type<unknown[]>().notNull().default([]),
    newBusinessTrace: jsonb('new_business_trace').$type<unknown[]>().notNull().default([]),
    invitedAt: ts('invited_at').notNull(),
    completedAt: ts('completed_at'),
    successorPolicyId: uuid('successor_policy_id'),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.cycle] })],
);
export type RenewalRow = typeof renewals.$inferSelect;

/** Staff decisions on renewals in the queue (migration 0990, ADR 265): append-only, the audit of each. */
export const renewalReviews = pgTable('renewal_reviews', {
  id: uuid('id').primaryKey(),
  policyId: uuid('policy_id').notNull(),
  cycle: integer('cycle').notNull(),
  proposalCode: text('proposal_code').notNull(),
  action: text('action', { enum: ['RELEASE', 'RERATE'] }).notNull(),
  reason: text('reason').notNull(),
  adjustmentPercent: integer('adjustment_percent').notNull().default(0),
  statusBefore: text('status_before').notNull(),
  offeredBeforePence: integer('offered_before_pence'),
  offeredAfterPence: integer('offered_after_pence'),
  referralReasons: jsonb('referral_reasons').$type<unknown[]>().notNull().default([]),
  staffSubject: text('staff_subject').notNull(),
  staffEmail: text('staff_email'),
  decidedAt: ts('decided_at').notNull(),
});
export type RenewalReviewRow = typeof renewalReviews.$inferSelect;
