import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A committed set of uploaded files (issue 13 item 6, ADR 260): written only by the uploads module. */
export const uploadSubmissions = pgTable('upload_submissions', {
  id: uuid('id').primaryKey(),
  policyId: uuid('policy_id').notNull(),
  partyId: uuid('party_id').notNull(),
  purpose: text('purpose').notNull(),
  comment: text('comment'),
  committedBy: text('committed_by', { enum: ['customer', 'staff'] }).notNull(),
  committedAt: ts('committed_at').notNull(),
});

/** An uploaded file: staged (no submission yet) or committed. */
export const uploadFiles = pgTable('upload_files', {
  id: uuid('id').primaryKey(),
  policyId: uuid('policy_id').notNull(),
  partyId: uuid('party_id').notNull(),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  contentType: text('content_type').notNull(),
  storageKey: text('storage_key').notNull(),
  submissionId: uuid('submission_id'),
  stagedAt: ts('staged_at').notNull(),
});
