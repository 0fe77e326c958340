-- Renewal (issue 14, ADR 220): the renewal proposal of each policy and cycle, made exactly once.
-- Proposals: a renewal names its source policy and cycle; one renewal proposal per policy and cycle.
ALTER TABLE proposals ADD COLUMN renewal_cycle integer NOT NULL DEFAULT 0;
ALTER TABLE proposals ADD COLUMN source_policy_id uuid;
CREATE UNIQUE INDEX proposals_renewal_once_idx ON proposals (source_policy_id, renewal_cycle)
  WHERE source_policy_id IS NOT NULL;

-- Policies: the cycle (0 for the first year), the policy it renews, its current renewal proposal, and why the
-- customer opted out of auto-renewal.
ALTER TABLE policies ADD COLUMN renewal_cycle integer NOT NULL DEFAULT 0;
ALTER TABLE policies ADD COLUMN previous_policy_id uuid REFERENCES policies(id);
ALTER TABLE policies ADD COLUMN renewal_proposal_code text;
ALTER TABLE policies ADD COLUMN auto_renewal_reason text;
ALTER TABLE policies ADD COLUMN auto_renewal_changed_at timestamptz;
CREATE UNIQUE INDEX policies_successor_once_idx ON policies (previous_policy_id) WHERE previous_policy_id IS NOT NULL;

-- The renewals module's table: one row per policy and cycle (the exactly-once guard), the two prices side by
-- side with their traces (ICOBS 6B), the staff queue for MANUAL review, and the anniversary's outcome.
CREATE TABLE renewals (
  policy_id uuid NOT NULL REFERENCES policies(id),
  cycle integer NOT NULL,
  proposal_code text NOT NULL,
  party_id uuid NOT NULL REFERENCES parties(id),
  anniversary_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('INVITED', 'REFERRED', 'MANUAL_REVIEW', 'UNRATED', 'RENEWED', 'LAPSED')),
  review_type text NOT NULL CHECK (review_type IN ('AUTO', 'MANUAL')),
  previous_total_pence integer,
  renewal_total_pence integer,
  new_business_total_pence integer,
  offered_total_pence integer,
  capped boolean NOT NULL DEFAULT false,
  channel text,
  renewal_trace jsonb NOT NULL DEFAULT '[]'::jsonb,
  new_business_trace jsonb NOT NULL DEFAULT '[]'::jsonb,
  invited_at timestamptz NOT NULL,
  completed_at timestamptz,
  successor_policy_id uuid REFERENCES policies(id),
  PRIMARY KEY (policy_id, cycle)
);
CREATE INDEX renewals_due_idx ON renewals (anniversary_at) WHERE completed_at IS NULL;
