import { type SQL, sql } from 'drizzle-orm';

/**
 * `(VALUES (…), (…)) AS alias(col, …)` of many rows, every cell cast to its column's type: one
 * `UPDATE … FROM` moves a page of rows to different values in a single statement (the billing run, ADR 320).
 * Dates are sent as ISO strings (both drivers read them the same way).
 */
export function valuesTable(alias: string, spec: string, rows: unknown[][]): SQL {
  // `spec` names each column and its type: 'id uuid, until timestamptz'.
  const columns = spec.split(',').map((c) => c.trim().split(/\s+/) as [string, string]);
  const cell = (v: unknown, i: number) =>
    sql`${v instanceof Date ? v.toISOString() : v}::${sql.raw(columns[i]?.[1] ?? 'text')}`;
  const list = rows.map((r) => sql`(${sql.join(r.map(cell), sql`, `)})`);
  return sql`(VALUES ${sql.join(list, sql`, `)}) AS ${sql.raw(alias)}(${sql.raw(columns.map((c) => c[0]).join(', '))})`;
}
