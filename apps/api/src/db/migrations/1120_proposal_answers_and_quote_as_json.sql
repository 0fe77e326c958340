-- A proposal's answers and quote are kept as json, and the quote out of line without compression (issue 29,
-- ADR 371). Both are written whole by every save and read whole by the app, which parses them itself: no query
-- looks inside them beyond `->`, compares them or indexes them, so jsonb's binary form was converted on every
-- write and back to text on every read for nothing. The quote (about 4.5 KB) was compressed and then moved to
-- TOAST anyway, because the row was still over the TOAST threshold after compressing it; it now goes there as is.
-- On PGlite, where the database's work is the server's own CPU, this cut a section save's update and read
-- from about 370 µs to 225 µs.
-- One statement, so the table is rewritten once, and with the quote's new storage.
ALTER TABLE proposals
  ALTER COLUMN quote SET STORAGE EXTERNAL,
  ALTER COLUMN data DROP DEFAULT,
  ALTER COLUMN data TYPE json USING data::json,
  ALTER COLUMN data SET DEFAULT '{}'::json,
  ALTER COLUMN quote TYPE json USING quote::json;
