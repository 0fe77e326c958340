-- Payments (H8): customer payments, card sessions, payment methods and Direct Debit mandates, webhook log.
CREATE TABLE customer_payments (
  id uuid PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  purpose text NOT NULL CHECK (purpose IN ('bind', 'mta', 'settle')),
  reference text NOT NULL,
  amount_pence integer NOT NULL CHECK (amount_pence >= 0),
  currency text NOT NULL DEFAULT 'GBP',
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('DRAFT', 'PENDING', 'SETTLED', 'FAILED')),
  provider text,
  provider_reference text,
  decline_code text,
  payer_date_of_birth date,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_payments_party_idx ON customer_payments (party_id, created_at DESC);

-- A hosted card session as the app knows it; the provider holds its own copy.
CREATE TABLE payment_sessions (
  id text PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  provider text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('checkout', 'setup', 'settle', 'moto')),
  customer_payment_id uuid REFERENCES customer_payments(id),
  client_reference text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'failed', 'expired')),
  decline_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX payment_sessions_party_idx ON payment_sessions (party_id);

CREATE TABLE payment_methods (
  id uuid PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  type text NOT NULL CHECK (type IN ('CARD', 'BACS_DEBIT')),
  provider text NOT NULL,
  provider_reference text NOT NULL,
  display text NOT NULL,
  mandate_status text CHECK (mandate_status IN ('PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED')),
  bank_name text,
  account_number_ending text,
  card_brand text,
  card_last4 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_reference)
);
CREATE INDEX payment_methods_party_idx ON payment_methods (party_id);

-- Direct Debit redirect flows started by a party; the session token proves the flow is theirs.
CREATE TABLE dd_redirect_flows (
  id text PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  provider text NOT NULL,
  session_token text NOT NULL,
  description text NOT NULL,
  mandate_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- Every provider webhook event processed, by event id: a replay changes nothing.
CREATE TABLE webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The sandbox providers' own state (what Stripe and GoCardless would hold on their side).
CREATE TABLE sandbox_card_sessions (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('payment', 'setup')),
  amount_pence integer,
  currency text NOT NULL DEFAULT 'gbp',
  line_item jsonb NOT NULL DEFAULT '{}'::jsonb,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  client_reference text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  customer_email text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid', 'no_payment_required', 'failed')),
  decline_code text,
  card_brand text,
  card_last4 text,
  payment_method_id text,
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE TABLE sandbox_card_tokens (
  id text PRIMARY KEY,
  card_last4 text NOT NULL,
  outcome text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE sandbox_dd_flows (
  id text PRIMARY KEY,
  description text NOT NULL,
  session_token text NOT NULL,
  success_url text NOT NULL,
  webhook_url text NOT NULL,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'completed_by_customer', 'completed')),
  account_holder text,
  bank_name text,
  account_number_ending text,
  mandate_id text,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE TABLE sandbox_dd_mandates (
  id text PRIMARY KEY,
  flow_id text NOT NULL REFERENCES sandbox_dd_flows(id),
  status text NOT NULL CHECK (status IN ('pending_customer_approval', 'active', 'cancelled')),
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL,
  activated_at timestamptz
);
