-- Billing ledger (H8): customer accounts (accountCode = policy number), statements and their line items.
-- Amounts in pence; a debit (invoice, journal, refund) is positive, a credit (payment, credit note) negative.
CREATE SEQUENCE policy_number_seq START 10000001;

CREATE TABLE customer_accounts (
  id uuid PRIMARY KEY,
  account_code text NOT NULL UNIQUE,
  party_id uuid NOT NULL REFERENCES parties(id),
  policy_id uuid NOT NULL REFERENCES policies(id),
  payment_day integer NOT NULL CHECK (payment_day BETWEEN 1 AND 28),
  payment_method_type text NOT NULL CHECK (payment_method_type IN ('CARD', 'BACS_DEBIT')),
  payment_method_id uuid REFERENCES payment_methods(id),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_accounts_party_idx ON customer_accounts (party_id);

CREATE TABLE statements (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES customer_accounts(id),
  statement_number integer NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'pending', 'settled', 'failed')),
  kind text NOT NULL,
  brought_forward_pence integer NOT NULL DEFAULT 0,
  subtotal_pence integer NOT NULL DEFAULT 0,
  carried_forward_pence integer NOT NULL DEFAULT 0,
  amount_outstanding_pence integer NOT NULL DEFAULT 0,
  payment_due_at timestamptz,
  final boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, statement_number)
);

CREATE TABLE statement_line_items (
  id uuid PRIMARY KEY,
  statement_id uuid NOT NULL REFERENCES statements(id),
  account_id uuid NOT NULL REFERENCES customer_accounts(id),
  type text NOT NULL CHECK (type IN ('invoice', 'credit_note', 'debit_journal', 'credit_journal', 'payment',
    'payment_reversal', 'refund', 'refund_reversal')),
  status text NOT NULL CHECK (status IN ('PENDING', 'POSTED', 'FAILED')),
  amount_pence integer NOT NULL,
  description_key text NOT NULL,
  description_value text,
  service_period_start timestamptz,
  service_period_end timestamptz,
  payment_method_description text,
  sub_type text CHECK (sub_type IN ('GOCARDLESS', 'STRIPE', 'MTA')),
  customer_payment_id uuid REFERENCES customer_payments(id),
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX statement_line_items_statement_idx ON statement_line_items (statement_id);
