-- The answers each policy version was rated from (issue 13): a mid-term adjustment changes them; version 1
-- reads its proposal's.
ALTER TABLE policy_versions ADD COLUMN data jsonb;
