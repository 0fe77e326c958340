import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** What the customer told us at first notification, beyond the listed fields (ADR 160). */
export interface ClaimDetails {
  location: string;
  description: string;
  otherParty?: { name?: string; vehicleRegistration?: string; insurer?: string; contact?: string };
  witnesses: { name: string; contact?: string }[];
  injuries: boolean;
  injuryDetails?: string;
  policeReference?: string;
}

/** Claims (issue 11 §5): written only by the claims module. */
export const claims = pgTable('claims', {
  id: uuid('id').primaryKey(),
  claimReference: text('claim_reference').notNull(),
  partyId: uuid('party_id').notNull(),
  policyId: uuid('policy_id').notNull(),
  policyNumber: text('policy_number').notNull(),
  status: text('status', { enum: ['pending', 'active', 'settled'] }).notNull(),
  claimType: text('claim_type').notNull(),
  claimSubType: text('claim_sub_type'),
  insuredName: text('insured_name').notNull(),
  occurredAt: ts('occurred_at').notNull(),
  occurredDate: text('occurred_date').notNull(),
  details: jsonb('details').$type<ClaimDetails>().notNull(),
  source: text('source', { enum: ['online', 'external'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Every step of a claim, append-only: who moved it, from what to what, and why. */
export const claimEvents = pgTable('claim_events', {
  id: uuid('id').primaryKey(),
  claimId: uuid('claim_id').notNull(),
  partyId: uuid('party_id').notNull(),
  fromStatus: text('from_status', { enum: ['pending', 'active', 'settled'] }),
  toStatus: text('to_status', { enum: ['pending', 'active', 'settled'] }).notNull(),
  note: text('note'),
  /** Whether the customer sees the note on their claim tracker (ADR 354); internal by default. */
  customerVisible: boolean('customer_visible').notNull().default(false),
  actorKind: text('actor_kind', { enum: ['customer', 'staff', 'external'] }).notNull(),
  actorSubject: text('actor_subject'),
  createdAt: ts('created_at').notNull(),
});

/** Links handed out to the external notification service (POST /api/fnol/link). */
export const fnolLinks = pgTable('fnol_links', {
  id: text('id').primaryKey(),
  partyId: uuid('party_id').notNull(),
  policyId: uuid('policy_id').notNull(),
  policyNumber: text('policy_number').notNull(),
  callbackUrl: text('callback_url').notNull(),
  contact: jsonb('contact')
    .$type<{ telephone?: string; email?: string; privacyPolicyUrl?: string }>()
    .notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});
