-- Claims and first notification of loss (issue 11 §5, ADR 160).
CREATE TABLE claims (
  id uuid PRIMARY KEY,
  claim_reference text NOT NULL UNIQUE,
  party_id uuid NOT NULL REFERENCES parties(id),
  policy_id uuid NOT NULL REFERENCES policies(id),
  policy_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'settled')),
  claim_type text NOT NULL,
  claim_sub_type text,
  insured_name text NOT NULL,
  occurred_at timestamptz NOT NULL,
  occurred_date text NOT NULL,
  details jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('online', 'external')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX claims_party_policy_idx ON claims (party_id, policy_number);

-- Append-only history of every claim: who moved it, from what to what, with the note.
CREATE TABLE claim_events (
  id uuid PRIMARY KEY,
  claim_id uuid NOT NULL REFERENCES claims(id),
  party_id uuid NOT NULL,
  from_status text CHECK (from_status IN ('pending', 'active', 'settled')),
  to_status text NOT NULL CHECK (to_status IN ('pending', 'active', 'settled')),
  note text,
  actor_kind text NOT NULL CHECK (actor_kind IN ('customer', 'staff', 'external')),
  actor_subject text,
  created_at timestamptz NOT NULL
);
CREATE INDEX claim_events_claim_idx ON claim_events (claim_id, created_at);

CREATE TABLE fnol_links (
  id text PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  policy_id uuid NOT NULL REFERENCES policies(id),
  policy_number text NOT NULL,
  callback_url text NOT NULL,
  contact jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
