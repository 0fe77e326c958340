import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connection.ts';

/**
 * A table of many rows usable in FROM, `(SELECT (e->>0)::uuid AS id, … FROM jsonb_array_elements($1)) AS
 * alias`, every cell cast to its column's type: one `UPDATE … FROM` moves a page of rows to different values
 * in a single statement (the billing run, ADR 320). The rows travel as one JSON parameter: building a query of
 * thousands of bound parameters cost the billing run more CPU than the database's work (ADR 320, amendment of
 * 2026-11-26). Dates are sent as ISO strings.
 */
export function valuesTable(alias: string, spec: string, rows: unknown[][]): SQL {
  // `spec` names each column and its type: 'id uuid, until timestamptz'; both come from the code, never input.
  const columns = spec.split(',').map((c) => c.trim().split(/\s+/) as [string, string]);
  const select = columns.map(([name, type], i) => `(e->>${i})::${type} AS ${name}`).join(', ');
  const json = JSON.stringify(rows.map((r) => r.map((v) => (v instanceof Date ? v.toISOString() : v))));
  return sql`(SELECT ${sql.raw(select)} FROM jsonb_array_elements(${json}::jsonb) AS e) AS ${sql.raw(alias)}`;
}

const JSON_COLUMNS = new Set(['PgJson', 'PgJsonb']);

/** A value that travels as JSON and casts back to its column: a scalar, a Date, or anything for a JSON column. */
const travels = (column: Column, value: unknown) =>
  value === null || typeof value !== 'object' || value instanceof Date || JSON_COLUMNS.has(column.columnType);

/**
 * A multi-row INSERT whose rows travel as one JSON parameter (`INSERT … SELECT … FROM
 * jsonb_array_elements($1)`), for the billing run's pages of a thousand rows (ADR 320, amendment of
 * 2026-11-26). Values are mapped by each column's own driver mapping and cast to its SQL type; a column every
 * row leaves out takes its SQL default. Rows that do not fit that shape (a column some rows give and others
 * leave out, a `$defaultFn` column left out, an SQL expression as a value, an array or enum column) are
 * inserted by drizzle's own multi-row INSERT instead, so the result is the same either way.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const records = rows as Record<string, unknown>[];
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const used = columns.filter(([key]) => records.some((r) => r[key] !== undefined));
  const everyRowGives = (key: string) => records.every((r) => r[key] !== undefined);
  const fits =
    columns.every(([key, column]) => !column.defaultFn || everyRowGives(key)) &&
    used.every(
      ([key, column]) =>
        everyRowGives(key) &&
        !column.getSQLType().includes('[') &&
        column.columnType !== 'PgEnumColumn' &&
        records.every((r) => travels(column, r[key])),
    );
  if (!fits) {
    await db.insert(table).values(rows as never);
    return;
  }
  const cells = records.map((r) =>
    used.map(([key, column]) => (r[key] === null ? null : column.mapToDriverValue(r[key]))),
  );
  const names = used.map(([, c]) => `"${c.name}"`).join(', ');
  const select = used.map(([, c], i) => `(e->>${i})::${c.getSQLType()}`).join(', ');
  await db.execute(
    sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT ${sql.raw(select)} FROM jsonb_array_elements(${JSON.stringify(cells)}::jsonb) AS e`,
  );
}

/**
 * `column = ANY('{…}'::type[])`: a page of ids as one array parameter instead of one bound parameter each (the
 * billing run's pages of a thousand, ADR 320 amendment of 2026-11-26). The array literal is built here, each
 * element quoted, so both drivers send the same text.
 */
export function anyOf(column: Column | SQL, values: readonly string[], type: 'uuid' | 'text' = 'uuid'): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return sql`${column} = ANY(${literal}::${sql.raw(type)}[])`;
}
