-- Proposals: the visitor's answers, status and latest quote (DESIGN.md §5). Owned by a party; the identity
-- module moves anonymous proposals to the customer's party on sign-in (UPDATE proposals SET party_id).
CREATE TABLE proposals (
  proposal_code text PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  external_reference text NOT NULL UNIQUE,
  brand text NOT NULL,
  scheme_code text NOT NULL,
  product text NOT NULL,
  status text NOT NULL DEFAULT 'QUOTE'
    CHECK (status IN ('QUOTE', 'REFERRAL', 'QUOTE_EXPIRED', 'INSUFFICIENT_ACCURACY', 'POLICY')),
  source text,
  promo_code text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  quote jsonb,
  start_at timestamptz,
  end_at timestamptz,
  quote_expires_at timestamptz,
  tracking jsonb,
  tracking_at timestamptz,
  policy_id text,
  policy_number text,
  source_policy jsonb,
  source_proposal text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proposals_party_idx ON proposals (party_id, created_at DESC);
CREATE INDEX proposals_expiry_idx ON proposals (quote_expires_at) WHERE status = 'QUOTE';

-- Quote retrieval attempts (POST /api/session/back-book), for rate limiting per reference and per client.
CREATE TABLE retrieval_attempts (
  id bigserial PRIMARY KEY,
  external_reference text NOT NULL,
  client_ip text NOT NULL,
  succeeded boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX retrieval_attempts_reference_idx ON retrieval_attempts (external_reference, created_at);
CREATE INDEX retrieval_attempts_ip_idx ON retrieval_attempts (client_ip, created_at);
