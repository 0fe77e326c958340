-- The advance notice of a Direct Debit made again for less (ADR 382) is sent when the billing run claims it,
-- before the provider is asked: `remade_told` is the last `remade` the customer was told of. A claim made again
-- and not yet told of has never been asked of the provider, so its mandate and amount may still change.
ALTER TABLE dd_collections ADD COLUMN remade_told integer NOT NULL DEFAULT 0;
