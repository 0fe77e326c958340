import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A brand's webhook receiver (migration 1100, ADR 362): written only by the partners module. */
export const partnerEndpoints = pgTable('partner_endpoints', {
  id: uuid('id').primaryKey(),
  brand: text('brand').notNull(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  /** Kept so it can sign; shown to staff once (create, roll). */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  contactEmail: text('contact_email').notNull(),
  disabledReason: text('disabled_reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** What happened, recorded in the emitter's transaction; `seq` orders a policy's events. */
export const partnerEvents = pgTable('partner_events', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  brand: text('brand').notNull(),
  type: text('type').notNull(),
  version: integer('version').notNull(),
  policyId: uuid('policy_id').notNull(),
  policyNumber: text('policy_number'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: ts('created_at').notNull(),
});

/** One event to one endpoint (a replay is a new row), delivered at least once, in order per policy. */
export const partnerDeliveries = pgTable('partner_deliveries', {
  id: uuid('id').primaryKey(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  eventId: uuid('event_id').notNull(),
  endpointId: uuid('endpoint_id').notNull(),
  policyId: uuid('policy_id').notNull(),
  status: text('status', { enum: ['pending', 'delivered'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  leaseUntil: ts('lease_until'),
  firstFailedAt: ts('first_failed_at'),
  lastResponseCode: integer('last_response_code'),
  durationMs: integer('duration_ms'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull(),
  deliveredAt: ts('delivered_at'),
});
