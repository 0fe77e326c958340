-- Arrears (ADR 203): a statement's collection attempts and when the next retry is due; an account suspended
-- after the last failure carries the date its policy is cancelled for non-payment unless paid. A policy
-- ended by the insurer or the customer records why.
ALTER TABLE statements ADD COLUMN collection_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE statements ADD COLUMN next_collection_at timestamptz;
CREATE INDEX statements_retry_idx ON statements (next_collection_at) WHERE status = 'failed';
ALTER TABLE customer_accounts ADD COLUMN cancel_for_non_payment_at timestamptz;
ALTER TABLE policies ADD COLUMN IF NOT EXISTS cancellation_reason text;
