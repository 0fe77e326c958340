-- An account has one final statement at most (ADR 393): a cancellation's, or the one that closes a term that ran to
-- its end. The hourly job makes a closing statement under the account's row lock; the index holds it too.
CREATE UNIQUE INDEX statements_one_final ON statements (account_id) WHERE final;
