-- A Direct Debit that asks for more than its statement now does (a cancellation's credit lowered what the
-- statement asks for while the debit waited for its charge date) is cancelled at the provider and made again
-- for what the statement asks (ADR 382). `amend_to_pence` is set while the provider is asked to cancel it;
-- `remade` counts the debits made again for the attempt, and names the provider key of the next one.
ALTER TABLE dd_collections ADD COLUMN remade integer NOT NULL DEFAULT 0;
ALTER TABLE dd_collections ADD COLUMN amend_to_pence integer;
ALTER TABLE dd_collections ADD CONSTRAINT dd_collections_amend_to_pence_check CHECK (amend_to_pence > 0);
