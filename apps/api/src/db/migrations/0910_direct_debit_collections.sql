-- Direct Debit collections of the billing run (ADR 204): one GoCardless payment per statement payment and
-- attempt (the provider's idempotency key is `<customer payment>:<attempt>`), followed by its webhooks; and
-- the sandbox provider's own record of the payments it was asked for (what GoCardless keeps).
CREATE TABLE dd_collections (
  customer_payment_id uuid NOT NULL,
  attempt integer NOT NULL,
  provider text NOT NULL,
  provider_payment_id text NOT NULL,
  charge_date date NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (customer_payment_id, attempt)
);
CREATE UNIQUE INDEX dd_collections_provider_payment ON dd_collections (provider, provider_payment_id);

CREATE TABLE sandbox_dd_payments (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  mandate_id text NOT NULL,
  amount_pence integer NOT NULL,
  charge_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending_submission', 'submitted', 'confirmed', 'failed')),
  fails boolean NOT NULL,
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sandbox_dd_payments_open ON sandbox_dd_payments (status) WHERE status IN ('pending_submission', 'submitted');
