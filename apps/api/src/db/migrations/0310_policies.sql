-- Policies (H8 groundwork for bind): the policy, its versions (each a quote and a start) and their documents.
CREATE TABLE policies (
  id uuid PRIMARY KEY,
  policy_number text NOT NULL UNIQUE,
  party_id uuid NOT NULL REFERENCES parties(id),
  proposal_code text NOT NULL,
  scheme_code text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'LAPSED', 'CANCELLED', 'RENEWED', 'VOIDED', 'NTU')),
  incepted_at timestamptz NOT NULL,
  expired_at timestamptz,
  terminated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX policies_party_idx ON policies (party_id);
CREATE UNIQUE INDEX policies_proposal_idx ON policies (proposal_code);

CREATE TABLE policy_versions (
  id uuid PRIMARY KEY,
  policy_id uuid NOT NULL REFERENCES policies(id),
  version_number integer NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  quote jsonb NOT NULL DEFAULT '{}'::jsonb,
  document_input jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (policy_id, version_number)
);

CREATE TABLE policy_documents (
  policy_version_id uuid NOT NULL REFERENCES policy_versions(id),
  doc text NOT NULL CHECK (doc IN ('policy-certificate', 'policy-schedule')),
  storage_key text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  generated_at timestamptz NOT NULL,
  PRIMARY KEY (policy_version_id, doc)
);
