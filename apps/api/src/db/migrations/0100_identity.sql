-- Identity (issue 4). The embedded identity provider's users: customers and staff, signed in by one-time code.
CREATE TABLE identity_users (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('customer', 'staff')),
  email text,
  phone_number text,
  first_name text,
  last_name text,
  permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX identity_users_email_idx ON identity_users (lower(email)) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX identity_users_phone_idx ON identity_users (phone_number) WHERE phone_number IS NOT NULL;

-- One-time sign-in codes (only a hash is stored), with attempt counts for rate limiting.
CREATE TABLE login_codes (
  id uuid PRIMARY KEY,
  interaction_uid text NOT NULL,
  address text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_address_idx ON login_codes (address, created_at DESC);
CREATE INDEX login_codes_interaction_idx ON login_codes (interaction_uid, created_at DESC);

-- oidc-provider's models (sessions, interactions, grants, codes, refresh tokens ...) as JSON documents.
CREATE TABLE oidc_models (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_models_grant_idx ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_models_uid_idx ON oidc_models (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_models_expires_idx ON oidc_models (expires_at);

-- A customer account: the API's view of a signed-in person, keyed by issuer and subject, owning a party.
-- subject is null until the first sign-in when the account was set up ahead of it at an external issuer.
CREATE TABLE customers (
  party_id uuid PRIMARY KEY REFERENCES parties(id),
  issuer text NOT NULL,
  subject text,
  email text,
  phone_number text,
  first_name text,
  last_name text,
  marketing_email boolean NOT NULL DEFAULT true,
  marketing_phone boolean NOT NULL DEFAULT true,
  marketing_sms boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_subject_idx ON customers (issuer, subject) WHERE subject IS NOT NULL;
CREATE UNIQUE INDEX customers_email_idx ON customers (issuer, lower(email));

-- What staff did while acting for a customer. Append-only: the database refuses updates and deletes.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY,
  admin_subject text NOT NULL,
  admin_email text,
  customer_party_id uuid,
  action text NOT NULL,
  target text NOT NULL,
  outcome_status integer NOT NULL,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_customer_idx ON audit_log (customer_party_id, created_at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
