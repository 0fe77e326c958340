-- Audit entries written in the same millisecond were listed in no particular order: the list was ordered by
-- created_at alone, and ids are random. So the audit page (and a test, now and then) could show two staff
-- requests the wrong way round. Each entry now carries the order it was written in. The list is ordered by time,
-- then by that order, and the indexes follow.
ALTER TABLE audit_log ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
DROP INDEX audit_log_created_idx;
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, seq DESC);
DROP INDEX audit_log_customer_idx;
CREATE INDEX audit_log_customer_idx ON audit_log (customer_party_id, created_at DESC, seq DESC);
