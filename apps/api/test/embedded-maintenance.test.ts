import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Database } from '../src/db/connection.ts';
import { maintainEmbedded, scheduleEmbeddedMaintenance } from '../src/db/embedded-maintenance.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// PGlite has no autovacuum process (ADR 339): these check that the server's own pass does its work.
const ROWS = 200;
/** About 5 KB of JSON a row, like a proposal's answers. */
const doc = (n: number) =>
  JSON.stringify({ n, profiles: Array.from({ length: 40 }, (_, i) => `driver ${i} ${n}`) });

async function table(database: Database, name: string) {
  await database.exec(
    `create table ${name} (id integer primary key, n integer not null, doc jsonb not null)`,
  );
  await database.exec(`create index ${name}_n on ${name} (n)`);
  await database.query(`insert into ${name} select i, 0, $1::jsonb from generate_series(1, ${ROWS}) i`, [
    doc(0),
  ]);
}

/** Every row rewritten once; the indexed column changes, so no update can be a heap-only one. */
async function churn(database: Database, name: string, round: number) {
  await database.query(`update ${name} set n = n + 1, doc = $1::jsonb`, [doc(round)]);
}

const stats = async (database: Database, name: string) => {
  // Statistics reach the views when the backend is next idle: ask for that now.
  await database.query('select pg_stat_force_next_flush()');
  const { rows } = await database.query(
    `select n_dead_tup::int as dead, last_vacuum, last_analyze, pg_total_relation_size(relid)::int as bytes
       from pg_stat_user_tables where relname = $1`,
    [name],
  );
  return rows[0] as { dead: number; last_vacuum: Date | null; last_analyze: Date | null; bytes: number };
};

describe('the embedded database’s autovacuum (ADR 339)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({});
  });
  afterAll(() => database.close());

  it('vacuums and analyses a table with no maintenance on record, then only when PostgreSQL’s thresholds are crossed', async () => {
    await table(database, 'settled');
    const first = await maintainEmbedded(database);
    expect(first).toContainEqual(
      expect.objectContaining({ table: 'public.settled', vacuum: true, analyze: true }),
    );
    const after = await stats(database, 'settled');
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();

    // 30 dead rows: under autovacuum_vacuum_threshold (50) + scale factor (0.2) × 200 rows = 90.
    await database.query('delete from settled where id <= 30');
    await stats(database, 'settled');
    expect((await maintainEmbedded(database)).map((w) => w.table)).not.toContain('public.settled');

    // 100 more: 130 dead rows, over it.
    await database.query('delete from settled where id <= 130');
    expect((await stats(database, 'settled')).dead).toBe(130);
    const due = await maintainEmbedded(database);
    expect(due).toContainEqual(
      expect.objectContaining({ table: 'public.settled', vacuum: true, analyze: true }),
    );
    expect((await stats(database, 'settled')).dead).toBe(0);
    expect(await maintainEmbedded(database)).toEqual([]);
  });

  it('keeps a table that is rewritten again and again from growing, where without it the table grows each time', async () => {
    await table(database, 'kept');
    await table(database, 'neglected');
    await maintainEmbedded(database);
    const start = {
      kept: (await stats(database, 'kept')).bytes,
      neglected: (await stats(database, 'neglected')).bytes,
    };
    for (let round = 1; round <= 12; round++) {
      await churn(database, 'kept', round);
      await churn(database, 'neglected', round);
      await stats(database, 'kept');
      // Only the table under test: the other one is left as PGlite leaves every table today.
      const due = await maintainEmbedded({
        ...database,
        query: async (text, values) => {
          const result = await database.query(text, values);
          return { rows: result.rows.filter((r) => r.table !== 'public.neglected') };
        },
      });
      expect(due.map((w) => w.table)).toContain('public.kept');
    }
    const end = {
      kept: (await stats(database, 'kept')).bytes,
      neglected: (await stats(database, 'neglected')).bytes,
    };
    // Without it: a dead copy of every row each round, 12 rounds.
    expect(end.neglected).toBeGreaterThan(start.neglected * 6);
    // With it: the space of a round or two of dead rows, used again.
    expect(end.kept).toBeLessThan(start.kept * 3);
    expect((await stats(database, 'neglected')).dead).toBe(ROWS * 12);
  });

  it('runs a pass on its schedule, logs what it did, and stops: no pass after stop', async () => {
    await table(database, 'scheduled');
    const log = { info: vi.fn(), error: vi.fn() };
    const schedule = scheduleEmbeddedMaintenance(database, { everyMs: 20, log });
    await vi.waitFor(
      () =>
        expect(log.info).toHaveBeenCalledWith(
          { tables: expect.arrayContaining([expect.objectContaining({ table: 'public.scheduled' })]) },
          'embedded database maintained',
        ),
      { timeout: 10_000, interval: 20 },
    );
    await schedule.stop();
    await churn(database, 'scheduled', 1);
    await database.query('delete from scheduled');
    const calls = log.info.mock.calls.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(log.info.mock.calls.length).toBe(calls);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed pass and tries again at the next one', async () => {
    let failures = 1;
    const flaky: Database = {
      ...database,
      query: async (text, values) => {
        if (failures-- > 0) throw new Error('connection lost');
        return database.query(text, values);
      },
    };
    await table(database, 'retried');
    const log = { info: vi.fn(), error: vi.fn() };
    const schedule = scheduleEmbeddedMaintenance(flaky, { everyMs: 20, log });
    await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
    await schedule.stop();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]?.[1]).toBe('embedded database maintenance failed');
    expect((await stats(database, 'retried')).last_vacuum).not.toBeNull();
  });

  it('stop waits for a pass under way, so the database can be closed after it', async () => {
    const own = await connect({});
    await table(own, 'closing');
    let started!: () => void;
    const passStarted = new Promise<void>((r) => {
      started = r;
    });
    const slow: Database = {
      ...own,
      exec: async (text) => {
        started();
        await new Promise((r) => setTimeout(r, 100));
        return own.exec(text);
      },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const schedule = scheduleEmbeddedMaintenance(slow, { everyMs: 1, log });
    await passStarted;
    await schedule.stop();
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
    // Closed after the pass: it had finished its VACUUM, so nothing runs on a closed database.
    await own.close();
  });
});

describe.skipIf(process.env.DATABASE_URL)('the server keeps its embedded database tidy (ADR 339)', () => {
  const vacuumed = async (t: TestApp) =>
    (
      await t.database.query(
        "select last_vacuum from pg_stat_user_tables where relname = 'schema_migrations'",
      )
    ).rows[0]?.last_vacuum ?? null;

  it('on PGlite, vacuums on its schedule; DB_MAINTENANCE_SECONDS=0 turns it off', async () => {
    const on = await createTestApp({ env: { DB_MAINTENANCE_SECONDS: '1' } });
    const off = await createTestApp({ env: { DB_MAINTENANCE_SECONDS: '0' } });
    try {
      await vi.waitFor(async () => expect(await vacuumed(on)).not.toBeNull(), {
        timeout: 15_000,
        interval: 200,
      });
      expect(await vacuumed(off)).toBeNull();
    } finally {
      await on.close();
      await off.close();
    }
  });
});
