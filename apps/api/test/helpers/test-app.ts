import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { connect, type Database } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * A fresh database for one test file: in-memory PGlite by default (or PGlite in `pgliteDir`, for a test that
 * hands the store to a child process), or a new database on the PostgreSQL server named by DATABASE_URL
 * (npm run test:postgres), dropped again on close.
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

export async function freshDatabase(pgliteDir = 'memory://'): Promise<{
  database: Database;
  /** The fresh database's own connection string (PostgreSQL only), for pg-boss and child processes. */
  url: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const loadDataDir = pgliteDir === 'memory://' ? await migratedTemplate() : undefined;
    const database = await connect({ dataDir: pgliteDir, loadDataDir });
    return { database, url: '', drop: () => database.close() };
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
