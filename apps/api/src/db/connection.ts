import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { useNamedStatements } from './pglite-statements.ts';
import { schema } from './schema/index.ts';

/**
 * One connection module, two drivers (ADR 002): PGlite embedded (persisted under DATA_DIR, or in memory
 * for tests) or node-postgres for a real server. Both yield the same Drizzle API; `Db` is typed as the
 * node-postgres flavour, which PGlite's instance satisfies at run time.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Raw SQL with $n parameters, for migrations, pg-boss and health checks. */
  query(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Several statements at once, no parameters (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded client, when the driver is PGlite. */
  pglite?: PGlite;
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  /** PGlite folder; `memory://` or undefined with no databaseUrl gives an in-memory database. */
  dataDir?: string | undefined;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster (tests' migrated template). */
  loadDataDir?: Blob | undefined;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) is discarded by the pool
    // and replaced on next use; without a listener its error would crash the process.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      driver: 'postgres',
      query: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  // PGlite on Node writes its files through (a data directory, or memory): nothing to sync after a statement.
  useNamedStatements(client, { syncToFs: false });
  yieldToTheEventLoop(client);
  return embeddedDatabase(client, release);
}

/**
 * A handle on an open PGlite: its own Drizzle instance, so that what is kept per handle (remembered secrets,
 * prepared queries) starts afresh with each handle. `connect` makes the first; the tests' database pool makes
 * one for each test that reuses a PGlite put back to the template (ADR 402). Closing it closes the PGlite.
 */
export function embeddedDatabase(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    query: async (text, values) => {
      const res = await client.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: res.rows };
    },
    exec: async (text) => {
      await client.exec(text);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite runs in this thread, and a query's promise settles without any I/O: under load, the requests in flight
 * would run query after query in one drain of the microtask queue, and the event loop would not come round to
 * its sockets for hundreds of milliseconds (new connections, requests that arrived, timers). A visitor whose
 * connection arrived then waited seconds while others were served (issue 15: PATCH p99 3–5 s at a p50 of
 * 200 ms; 1 to 34 requests a visitor in 6 s). So a query outside a transaction first yields to the event loop
 * when the loop has not come round for YIELD_AFTER_MS, as a query over a socket would: sockets and timers are
 * served about that often, and the requests in flight take turns. (Yielding before every query cost the API
 * tests about a tenth of their time.) Inside a transaction (which holds the one connection) queries run
 * straight on.
 */
export const YIELD_AFTER_MS = 2;

export function yieldToTheEventLoop(client: PGlite) {
  const run = client.query.bind(client);
  // When the loop last came round: an immediate marks it, queued before any query's yield so that it runs
  // first in the next check phase.
  let turnAt = performance.now();
  let marking = false;
  const markTurn = () => {
    marking = false;
    turnAt = performance.now();
  };
  client.query = (async (...args: Parameters<typeof run>) => {
    if (!marking) {
      marking = true;
      setImmediate(markTurn);
    }
    if (performance.now() - turnAt >= YIELD_AFTER_MS)
      await new Promise<void>((resolve) => setImmediate(resolve));
    return run(...args);
  }) as typeof client.query;
}

/** Thrown when another process (or this one) already has the PGlite data directory open. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dataDir} is in use by process ${pid} (a running server?). PGlite allows one process ` +
        'at a time: stop that process first, or point DATA_DIR elsewhere.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Data directories this process holds, so that it refuses to open one twice as well. */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is single-process: two processes on one data directory corrupt it. A lock file holding the owner's
 * pid, created exclusively, keeps a second `npm start` or `npm run admin:create` out while the directory is in
 * use (ADR 129). A lock left by a process that died (kill -9) is taken over; a live owner is refused.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = `${dir}.lock`;
  if (held.has(dir)) throw new DatabaseLockedError(dir, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // Our own pid in a lock we do not hold is a leftover from an earlier container with the same pid.
      const live = Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner);
      // A second collision means another process took the stale lock over at the same moment.
      if (live || attempt > 0) throw new DatabaseLockedError(dir, owner);
      unlinkSync(file);
    }
  }
  held.add(dir);
  const onExit = () => {
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  return () => {
    if (!held.delete(dir)) return;
    process.removeListener('exit', onExit);
    onExit();
  };
}
