-- A card refund that fails after it was made (ADR 406). The sandbox card provider keeps its refunds as Stripe does,
-- one per idempotency key, each with its own id; one to a card whose refunds fail (4000 0000 0000 5126) turns from
-- succeeded to failed a working day later and is told by a signed `charge.refund.updated` webhook. The app finds a
-- card refund part by its provider's refund id, as it finds a Direct Debit one.
CREATE TABLE sandbox_card_refunds (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  payment_intent text NOT NULL,
  amount_pence integer NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  fails boolean NOT NULL,
  failure_reason text,
  metadata jsonb NOT NULL DEFAULT '{}',
  webhook_url text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sandbox_card_refunds_open ON sandbox_card_refunds (created_at) WHERE status = 'succeeded' AND fails;
CREATE INDEX payment_refunds_card_refund ON payment_refunds (provider, provider_refund_id) WHERE method = 'CARD';
