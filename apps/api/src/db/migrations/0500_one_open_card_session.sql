-- Issue 9 §4 (ADR 131): one open card session per customer payment, and a payment that arrives for an
-- already-settled customer payment is refunded through the provider and kept here for staff to see.
UPDATE payment_sessions s SET status = 'expired'
 WHERE s.status = 'open' AND s.customer_payment_id IS NOT NULL
   AND EXISTS (
     SELECT 1 FROM payment_sessions n
      WHERE n.customer_payment_id = s.customer_payment_id AND n.status = 'open'
        AND (n.created_at, n.id) > (s.created_at, s.id)
   );
CREATE UNIQUE INDEX payment_sessions_one_open_idx ON payment_sessions (customer_payment_id)
  WHERE status = 'open' AND customer_payment_id IS NOT NULL;

CREATE TABLE duplicate_payments (
  id uuid PRIMARY KEY,
  customer_payment_id uuid NOT NULL REFERENCES customer_payments(id),
  party_id uuid NOT NULL REFERENCES parties(id),
  session_id text,
  provider text NOT NULL,
  payment_reference text NOT NULL,
  amount_pence integer NOT NULL,
  status text NOT NULL DEFAULT 'refund_pending' CHECK (status IN ('refund_pending', 'refunded', 'refund_failed')),
  refund_reference text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  UNIQUE (provider, payment_reference)
);
CREATE INDEX duplicate_payments_party_idx ON duplicate_payments (party_id);

-- The sandbox keeps the payment intent of a paid session so that it can be refunded.
ALTER TABLE sandbox_card_sessions ADD COLUMN payment_intent text;
ALTER TABLE sandbox_card_sessions ADD COLUMN refunded_at timestamptz;
CREATE INDEX sandbox_card_sessions_intent_idx ON sandbox_card_sessions (payment_intent);
