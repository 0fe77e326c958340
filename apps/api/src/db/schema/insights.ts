import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Feedback and impressions (issue 11 §6): written only by the insights module. */
export const insights = pgTable('insights', {
  id: uuid('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  kind: text('kind', { enum: ['feedback', 'impression'] }).notNull(),
  type: text('type').notNull(),
  rating: integer('rating'),
  comment: text('comment'),
  tags: jsonb('tags').$type<Record<string, string>>().notNull(),
  values: jsonb('values').$type<Record<string, string>>().notNull(),
  /** An impression's proposal: at most one impression per proposal. */
  proposalCode: text('proposal_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
