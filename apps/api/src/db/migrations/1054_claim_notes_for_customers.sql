-- A handler's note on a claim step is internal unless staff mark it for the customer, who then sees it on
-- the claim tracker (issue 28 defect 9, ADR 354). Earlier notes were written for staff: they stay internal.
ALTER TABLE claim_events ADD COLUMN customer_visible boolean NOT NULL DEFAULT false;

-- The staff queue: open claims first, oldest first, across customers.
CREATE INDEX claims_queue_idx ON claims (status, created_at);
