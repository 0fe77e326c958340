-- Policy adjustments (issue 13, ADR 210): mid-term changes and cancellations, made then confirmed.
CREATE TABLE policy_adjustments (
  id uuid PRIMARY KEY,
  policy_id uuid NOT NULL REFERENCES policies(id),
  party_id uuid NOT NULL REFERENCES parties(id),
  adjustment_type text NOT NULL CHECK (adjustment_type IN ('MTA', 'SDA', 'CANCELLATION')),
  reason text,
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  effective_at timestamptz NOT NULL,
  immediate boolean NOT NULL DEFAULT true,
  cancellation_type text CHECK (cancellation_type IN ('Standard', 'CoolingOff')),
  credit_pence integer NOT NULL DEFAULT 0,
  refund_pence integer NOT NULL DEFAULT 0,
  prorata_premium_pence integer NOT NULL DEFAULT 0,
  updated_versions jsonb NOT NULL DEFAULT '[]'::jsonb,
  verification_clear boolean NOT NULL DEFAULT true,
  made_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  -- A deferred cancellation: when the job ended the policy.
  completed_at timestamptz
);
CREATE INDEX policy_adjustments_policy_idx ON policy_adjustments (policy_id);
-- A policy is cancelled once: at most one confirmed cancellation.
CREATE UNIQUE INDEX policy_adjustments_one_cancellation ON policy_adjustments (policy_id)
  WHERE adjustment_type = 'CANCELLATION' AND confirmed_at IS NOT NULL;
CREATE INDEX policy_adjustments_due_idx ON policy_adjustments (effective_at)
  WHERE adjustment_type = 'CANCELLATION' AND confirmed_at IS NOT NULL AND completed_at IS NULL;
