-- Identity checks and verifications run on a proposal's policyholder (spec 3 §3, §4 steps 4 and 6).
-- Every run is kept (the audit trail an insurer needs for its KYC and sanctions screening); the latest
-- verification of a proposal is the one checkout and bind rely on.
CREATE TABLE proposal_checks (
  id bigserial PRIMARY KEY,
  proposal_code text NOT NULL REFERENCES proposals(proposal_code) ON DELETE CASCADE,
  party_id uuid NOT NULL REFERENCES parties(id),
  kind text NOT NULL CHECK (kind IN ('id-check', 'verify')),
  provider text NOT NULL,
  is_clear boolean NOT NULL,
  checks jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proposal_checks_proposal_idx ON proposal_checks (proposal_code, kind, created_at DESC);
