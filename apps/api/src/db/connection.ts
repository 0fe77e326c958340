import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
  const client = await PGlite.create(dataDir ? { dataDir } : {});
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
    close: () => client.close(),
  };
}
