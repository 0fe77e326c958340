/**
 * `npm run bench -- partner-quotes` (issue 31 part 2, ADR 363): the aggregator quote API under load from a
 * separate process. The real server (production mode) runs as its own process; autocannon drives
 * `POST /api/partners/quotes` from this one with a partner key made before the server starts (in its database).
 * Each request is a complete risk, checked, rated and written (a party, a proposal, a partner quote).
 * Printed beside the targets: ≥ 1,000 quotes/s per API process (closed loop, without and with an
 * Idempotency-Key per request) and p99 < 100 ms at an offered 500 quotes/s (open loop). Never fails on a number.
 *
 * Settings (environment): BENCH_SECONDS (5), BENCH_WARMUP (2), BENCH_CONNECTIONS (50), BENCH_DATABASES
 * (pglite,postgres; postgres only where initdb is installed or DATABASE_URL is set), BENCH_RATE (500),
 * BENCH_CPU_PROF (a folder: the server runs with --cpu-prof, and the functions taking most CPU are printed),
 * BENCH_DB_MAINTENANCE_SECONDS (a diagnostic: e.g. 0 turns the embedded autovacuum off, to see its share of the tail).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { connect } from '../apps/api/src/db/connection.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { newApiKey } from '../apps/api/src/modules/partner-quotes/api-keys.ts';
import { postgresAvailable, startCluster } from '../scripts/postgres-cluster.mjs';
import { CONNECTIONS, drive, json, load, measuring, print } from './support/drive.ts';
import { type BenchProcess, productionEnv, startProcess } from './support/processes.ts';
import { mainProfile } from './support/profile-layers.ts';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const CPU_PROF = process.env.BENCH_CPU_PROF;

/** A few risks, so that not every request is the same answer. */
const bodies = [6000, 8000, 10_000, 12_000].map((annualMileage) => {
  const data = sampleProposalData(todayInLondon(new Date()));
  data.asset.annualMileage = annualMileage;
  return JSON.stringify({ schemeCode: 'FCMOTOR1', data, campaign: 'bench' });
});

/** A partner key written into the database before the server opens it (PGlite is one process at a time). */
async function keyIn(database: { dataDir: string } | { databaseUrl: string }) {
  const db = await connect(database);
  try {
    await migrate(db);
    const made = newApiKey();
    await db.query(
      `INSERT INTO partner_api_keys (id, brand, partner, key_prefix, key_hash, created_by, created_at)
       VALUES (gen_random_uuid(), 'forecourt', 'Bench Compare', $1, $2, 'bench', now())`,
      [made.prefix, made.hash],
    );
    return made.key;
  } finally {
    await db.close();
  }
}

/** The functions that took most of the server's CPU (self time), from its --cpu-prof profile. */
function printHotFunctions(file: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    total++;
    const where = f.url.replace(/^.*node_modules\//, '').replace(/^.*\/forecourt[^/]*\//, '');
    const key = `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  console.log(`\nServer CPU by function (self time, ${total} busy samples, ${path.basename(file)}):`);
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${((n / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}

async function benchDatabase(kind: 'pglite' | 'postgres') {
  let cluster: { url: string; stop: () => void } | undefined;
  let databaseUrl = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-bench-partner-'));
  let app: BenchProcess | undefined;
  try {
    if (kind === 'postgres') {
      if (process.env.DATABASE_URL) databaseUrl = process.env.DATABASE_URL;
      else {
        cluster = await startCluster();
        databaseUrl = cluster.url;
      }
    }
    const key = await keyIn(
      kind === 'pglite' ? { dataDir: path.join(dataDir, 'pglite') } : { databaseUrl: databaseUrl },
    );
    if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
    app = await startProcess(
      'apps/api/src/server.ts',
      {
        ...productionEnv,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        RATE_LIMIT_PARTNER_QUOTES: '100000000',
        ...(process.env.BENCH_DB_MAINTENANCE_SECONDS
          ? { DB_MAINTENANCE_SECONDS: process.env.BENCH_DB_MAINTENANCE_SECONDS }
          : {}),
      },
      CPU_PROF ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {},
    );
    measuring.process = app;
    console.log(
      `\n${kind === 'pglite' ? 'PGlite (embedded, one connection)' : 'PostgreSQL (node-postgres pool of 10)'}: ${CONNECTIONS} connections; load average ${load()}`,
    );
    const rows = Array.from({ length: CONNECTIONS + 10 }, (_, i) => i);
    const quote = (_: number, n: number) => ({
      method: 'POST',
      path: '/api/partners/quotes',
      headers: { ...json, 'x-api-key': key },
      body: bodies[n % bodies.length]!,
    });
    const closed = await drive('POST /api/partners/quotes, closed loop', app.base, rows, quote);
    print(closed, undefined, `target ≥ 1,000 quotes/s: ${closed.rps >= 1000 ? 'met' : 'NOT met'}`);
    // As a partner would send them: each request with its own Idempotency-Key (two more statements each).
    const run = Date.now().toString(36);
    const withKey = await drive(
      'POST /api/partners/quotes + Idempotency-Key, closed loop',
      app.base,
      rows,
      (row, n) => {
        const r = quote(row, n);
        return { ...r, headers: { ...r.headers, 'idempotency-key': `bench-${run}-${n}` } };
      },
    );
    print(withKey, undefined, `target ≥ 1,000 quotes/s: ${withKey.rps >= 1000 ? 'met' : 'NOT met'}`);
    const open = await drive(`POST /api/partners/quotes, open loop at ${RATE}/s`, app.base, rows, quote, {
      rate: RATE,
    });
    print(
      open,
      undefined,
      `offered ${RATE}/s, served ${open.rps.toFixed(0)}/s; target p99 < 100 ms: ${open.p99 < 100 && open.rps >= RATE * 0.95 ? 'met' : 'NOT met'}`,
    );
    console.log(`load average after: ${load()}`);
  } finally {
    const pid = app?.child.pid;
    await app?.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const profile = CPU_PROF ? mainProfile(CPU_PROF, pid) : undefined;
    if (profile) printHotFunctions(profile);
  }
}

const databases = (
  process.env.BENCH_DATABASES ??
  (process.env.DATABASE_URL || postgresAvailable() ? 'pglite,postgres' : 'pglite')
).split(',') as ('pglite' | 'postgres')[];
console.log(`${os.cpus().length} CPUs; load average ${load()} (1, 5, 15 min) — a shared machine`);
for (const kind of databases) await benchDatabase(kind);
