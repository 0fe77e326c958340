-- A mid-term change on a policy paid in full (annual, driveaway) that costs more is paid by card before it is
-- confirmed (ADR 300): the pence due, fixed when the change is made (0 when nothing is due first).
ALTER TABLE policy_adjustments ADD COLUMN payment_due_pence integer NOT NULL DEFAULT 0;
