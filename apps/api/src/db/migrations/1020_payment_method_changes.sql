-- Issue 12 item 5 (ADR 310): the customer changes an account's card or Direct Debit from the billing tab.
-- A redirect flow remembers what it was started for (the account); each change of an account's collecting
-- method is written once (unique per account and new method), the old method kept as it was.
ALTER TABLE dd_redirect_flows ADD COLUMN client_reference text;

CREATE TABLE payment_method_changes (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES customer_accounts(id),
  from_method_id uuid,
  to_method_id uuid NOT NULL,
  changed_at timestamptz NOT NULL,
  UNIQUE (account_id, to_method_id)
);
