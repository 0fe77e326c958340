-- A Direct Debit charged back by the payer's bank under the Direct Debit Guarantee (ADR 384): its payment is
-- REVERSED (the money went back), and the sandbox bank can charge back a payment it collected, as GoCardless
-- reports one (`charged_back`).
ALTER TABLE customer_payments DROP CONSTRAINT customer_payments_status_check;
ALTER TABLE customer_payments ADD CONSTRAINT customer_payments_status_check
  CHECK (status IN ('DRAFT', 'PENDING', 'SETTLED', 'FAILED', 'REVERSED'));
ALTER TABLE sandbox_dd_payments DROP CONSTRAINT sandbox_dd_payments_status_check;
ALTER TABLE sandbox_dd_payments ADD CONSTRAINT sandbox_dd_payments_status_check
  CHECK (status IN ('pending_submission', 'submitted', 'confirmed', 'failed', 'cancelled', 'charged_back'));
