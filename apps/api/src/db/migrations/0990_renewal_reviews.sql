-- Staff review of renewals (issue 14, ADR 265): each decision staff take on a renewal in the queue — released at
-- the offered price, or re-rated with an adjustment — with its reason, who took it and the prices before and
-- after. Append-only; written only by the renewals module.
CREATE TABLE renewal_reviews (
  id uuid PRIMARY KEY,
  policy_id uuid NOT NULL,
  cycle integer NOT NULL,
  proposal_code text NOT NULL,
  action text NOT NULL CHECK (action IN ('RELEASE', 'RERATE')),
  reason text NOT NULL,
  adjustment_percent integer NOT NULL DEFAULT 0,
  status_before text NOT NULL,
  offered_before_pence integer,
  offered_after_pence integer,
  referral_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  staff_subject text NOT NULL,
  staff_email text,
  decided_at timestamptz NOT NULL,
  FOREIGN KEY (policy_id, cycle) REFERENCES renewals (policy_id, cycle)
);
CREATE INDEX renewal_reviews_renewal_idx ON renewal_reviews (policy_id, cycle);
