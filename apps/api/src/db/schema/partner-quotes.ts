import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A partner's API keys (migration 1110, ADR 363): written only by the partner-quotes module. */
export const partnerApiKeys = pgTable('partner_api_keys', {
  id: uuid('id').primaryKey(),
  brand: text('brand').notNull(),
  partner: text('partner').notNull(),
  /** The key's first characters, to tell keys apart on the staff screen; never enough to use it. */
  keyPrefix: text('key_prefix').notNull(),
  /** SHA-256 (hex) of the whole key: the key itself is shown once and never stored. */
  keyHash: text('key_hash').notNull().unique(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** The quotes partners asked for: source, proposal and the one-time deep link (migration 1110). */
export const partnerQuotes = pgTable('partner_quotes', {
  id: uuid('id').primaryKey(),
  apiKeyId: uuid('api_key_id')
    .notNull()
    .references(() => partnerApiKeys.id),
  brand: text('brand').notNull(),
  partner: text('partner').notNull(),
  campaign: text('campaign'),
  proposalCode: text('proposal_code').notNull().unique(),
  linkTokenHash: text('link_token_hash').notNull().unique(),
  linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
  linkUsedAt: timestamp('link_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type PartnerApiKeyRow = typeof partnerApiKeys.$inferSelect;
