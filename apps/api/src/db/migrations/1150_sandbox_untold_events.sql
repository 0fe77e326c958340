-- The sandbox providers keep what the app has still to hear (ADR 409): a card refund, a Direct Debit payment or
-- a Direct Debit refund moves on and remembers, in the same write, the last state the app was told of
-- (`untold_from`, null when it has heard everything). Its events are then sent, and `untold_from` cleared once the
-- app acknowledged them; a delivery refused, or a process killed between the write and the sending, leaves it set,
-- and the next tick sends the events again. `tells` counts the ticks' writes (taking it on, handing it back), and
-- `sending_until` (the database's time) is the lease of the tick sending its events: two ticks at once send them
-- once, and a tick killed while sending leaves them to the next after the lease.
ALTER TABLE sandbox_card_refunds ADD COLUMN untold_from text;
ALTER TABLE sandbox_card_refunds ADD COLUMN tells integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_card_refunds ADD COLUMN sending_until timestamptz;
ALTER TABLE sandbox_dd_payments ADD COLUMN untold_from text;
ALTER TABLE sandbox_dd_payments ADD COLUMN tells integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_dd_payments ADD COLUMN sending_until timestamptz;
ALTER TABLE sandbox_dd_refunds ADD COLUMN untold_from text;
ALTER TABLE sandbox_dd_refunds ADD COLUMN tells integer NOT NULL DEFAULT 0;
ALTER TABLE sandbox_dd_refunds ADD COLUMN sending_until timestamptz;
CREATE INDEX sandbox_card_refunds_untold ON sandbox_card_refunds (id) WHERE untold_from IS NOT NULL;
CREATE INDEX sandbox_dd_payments_untold ON sandbox_dd_payments (id) WHERE untold_from IS NOT NULL;
CREATE INDEX sandbox_dd_refunds_untold ON sandbox_dd_refunds (id) WHERE untold_from IS NOT NULL;
