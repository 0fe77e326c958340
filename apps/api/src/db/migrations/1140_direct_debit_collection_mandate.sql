-- A Direct Debit collection records the mandate it was made on (ADR 377), so that a replaced mandate is cancelled
-- at the provider only once none of its debits is in flight: GoCardless cancels a cancelled mandate's payments
-- that are not yet submitted. Collections whose payment is still PENDING are given their account's current
-- mandate, the one the billing run used unless it was replaced since. (Their status is GoCardless's last
-- action, e.g. `created`, so the payment's own status decides.)
ALTER TABLE dd_collections ADD COLUMN payment_method_id uuid;
UPDATE dd_collections c
   SET payment_method_id = a.payment_method_id
  FROM customer_payments p
  JOIN statements s ON s.id::text = p.reference
  JOIN customer_accounts a ON a.id = s.account_id
 WHERE p.id = c.customer_payment_id
   AND p.purpose = 'statement'
   AND p.status = 'PENDING';
CREATE INDEX dd_collections_payment_method ON dd_collections (payment_method_id);

-- The sandbox, like GoCardless, cancels a cancelled mandate's payments that are not yet submitted.
ALTER TABLE sandbox_dd_payments DROP CONSTRAINT sandbox_dd_payments_status_check;
ALTER TABLE sandbox_dd_payments ADD CONSTRAINT sandbox_dd_payments_status_check
  CHECK (status IN ('pending_submission', 'submitted', 'confirmed', 'failed', 'cancelled'));
