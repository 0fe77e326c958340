-- Documents a customer sends about a policy (issue 13 item 6, ADR 260): files are staged one by one, then
-- committed together as one submission with a purpose and an optional comment.
CREATE TABLE upload_submissions (
  id uuid PRIMARY KEY,
  policy_id uuid NOT NULL REFERENCES policies(id),
  party_id uuid NOT NULL REFERENCES parties(id),
  purpose text NOT NULL,
  comment text,
  committed_by text NOT NULL,
  committed_at timestamptz NOT NULL
);
CREATE INDEX upload_submissions_policy_idx ON upload_submissions (policy_id, committed_at);

CREATE TABLE upload_files (
  id uuid PRIMARY KEY,
  policy_id uuid NOT NULL REFERENCES policies(id),
  party_id uuid NOT NULL REFERENCES parties(id),
  file_name text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10485760),
  content_type text NOT NULL,
  storage_key text NOT NULL,
  submission_id uuid REFERENCES upload_submissions(id),
  staged_at timestamptz NOT NULL
);
-- One staged file per name and policy: staging the same name again replaces it.
CREATE UNIQUE INDEX upload_files_one_staged_name ON upload_files (policy_id, file_name)
  WHERE submission_id IS NULL;
CREATE INDEX upload_files_submission_idx ON upload_files (submission_id);
