-- Collections of the billing run (ADR 202): a customer payment of purpose 'statement' per statement (unique),
-- and the sandbox card provider's record of off-session charges by idempotency key (what Stripe keeps).
ALTER TABLE customer_payments DROP CONSTRAINT IF EXISTS customer_payments_purpose_check;
ALTER TABLE customer_payments ADD CONSTRAINT customer_payments_purpose_check
  CHECK (purpose IN ('bind', 'mta', 'settle', 'statement'));
CREATE UNIQUE INDEX customer_payments_one_per_statement ON customer_payments (reference)
  WHERE purpose = 'statement';

CREATE TABLE sandbox_card_charges (
  idempotency_key text PRIMARY KEY,
  payment_method text NOT NULL,
  amount_pence integer NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'declined')),
  decline_code text,
  payment_intent text NOT NULL,
  created_at timestamptz NOT NULL
);
