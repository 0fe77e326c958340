-- How a purchase is collected (issue 12, ADR 317): the method type the customer (or staff) chose at the
-- proposal's checkout, so bind opens the account on that method, not on whichever method is newest.
-- One row per proposal, replaced when the choice changes before bind. Written only by the policies module.
CREATE TABLE purchase_methods (
  proposal_code text PRIMARY KEY,
  party_id uuid NOT NULL,
  method_type text NOT NULL CHECK (method_type IN ('CARD', 'BACS_DEBIT')),
  chosen_at timestamptz NOT NULL
);
