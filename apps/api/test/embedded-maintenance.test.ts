import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { connect, type Database } from '../src/db/connection.ts';
import {
  type MaintenanceWork,
  maintainEmbedded,
  scheduleEmbeddedMaintenance,
} from '../src/db/embedded-maintenance.ts';
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

/**
 * The database with each statement a pass sends through `exec` recorded, and `before` run ahead of it (to
 * drop a table, fail, or wait); the statement then runs unless `before` threw.
 */
function watchingExec(database: Database, before: (text: string) => unknown = () => undefined) {
  const execs: string[] = [];
  const watched: Database = {
    ...database,
    exec: async (text) => {
      execs.push(text);
      await before(text);
      return database.exec(text);
    },
  };
  return { watched, execs };
}

/** What a pass did to one table (undefined: nothing). */
const on = (work: MaintenanceWork[], table: string) => work.find((w) => w.table === `public.${table}`);

describe('the embedded database’s autovacuum (ADR 339)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connect({});
  });
  afterAll(() => database.close());

  it('vacuums and analyses a table with no maintenance on record, then by PostgreSQL’s thresholds', async () => {
    await table(database, 'settled');
    await stats(database, 'settled');
    expect(on(await maintainEmbedded(database), 'settled')).toMatchObject({ vacuum: true, analyze: true });
    const after = await stats(database, 'settled');
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();

    // 70 dead rows, 70 changes: under autovacuum_vacuum_threshold (50) + its scale factor (0.2) × 200 rows = 90,
    // and not over the analyse threshold (50) + its scale factor (0.1) × 200 = 70.
    await database.query('delete from settled where id <= 70');
    await stats(database, 'settled');
    expect(on(await maintainEmbedded(database), 'settled')).toBeUndefined();

    // 80: still under the vacuum threshold, over the analyse one: analysed only.
    await database.query('delete from settled where id <= 80');
    await stats(database, 'settled');
    expect(on(await maintainEmbedded(database), 'settled')).toMatchObject({ vacuum: false, analyze: true });

    // The analyse counted 120 live rows: 80 dead is now over 50 + 0.2 × 120 = 74, so it is vacuumed.
    expect((await stats(database, 'settled')).dead).toBe(80);
    expect(on(await maintainEmbedded(database), 'settled')).toMatchObject({ vacuum: true, analyze: false });
    expect((await stats(database, 'settled')).dead).toBe(0);
    expect(on(await maintainEmbedded(database), 'settled')).toBeUndefined();
  });

  it('works on a partitioned table’s partitions, never on its parent (as pg-boss keeps its jobs)', async () => {
    await database.exec(`create table parted (id integer not null, k integer not null) partition by list (k);
      create table parted_1 partition of parted for values in (1);
      insert into parted select i, 1 from generate_series(1, ${ROWS}) i;`);
    await stats(database, 'parted_1');
    const first = await maintainEmbedded(database);
    expect(on(first, 'parted_1')).toMatchObject({ vacuum: true, analyze: true });
    expect(on(first, 'parted')).toBeUndefined();
    await database.query('delete from parted where id <= 150');
    await stats(database, 'parted_1');
    const due = await maintainEmbedded(database);
    expect(on(due, 'parted_1')).toMatchObject({ vacuum: true });
    expect(on(due, 'parted')).toBeUndefined();
    // The parent is never due: it has no transaction age of its own to freeze.
    expect(on(await maintainEmbedded(database), 'parted')).toBeUndefined();
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

  it('leaves out a table dropped before its turn, and reports a table that fails without stopping the pass', async () => {
    await table(database, 'dropped');
    await table(database, 'failing');
    await table(database, 'fine');
    const { watched: troubled, execs } = watchingExec(database, async (text) => {
      // pg-boss drops a queue's partition between the list and its turn.
      if (text.endsWith('public.dropped')) await database.exec('drop table dropped');
      if (text.endsWith('public.failing')) throw new Error('disk full');
    });
    const work = await maintainEmbedded(troubled);
    expect(execs.filter((e) => /public\.(dropped|failing|fine)$/.test(e))).toHaveLength(3);
    expect(on(work, 'dropped')).toBeUndefined();
    expect(on(work, 'failing')).toMatchObject({ error: 'Error: disk full' });
    expect(on(work, 'fine')).toMatchObject({ vacuum: true, analyze: true });
    expect(on(work, 'fine')?.error).toBeUndefined();

    const log = { info: vi.fn(), error: vi.fn() };
    await table(database, 'failing_again');
    const schedule = scheduleEmbeddedMaintenance(
      { ...database, exec: async () => Promise.reject(new Error('disk full')) },
      { everyMs: 20, log },
    );
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
    await schedule.stop();
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({
      tables: expect.arrayContaining([expect.objectContaining({ table: 'public.failing_again' })]),
    });
    expect(log.error.mock.calls[0]?.[1]).toBe('embedded database maintenance failed');
  });

  it('lets the event loop come round before each table', async () => {
    await table(database, 'turn_a');
    await table(database, 'turn_b');
    const order: string[] = [];
    const { watched } = watchingExec(database, (text) => {
      order.push(text.endsWith('turn_a') || text.endsWith('turn_b') ? 'vacuum' : 'other');
      setImmediate(() => order.push('loop'));
    });
    await maintainEmbedded(watched);
    // Every VACUUM after the first found the event loop's turn from the one before it already taken.
    const vacuums = order.map((e, i) => [e, i] as const).filter(([e]) => e !== 'loop');
    for (const [, i] of vacuums.slice(1)) expect(order[i - 1]).toBe('loop');
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

  it('stop ends a pass under way after its current table and waits for it, so the database can be closed', async () => {
    const own = await connect({});
    await table(own, 'closing_a');
    await table(own, 'closing_b');
    let started!: () => void;
    const passStarted = new Promise<void>((r) => {
      started = r;
    });
    const { watched: slow, execs } = watchingExec(own, async () => {
      started();
      await new Promise((r) => setTimeout(r, 100));
    });
    const log = { info: vi.fn(), error: vi.fn() };
    const schedule = scheduleEmbeddedMaintenance(slow, { everyMs: 1, log });
    await passStarted;
    await schedule.stop();
    // The table under way was finished and logged; the next one was not started.
    expect(execs).toHaveLength(1);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
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

  it('runs every 10 s unless told otherwise; 0 is off', () => {
    expect(loadEnv({}).DB_MAINTENANCE_SECONDS).toBe(10);
    expect(loadEnv({ DB_MAINTENANCE_SECONDS: '0' }).DB_MAINTENANCE_SECONDS).toBe(0);
    expect(() => loadEnv({ DB_MAINTENANCE_SECONDS: '-1' })).toThrow(/DB_MAINTENANCE_SECONDS/);
  });

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
