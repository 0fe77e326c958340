import PgBoss from 'pg-boss';
import type { Database } from '../db/connection.ts';

/**
 * pg-boss on the application's own database (ADR 002). On PostgreSQL it uses the connection string;
 * on PGlite it runs through an adapter over the single embedded connection (queries are serialised
 * by PGlite, and a transaction holds the connection until it ends).
 */
/** pg-boss's schema in the application's database (the job waker reads its job table, jobs/waker.ts). */
export const BOSS_SCHEMA = 'pgboss';

export function createBoss(database: Database, databaseUrl: string | undefined): PgBoss {
  const options: PgBoss.ConstructorOptions = {
    schema: BOSS_SCHEMA,
    supervise: true,
    schedule: true,
    migrate: true,
  };
  if (databaseUrl || !database.pglite)
    return new PgBoss({ ...options, connectionString: databaseUrl, max: 4 });
  const client = database.pglite;
  return new PgBoss({
    ...options,
    db: {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return client.query(text, values);
        // Installs and maintenance send several statements at once: run them all, answer with the last.
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    },
  });
}
