-- What the account still owed once a cancellation was posted to the ledger (ADR 383): arrears, or the credit of a
-- change that never took effect taken back. The confirmation page and e-mail name it; 0 until the cancellation
-- is posted (a deferred one, when it ends).
ALTER TABLE policy_adjustments ADD COLUMN owed_pence integer NOT NULL DEFAULT 0;
