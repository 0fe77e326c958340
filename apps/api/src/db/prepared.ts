import { oncePer } from '../lib/once-per.ts';
import type { Db } from './connection.ts';

const queriesOf = oncePer((_db: object) => new Map<string, unknown>());

/**
 * A query built once per database handle and kept (issue 15): Drizzle then skips building its SQL on every
 * request, and on PostgreSQL the statement is prepared by name, so each pooled connection parses and plans it
 * once (PGlite keeps every statement by name, db/pglite-statements.ts, ADR 338). `name` must be unique to the
 * query's text; `build` gets the handle and uses `sql.placeholder` for the values. A transaction handle gets its
 * own (short-lived) copy.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  const queries = queriesOf(db);
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
