-- Outbound partner webhooks (issue 31 part 1, ADR 362). Written only by the partners module.

-- A brand's receiver: its URL, the event types it takes and the secret that signs each delivery (kept so it
-- can sign; staff see it once, when the endpoint is made or its secret rolled).
CREATE TABLE partner_endpoints (
  id uuid PRIMARY KEY,
  brand text NOT NULL,
  url text NOT NULL,
  event_types text[] NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  contact_email text NOT NULL,
  disabled_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- What happened, recorded in the emitter's transaction (so exactly the committed facts are announced). seq
-- orders the events of a policy.
CREATE TABLE partner_events (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  brand text NOT NULL,
  type text NOT NULL,
  version integer NOT NULL,
  policy_id uuid NOT NULL,
  policy_number text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX partner_events_created_idx ON partner_events (brand, created_at);

-- One event to one endpoint (a replay is a new row): at least once, in seq order per endpoint and policy.
-- lease_until: a worker has it until then (a killed worker's delivery is taken again after it).
CREATE TABLE partner_deliveries (
  id uuid PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  event_id uuid NOT NULL REFERENCES partner_events (id),
  endpoint_id uuid NOT NULL REFERENCES partner_endpoints (id),
  policy_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  lease_until timestamptz,
  first_failed_at timestamptz,
  last_response_code integer,
  duration_ms integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE INDEX partner_deliveries_due_idx ON partner_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX partner_deliveries_order_idx ON partner_deliveries (endpoint_id, policy_id, seq)
  WHERE status = 'pending';
CREATE INDEX partner_deliveries_endpoint_idx ON partner_deliveries (endpoint_id, created_at);
