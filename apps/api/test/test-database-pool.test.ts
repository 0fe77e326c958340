import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * The tests' in-memory databases are put back to the template when closed and reused (ADR 402): what the next
 * test gets must be what a new database from the template holds, or the reuse must not happen.
 */
const count = async (d: Awaited<ReturnType<typeof freshDatabase>>, table: string) =>
  Number((await d.database.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

describe.skipIf(Boolean(process.env.DATABASE_URL))('the tests’ in-memory database pool', () => {
  // The worker's first database migrates the template: in a hook, with the hooks' longer timeout.
  beforeAll(async () => {
    await (await freshDatabase()).drop();
  });

  it('gives the next test the same PGlite emptied, its sequences reset and a new handle', async () => {
    const first = await freshDatabase();
    const tables = await count(first, 'schema_migrations');
    await first.database.query("INSERT INTO app_secrets (name, value) VALUES ('pool-test', 'x')");
    const [{ n: firstNumber } = {}] = (await first.database.query("SELECT nextval('policy_number_seq') AS n"))
      .rows;
    await first.database.query("SELECT nextval('policy_number_seq')");
    const pglite = first.database.pglite;
    const handle = first.database.db;
    await first.drop();

    const next = await freshDatabase();
    try {
      expect(next.database.pglite).toBe(pglite);
      expect(next.database.db).not.toBe(handle);
      expect(await count(next, 'app_secrets')).toBe(0);
      expect(await count(next, 'schema_migrations')).toBe(tables);
      const [{ n } = {}] = (await next.database.query("SELECT nextval('policy_number_seq') AS n")).rows;
      expect(String(n)).toBe(String(firstNumber));
    } finally {
      await next.drop();
    }
  });

  it('closes a database whose schema a test changed, and starts another for the next test', async () => {
    const first = await freshDatabase();
    await first.database.exec('CREATE TABLE pool_test_extra (id int)');
    const pglite = first.database.pglite;
    await first.drop();
    expect(pglite?.closed).toBe(true);

    const next = await freshDatabase();
    try {
      expect(next.database.pglite).not.toBe(pglite);
      const extra = await next.database.query("SELECT 1 FROM pg_tables WHERE tablename = 'pool_test_extra'");
      expect(extra.rows).toHaveLength(0);
    } finally {
      await next.drop();
    }
  });

  /** Whether a database the test left as `leave` does is closed when dropped, rather than kept for the next test. */
  const closedAfter = async (leave: (d: Awaited<ReturnType<typeof freshDatabase>>) => Promise<void>) => {
    const first = await freshDatabase();
    await first.database.query("INSERT INTO app_secrets (name, value) VALUES ('pool-test', 'x')");
    await leave(first);
    const pglite = first.database.pglite;
    await first.drop();
    return pglite?.closed;
  };

  it('closes a database a test analysed or vacuumed: its planner statistics are not the template’s', async () => {
    expect(await closedAfter((d) => d.database.exec('ANALYZE app_secrets'))).toBe(true);
  });

  it('closes a database left inside a transaction', async () => {
    expect(await closedAfter((d) => d.database.exec('BEGIN'))).toBe(true);
  });

  it('keeps one a test only wrote rows to', async () => {
    expect(await closedAfter(async () => {})).toBe(false);
  });
});
