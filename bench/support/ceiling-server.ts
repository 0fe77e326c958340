/**
 * The two ceilings of the load bench (bench-only, not part of the product), in a process of their own:
 * - GET /bare: a bare Fastify JSON route, the most any route of this stack can do;
 * - PUT /write/:id: a bare write route on the app's database driver and pool (node-postgres pool of 10 on
 *   DATABASE_URL, else one embedded PGlite connection under DATA_DIR with the app's named statements, ADR 338):
 *   one transaction that reads a 2.6 KB JSONB row FOR UPDATE, changes it in JavaScript and writes it back: the
 *   floor for any request that saves something.
 * Listens on PORT; /readyz answers once the rows are made.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { useNamedStatements } from '../../apps/api/src/db/pglite-statements.ts';

const ROWS = 500;
type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type Transaction = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

async function open(): Promise<{ transaction: Transaction; query: Query }> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: (text, values) => pool.query(text, values),
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work((text, values) => client.query(text, values));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        } finally {
          client.release();
        }
      },
    };
  }
  const dataDir = path.join(process.env.DATA_DIR ?? '.data-bench', 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  // The app's PGlite layer: every statement named, parsed and planned once (ADR 338), as the server's are.
  useNamedStatements(client, { syncToFs: false });
  return {
    query: (text, values) => client.query(text, values),
    transaction: (work) => client.transaction((tx) => work((text, values) => tx.query(text, values))),
  };
}

/** About 2.6 KB of JSON (as jsonb text), shaped like a proposal's answers. */
function document(id: number) {
  return {
    id,
    version: 0,
    profiles: Array.from({ length: 4 }, (_, p) => ({
      profileCode: `p${p}`,
      data: Object.fromEntries(
        Array.from({ length: 20 }, (_, f) => [`field${f}`, `value ${id}-${p}-${f} ….`]),
      ),
    })),
  };
}

const db = await open();
await db.query('CREATE TABLE IF NOT EXISTS bench_rows (id integer PRIMARY KEY, data jsonb NOT NULL)');
await db.query(
  'INSERT INTO bench_rows SELECT i, $1::jsonb FROM generate_series(1, $2::integer) AS i ON CONFLICT DO NOTHING',
  [JSON.stringify(document(0)), ROWS],
);
const size = (await db.query('SELECT octet_length(data::text) AS n FROM bench_rows WHERE id = 1')).rows[0]?.n;

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ ok: true, rowBytes: Number(size) }));
app.get('/bare', async () => ({ ok: true, at: Date.now() }));
// Named, so that a CPU profile of this process finds the route's samples (bench/support/profile-layers.ts).
app.put<{ Params: { id: string } }>('/write/:id', async function writeRoute(req) {
  const id = (Number(req.params.id) % ROWS) + 1;
  return db.transaction(async (query) => {
    const row = (await query('SELECT data FROM bench_rows WHERE id = $1 FOR UPDATE', [id])).rows[0];
    const data = row?.data as ReturnType<typeof document>;
    data.version += 1;
    await query('UPDATE bench_rows SET data = $2 WHERE id = $1', [id, JSON.stringify(data)]);
    return { id, version: data.version };
  });
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
