-- Feedback and impressions (issue 11 §6, ADR 162).
CREATE TABLE insights (
  id uuid PRIMARY KEY,
  party_id uuid NOT NULL REFERENCES parties(id),
  kind text NOT NULL CHECK (kind IN ('feedback', 'impression')),
  type text NOT NULL,
  rating integer CHECK (rating BETWEEN 1 AND 10),
  comment text,
  tags jsonb NOT NULL,
  "values" jsonb NOT NULL,
  proposal_code text,
  created_at timestamptz NOT NULL,
  CHECK (kind <> 'feedback' OR rating IS NOT NULL)
);
CREATE UNIQUE INDEX insights_one_impression_per_proposal ON insights (proposal_code) WHERE kind = 'impression';
CREATE INDEX insights_created_idx ON insights (created_at DESC);
