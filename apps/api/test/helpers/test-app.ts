import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { connect, type Database, embeddedDatabase } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * A fresh database for one test: in-memory PGlite by default, put back to the template and kept for the worker's
 * next test when closed (ADR 402); PGlite in `pgliteDir`, for a test that hands the store to a child process; or
 * a new database on the PostgreSQL server named by DATABASE_URL (npm run test:postgres), dropped again on close.
 */
let template: Promise<Blob> | undefined;

/**
 * An in-memory PGlite with every migration applied, dumped once per test worker: a new PGlite starts from the
 * dump in about 0.5 s where an empty cluster (initdb in WebAssembly) and the migrations take about 2 s.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const database = await connect({ dataDir: 'memory://' });
    try {
      await migrate(database);
      return await database.pglite!.dumpDataDir('none');
    } finally {
      await database.close();
    }
  })();
  return template;
}

/**
 * In-memory databases put back to the template's state, ready for the next test of this worker (ADR 402).
 * Starting a PGlite from the dump costs 1–2.5 s of CPU (untarring 43 MB into its file system, then starting
 * PostgreSQL), and the API tests start about 190: 40% of the suite's CPU. Putting a used one back costs a few
 * tens of milliseconds. A database is put back only when nothing but rows and sequences changed; anything
 * else (a table, a schema, a function, as pg-boss makes; a transaction left open; a statement that does not
 * answer) and it is closed instead, and the next test gets a new one from the dump.
 */
const spare: PutBack[] = [];
const MAX_SPARE = 2;

interface PutBack {
  database: Database;
  /** What the catalogue looked like when it was last put back: a test that changes it is not reused. */
  catalogue: string;
}

/**
 * Catalogues whose rows a change of schema adds or rewrites, and the planner's statistics (ANALYZE writes
 * `pg_statistic`): their row counts and newest row versions. Then the tables a vacuum or an analysis has been
 * through, which change `pg_class` in place and leave `pg_stat_user_tables` saying so (ADR 402).
 */
