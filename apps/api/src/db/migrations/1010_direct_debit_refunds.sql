-- Refunds of customer payments (ADR 305): one part per (refund line, customer payment), by card (paid at once)
-- or by Direct Debit (a GoCardless refund followed by its webhooks), its provider key
-- `refund-<line>-<customer payment>`; and the sandbox provider's own record of the Direct Debit refunds it
-- was asked for (what GoCardless keeps).
CREATE TABLE payment_refunds (
  idempotency_key text PRIMARY KEY,
  reference text NOT NULL,
  customer_payment_id uuid NOT NULL,
  method text NOT NULL CHECK (method IN ('CARD', 'BACS_DEBIT')),
  provider text NOT NULL,
  provider_refund_id text NOT NULL,
  amount_pence integer NOT NULL CHECK (amount_pence > 0),
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX payment_refunds_provider_refund ON payment_refunds (provider, provider_refund_id) WHERE method = 'BACS_DEBIT';
CREATE INDEX payment_refunds_reference ON payment_refunds (reference);

CREATE TABLE sandbox_dd_refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  payment_id text NOT NULL,
  amount_pence integer NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'pending_submission', 'submitted', 'paid', 'failed')),
  fails boolean NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sandbox_dd_refunds_open ON sandbox_dd_refunds (status) WHERE status IN ('created', 'pending_submission', 'submitted');
