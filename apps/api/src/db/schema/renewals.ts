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