const CATALOGUE = `SELECT concat_ws(',', ${[
  'pg_statistic',
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_proc',
  'pg_namespace',
  'pg_type',
  'pg_rewrite',
  'pg_sequence',
  'pg_policy',
  'pg_extension',
  'pg_depend',
]
  .map((c) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM ${c})`)
  .join(
    ', ',
  )}, (SELECT count(*) FROM pg_stat_user_tables WHERE coalesce(last_vacuum, last_analyze, last_autovacuum, last_autoanalyze) IS NOT NULL)) AS catalogue`;

/** The template's tables and sequences, and the rows of the tables the migrations fill (schema_migrations). */
interface Baseline {
  /** Tables empty in the template: emptied again when a test wrote to them. */
  empty: string[];
  /** Tables with rows in the template, and how many: a test that changed their count is not reused. */
  filled: Map<string, number>;
  /** One statement putting every sequence back where the template had it. */
  sequences: string;
  /** One statement naming the empty tables a test wrote to. */
  written: string;
}
let baseline: Baseline | undefined;

/** A name as an SQL string literal. */
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

const rowsIn = async (database: Database, table: string) =>
  Number((await database.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

/** Whether the tables the migrations fill still hold what the template had. */
async function filledAsTemplate(database: Database, base: Baseline) {
  for (const [t, n] of base.filled) if ((await rowsIn(database, t)) !== n) return false;
  return true;
}

async function readBaseline(database: Database): Promise<Baseline> {
  const tables = (
    await database.query(
      "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
    )
  ).rows.map((r) => String(r.t));
  const empty: string[] = [];
  const filled = new Map<string, number>();
  for (const t of tables) {
    const n = await rowsIn(database, t);
    if (n === 0) empty.push(t);
    else filled.set(t, n);
  }
  const sequences = (
    await database.query(
      "SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS s, start_value::text AS start, last_value::text AS last FROM pg_sequences",
    )
  ).rows.map((r) =>
    r.last === null
      ? `setval(${literal(String(r.s))}, ${r.start}, false)`
      : `setval(${literal(String(r.s))}, ${r.last}, true)`,
  );
  return {
    empty,
    filled,
    sequences: sequences.length ? `SELECT ${sequences.join(', ')}` : '',
    written: empty
      .map((t) => `SELECT ${literal(t)} AS t WHERE EXISTS (SELECT 1 FROM ${t})`)
      .join(' UNION ALL '),
  };
}

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

const catalogueOf = async (database: Database) =>
  String((await database.query(CATALOGUE)).rows[0]?.catalogue);

/** Whether the session is inside a transaction block: a savepoint is refused (25P01) only outside one. */
async function inTransaction(database: Database): Promise<boolean> {
  try {
    await database.exec('SAVEPOINT forecourt_put_back');
  } catch (err) {
    return (err as { code?: string }).code !== '25P01';
  }
  return true;
}

/** Puts a used database back to the template's state; false (and nothing kept) when it cannot be trusted. */
async function putBack(entry: PutBack, base: Baseline): Promise<boolean> {
  const { database } = entry;
  if ((await inTransaction(database)) || (await catalogueOf(database)) !== entry.catalogue) return false;
  if (!(await filledAsTemplate(database, base))) return false;
  const written = (await database.query(base.written)).rows.map((r) => String(r.t));
  // CASCADE takes the tables that refer to these too; every one of them is empty in the template.
  if (written.length) await database.exec(`TRUNCATE ${written.join(', ')} CASCADE`);
  if (base.sequences) await database.query(base.sequences);
  if (!(await filledAsTemplate(database, base))) return false;
  entry.catalogue = await catalogueOf(database);
  return true;
}

async function spareOrNew(): Promise<PutBack> {
  const reused = spare.pop();
  // A new handle on the same PGlite: nothing kept per handle (a remembered secret) outlives its test.
  if (reused?.database.pglite) return { ...reused, database: embeddedDatabase(reused.database.pglite) };
  const database = await connect({ dataDir: 'memory://', loadDataDir: await migratedTemplate() });
  baseline ??= await readBaseline(database);
  return { database, catalogue: await catalogueOf(database) };
}

export async function freshDatabase(pgliteDir = 'memory://'): Promise<{
  database: Database;
  /** The fresh database's own connection string (PostgreSQL only), for pg-boss and child processes. */
  url: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url && pgliteDir !== 'memory://') {
    const database = await connect({ dataDir: pgliteDir });
    return { database, url: '', drop: () => database.close() };
  }
  if (!url) {
    const entry = await spareOrNew();
    let dropped = false;
    return {
      database: entry.database,
      url: '',
      drop: async () => {
        if (dropped) return;
        dropped = true;
        const kept =
          spare.length < MAX_SPARE && baseline
            ? await within(10_000, putBack(entry, baseline)).catch(() => false)
            : false;
        // Another test's database may have been put back meanwhile (two apps closed at once): keep at most two.
        if (kept && spare.length < MAX_SPARE) spare.push(entry);
        else await within(10_000, entry.database.close()).catch(() => undefined);
      },
    };
  }
  const name = `forecourt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await connect({ databaseUrl: testUrl.toString() });
  return {
    database,
    url: testUrl.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

/** Build options, and where PGlite keeps the fresh database when not in memory. */
export type TestAppOptions = BuildOptions & { pgliteDir?: string };

/** The real app, on a fresh database, jobs off unless asked for, no demo seed, silent logs. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { pgliteDir, ...build } = options;
  const { database, url, drop } = await freshDatabase(pgliteDir);
  // The app's files (documents, attachments) go to a scratch directory removed on close, unless the test names
  // its own: never to the default `.data` of the directory the tests run in.
  const scratch = build.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'forecourt-test-'));
  const app = await buildApp({
    logger: false,
    ...build,
    database,
    env: {
      NODE_ENV: 'test',
      JOBS: 'false',
      SEED_DEMO_DATA: 'false',
      // No embedded autovacuum pass in the middle of a test, unless a test asks for one (ADR 339).
      DB_MAINTENANCE_SECONDS: '0',
      // pg-boss connects by URL: to this file's own database, never the shared server's default one.
      DATABASE_URL: url,
      ...(scratch ? { DATA_DIR: scratch } : {}),
      ...build.env,
    },
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      try {
        await app.close();
        await drop();
      } finally {
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** An anonymous session token, as the web app gets one. */
export async function anonymousToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/session' });
  return res.json().accessToken as string;
}
