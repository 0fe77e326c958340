-- Billing engine (issue 12, ADRs 200-202). The account knows how far it is billed (the end of the last
-- invoiced service period): the next statement is raised on that date. A statement of the billing run bills
-- one service period, once per account (unique index); at most one draft per account collects the items
-- (journals) that the next statement will carry. Premium lines record the IPT they include.
ALTER TABLE customer_accounts ADD COLUMN billed_until timestamptz;
UPDATE customer_accounts a
   SET billed_until = (SELECT max(l.service_period_end) FROM statement_line_items l
                        WHERE l.account_id = a.id AND l.type = 'invoice');
CREATE INDEX customer_accounts_billed_until_idx ON customer_accounts (billed_until) WHERE status = 'ACTIVE';

ALTER TABLE statements ADD COLUMN period_start timestamptz;
ALTER TABLE statements ADD COLUMN period_end timestamptz;
CREATE UNIQUE INDEX statements_one_per_period ON statements (account_id, period_start)
  WHERE period_start IS NOT NULL;
CREATE UNIQUE INDEX statements_one_draft ON statements (account_id) WHERE status = 'draft';

ALTER TABLE statement_line_items ADD COLUMN ipt_pence integer;
CREATE INDEX statement_line_items_account_idx ON statement_line_items (account_id);
