-- Parties: anyone who can own data. An anonymous visitor is a party until merged into a customer.
CREATE TABLE parties (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('anonymous', 'customer', 'staff')),
  merged_into uuid REFERENCES parties(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Secrets the app generates for itself on first start (token signing keys) when none is configured.
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Transactional outbox: e-mail, SMS and integration events written in the same transaction as the change.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'event')),
  recipient text,
  subject text,
  body text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  provider_message_id text,
  rendered text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_status_idx ON outbox (status, created_at);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, created_at DESC);

-- Idempotency keys for writes that move money or create policies (DESIGN.md §3).
CREATE TABLE idempotency_keys (
  key text NOT NULL,
  party_id uuid NOT NULL,
  operation text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (party_id, operation, key)
);
