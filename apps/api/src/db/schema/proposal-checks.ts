import { bigserial, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { parties } from './foundation.ts';
import { proposals } from './proposals.ts';

/** Identity checks and verifications of a proposal's policyholder (migration 0400; module checks). */
export const proposalChecks = pgTable('proposal_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  proposalCode: text('proposal_code')
    .notNull()
    .references(() => proposals.proposalCode, { onDelete: 'cascade' }),
  partyId: uuid('party_id')
    .notNull()
    .references(() => parties.id),
  kind: text('kind', { enum: ['id-check', 'verify'] }).notNull(),
  provider: text('provider').notNull(),
  isClear: boolean('is_clear').notNull(),
  checks: jsonb('checks').$type<{ name: string; result: 'clear' | 'consider' }[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ProposalCheckRow = typeof proposalChecks.$inferSelect;
