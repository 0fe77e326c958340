-- A surplus payment's refund that came back after it was made (ADR 406): `refund_returned` when the customer's
-- account holds the money again (a surplus posted on the ledger, ADR 341: the next statement takes it, or staff pay
-- it back after cover ends), `refund_failed` as before when nothing holds it and staff must pay it back.
ALTER TABLE duplicate_payments DROP CONSTRAINT duplicate_payments_status_check;
ALTER TABLE duplicate_payments ADD CONSTRAINT duplicate_payments_status_check
  CHECK (status IN ('refund_pending', 'refunded', 'refund_failed', 'refund_returned'));
