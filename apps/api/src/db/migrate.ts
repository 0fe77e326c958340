import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection.ts';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

const appliedNames = async (database: Database) =>
  new Set((await database.query('SELECT name FROM schema_migrations')).rows.map((r) => String(r.name)));

/**
 * Plain SQL migrations (ADR 002): files `NNNN_name.sql` applied in name order, each once. A file and its
 * record in `schema_migrations` go in one multi-statement query, which PostgreSQL runs as one transaction;
 * a transaction-scoped advisory lock keeps two starting copies apart.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  let done = await appliedNames(database);
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(`${migrationsDir}/${file}`, 'utf8');
    try {
      await database.exec(
        `SELECT pg_advisory_xact_lock(727001);\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');`,
      );
      applied.push(file);
    } catch (err) {
      done = await appliedNames(database);
      if (!done.has(file)) throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
    }
  }
  return applied;
}
