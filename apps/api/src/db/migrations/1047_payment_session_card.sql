-- Issue 28 defect 2 (ADR 353): the card a hosted payment page was paid with, so that the billing tab can offer
-- to keep it for the account's future payments after a settlement (it becomes the account's method only if the
-- customer says yes).
ALTER TABLE payment_sessions ADD COLUMN payment_method_id uuid;
