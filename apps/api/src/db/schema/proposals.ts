import {
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { jsonText } from '../json-text.ts';
import { parties } from './foundation.ts';

/**
 * A json column written as `jsonText` writes it: a NUL character is refused, as jsonb refused it (PostgreSQL's
 * json accepts `\u0000` in the text, and `->` over the row then fails). Read as the driver parses it.
 */
const storedJson = customType<{ data: Record<string, unknown>; driverData: string }>({
  dataType: () => 'json',
  toDriver: (value) => jsonText(value),
  fromDriver: (value) => (typeof value === 'string' ? JSON.parse(value) : value),
});

export const proposals = pgTable('proposals', {
  proposalCode: text('proposal_code').primaryKey(),
  partyId: uuid('party_id')
    .notNull()
    .references(() => parties.id),
  externalReference: text('external_reference').notNull().unique(),
  brand: text('brand').notNull(),
  schemeCode: text('scheme_code').notNull(),
  product: text('product').notNull(),
  status: text('status', {
    enum: ['QUOTE', 'REFERRAL', 'QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY', 'POLICY'],
  })
    .notNull()
    .default('QUOTE'),
  source: text('source'),
  promoCode: text('promo_code'),
  /** json, not jsonb (migration 1120, ADR 371): written and read whole, never queried inside. */
  data: storedJson('data').notNull().default({}),
  quote: storedJson('quote'),
  startAt: timestamp('start_at', { withTimezone: true }),
  endAt: timestamp('end_at', { withTimezone: true }),
  quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
  tracking: jsonb('tracking').$type<Record<string, string>>(),
  trackingAt: timestamp('tracking_at', { withTimezone: true }),
  policyId: text('policy_id'),
  policyNumber: text('policy_number'),
  sourcePolicy: jsonb('source_policy').$type<Record<string, unknown>>(),
  sourceProposal: text('source_proposal'),
  /** Renewal (migration 0940): the policy renewed and the cycle; 0 and null for new business. */
  renewalCycle: integer('renewal_cycle').notNull().default(0),
  sourcePolicyId: uuid('source_policy_id'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const retrievalAttempts = pgTable('retrieval_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  externalReference: text('external_reference').notNull(),
  clientIp: text('client_ip').notNull(),
  succeeded: boolean('succeeded').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ProposalRow = typeof proposals.$inferSelect;
