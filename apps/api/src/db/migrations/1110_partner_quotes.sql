-- The aggregator quote API (issue 31 part 2, ADR 363). A partner's API keys, per brand: only a prefix (to name
-- the key on the staff screen) and the SHA-256 of the whole key are kept. Several may be active at once, so a
-- partner rotates without downtime: create the new key, deploy it, then revoke the old one.
CREATE TABLE partner_api_keys (
  id uuid PRIMARY KEY,
  brand text NOT NULL,
  partner text NOT NULL,
  key_prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX partner_api_keys_brand_idx ON partner_api_keys (brand, created_at);

-- Each quote a partner asked for: its source (partner, campaign) for conversion tracking, the proposal it made,
-- and the one-time deep link that opens it in the brand's web app (only the link token's SHA-256 is kept).
CREATE TABLE partner_quotes (
  id uuid PRIMARY KEY,
  api_key_id uuid NOT NULL REFERENCES partner_api_keys (id),
  brand text NOT NULL,
  partner text NOT NULL,
  campaign text,
  proposal_code text NOT NULL UNIQUE,
  link_token_hash text NOT NULL UNIQUE,
  link_expires_at timestamptz NOT NULL,
  link_used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX partner_quotes_source_idx ON partner_quotes (brand, partner, campaign);
