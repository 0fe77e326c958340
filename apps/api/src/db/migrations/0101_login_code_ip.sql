-- Sign-in codes remember the client address that asked for them, to limit sends per client (SMS pumping).
ALTER TABLE login_codes ADD COLUMN requested_by text;
CREATE INDEX login_codes_requested_by_idx ON login_codes (requested_by, created_at DESC);
