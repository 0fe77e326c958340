-- Ending a policy from inception (ADR 240): staff who void a policy or mark it not taken up leave a note of
-- what they found, and who they were (the audit log holds the request too).
ALTER TABLE policies ADD COLUMN end_note text;
ALTER TABLE policies ADD COLUMN ended_by text;
