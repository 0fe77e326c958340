-- A Direct Debit collection is recorded before the provider is asked for it (ADR 381): claimed under the
-- account's row lock with the mandate the account collects by, then given the provider's payment once it is
-- made. A change of payment method takes the same lock, so a replaced mandate is never cancelled while a debit
-- is being made on it. A claim has no provider payment yet.
ALTER TABLE dd_collections ALTER COLUMN provider_payment_id DROP NOT NULL;
