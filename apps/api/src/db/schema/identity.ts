import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** The embedded identity provider's users (customers and staff). */
export const identityUsers = pgTable('identity_users', {
  id: uuid('id').primaryKey(),
  kind: text('kind', { enum: ['customer', 'staff'] }).notNull(),
  email: text('email'),
  phoneNumber: text('phone_number'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const loginCodes = pgTable('login_codes', {
  id: uuid('id').primaryKey(),
  interactionUid: text('interaction_uid').notNull(),
  address: text('address').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  /** The client (IP) address that asked for the code. */
  requestedBy: text('requested_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] })],
);

/** A customer account: issuer + subject → the party that owns the customer's data. */
export const customers = pgTable('customers', {
  partyId: uuid('party_id').primaryKey(),
  issuer: text('issuer').notNull(),
  subject: text('subject'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  marketingEmail: boolean('marketing_email').notNull().default(false),
  marketingPhone: boolean('marketing_phone').notNull().default(false),
  marketingSms: boolean('marketing_sms').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Append-only record of what staff did while impersonating a customer. */
export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey(),
  adminSubject: text('admin_subject').notNull(),
  adminEmail: text('admin_email'),
  customerPartyId: uuid('customer_party_id'),
  action: text('action').notNull(),
  target: text('target').notNull(),
  outcomeStatus: integer('outcome_status').notNull(),
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The order entries were written in (migration 1130): entries of the same millisecond are listed by it. */
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
});
