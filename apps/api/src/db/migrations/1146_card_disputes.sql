-- A card payment disputed by the cardholder (ADR 392): the sandbox card provider keeps its disputes as Stripe does,
-- one per payment intent, with the money withdrawn from the insurer or reinstated to it. The sandbox also records
-- the phone payments it takes (by token), as it records off-session charges, so that they can be disputed too.
CREATE TABLE sandbox_card_disputes (
  payment_intent text PRIMARY KEY,
  id text NOT NULL,
  amount_pence integer NOT NULL,
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('funds_withdrawn', 'funds_reinstated')),
  updated_at timestamptz NOT NULL
);
