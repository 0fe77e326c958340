/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * The honest load bench (issue 15): the real server (`apps/api/src/server.ts`, production mode, jobs on) runs
 * as a process of its own and autocannon drives it from this one. Two ceilings are measured in the same run,
 * from a second process (bench/support/ceiling-server.ts): a bare Fastify JSON route, and a bare write route
 * on the same driver and pool (one transaction that reads a 5 KB JSONB row FOR UPDATE and writes it back).
 * On PGlite (a fresh DATA_DIR, as `npm start`) and on PostgreSQL (DATABASE_URL, else a throwaway cluster when
 * initdb is installed). Every connection is its own visitor with its own proposal.
 *
 * Then a burst of binds (the sandbox card form, which settles the payment and makes the policy) and how long
 * after its bind each policy's certificate and schedule were ready.
 *
 * Settings (environment): BENCH_SECONDS per route (5), BENCH_CONNECTIONS (50), BENCH_BINDS (100),
 * BENCH_DATABASES (pglite,postgres), BENCH_ROUTES (names to run, comma-separated; default all),
 * BENCH_CPU_PROF (a folder: the server runs with --cpu-prof and writes its profile there), BENCH_APP_DIR (run
 * the server of another checkout, e.g. `git worktree add /tmp/before <commit>`, for before/after figures).
 * The machine is shared: the load average is printed with the figures; compare ratios, not absolutes.
 * Prints figures beside their targets; never fails on a number.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { postgresAvailable, startCluster } from '../scripts/postgres-cluster.mjs';
import {
  auth,
  CONNECTIONS,
  drive,
  json,
  load,
  measuring,
  print,
  SECONDS,
  sectionSaves,
} from './support/drive.ts';
import { type BenchProcess, productionEnv, startProcess } from './support/processes.ts';
import {
  type BenchVisitor,
  call,
  cardForm,
  many,
  readyToBind,
  visitorWithQuote,
} from './support/visitors.ts';

const BINDS = Number(process.env.BENCH_BINDS ?? 100);
const ROUTES = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const wanted = (name: string) => !ROUTES || ROUTES.some((r) => name.includes(r));

/** Polls each bound policy's certificate and schedule; returns the delays (ms) from bind to both ready. */
async function documentDelays(base: string, bound: Map<BenchVisitor, number>, timeoutMs = 120_000) {
  const pending = await many([...bound.keys()].length, 10, async (i) => {
    const v = [...bound.keys()][i]!;
    const [policy] = (await call(base, 'GET', '/api/policies', v.token)) as unknown as { policyId: string }[];
    return { v, id: policy?.policyId ?? '', boundAt: bound.get(v)! };
  });
  const delays: number[] = [];
  const deadline = Date.now() + timeoutMs;
  let waiting = pending;
  while (waiting.length > 0 && Date.now() < deadline) {
    const still: typeof waiting = [];
    await many(waiting.length, 10, async (i) => {
      const p = waiting[i]!;
      const ready = await Promise.all(
        ['policy-certificate', 'policy-schedule'].map((doc) =>
          fetch(`${base}/api/documents/policy/${p.id}/${doc}`, {
            headers: { ...auth(p.v), accept: 'application/json' },
          }).then((r) => r.ok),
        ),
      );
      if (ready.every(Boolean)) delays.push(Date.now() - p.boundAt);
      else still.push(p);
    });
    waiting = still;
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 100));
  }
  return { delays: delays.sort((a, b) => a - b), missing: waiting.length };
}

async function benchDatabase(kind: 'pglite' | 'postgres') {
  let cluster: { url: string; stop: () => void } | undefined;
  let databaseUrl = '';
  if (kind === 'postgres') {
    if (process.env.DATABASE_URL) databaseUrl = process.env.DATABASE_URL;
    else {
      cluster = await startCluster();
      databaseUrl = cluster.url;
    }
  }
  const processes: BenchProcess[] = [];
  try {
    const ceilings = await startProcess('bench/support/ceiling-server.ts', { DATABASE_URL: databaseUrl });
    processes.push(ceilings);
    if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
    const app = await startProcess(
      'apps/api/src/server.ts',
      { ...productionEnv, DATABASE_URL: databaseUrl, JOBS: 'true' },
      {
        ...(CPU_PROF ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {}),
        ...(process.env.BENCH_APP_DIR ? { root: process.env.BENCH_APP_DIR } : {}),
      },
    );
    processes.push(app);
    console.log(
      `\n${kind === 'pglite' ? 'PGlite (embedded, one connection)' : 'PostgreSQL (node-postgres pool of 10)'}: ${CONNECTIONS} connections, ${SECONDS} s per route; load average ${load()}`,
    );
    const visitors = await many(CONNECTIONS + 10, 10, () => visitorWithQuote(app.base));
    const rows = Array.from({ length: CONNECTIONS + 10 }, (_, i) => i);

    measuring.process = ceilings;
    const bare = await drive('bare Fastify GET /bare (ceiling)', ceilings.base, rows, () => ({
      path: '/bare',
    }));
    print(bare);
    const write = await drive('bare write route (ceiling)', ceilings.base, rows, (row) => ({
      method: 'PUT',
      path: `/write/${row}`,
    }));
    print(write, bare);

    measuring.process = app;
    const patchTarget = kind === 'postgres' ? 50 : 200;
    if (wanted('PATCH')) {
      const f = await drive('PATCH /api/proposals/{code} applyRating', app.base, visitors, (v, n) => ({
        method: 'PATCH',
        path: `/api/proposals/${v.code}`,
        headers: { ...auth(v), ...json },
        body: sectionSaves[n % sectionSaves.length]!,
      }));
      const met = f.p99 < patchTarget && f.rps >= write.rps / 2;
      print(f, write, `target p99 < ${patchTarget} ms and ≥ 50%: ${met ? 'met' : 'NOT met'}`);
    }
    if (wanted('GET')) {
      print(
        await drive('GET /api/proposals/{code}', app.base, visitors, (v) => ({
          path: `/api/proposals/${v.code}`,
          headers: auth(v),
        })),
        write,
      );
    }
    if (wanted('session')) {
      print(
        await drive('POST /api/session', app.base, rows, () => ({
          method: 'POST',
          path: '/api/session',
          headers: json,
          body: '{}',
        })),
        write,
      );
    }
    if (wanted('vehicle')) {
      const plates = ['AB19CDE', 'VW19GLF', 'TE71SLA', 'NL68LEF'];
      print(
        await drive('GET /api/lookup/vehicles/vehicles/vrn', app.base, visitors, (v, n) => ({
          path: `/api/lookup/vehicles/vehicles/vrn?vrn=${plates[n % plates.length]}`,
          headers: auth(v),
        })),
        bare,
      );
    }
    if (wanted('address')) {
      const texts = ['LS1', 'M14', 'SW1A', 'G12'];
      print(
        await drive('GET /api/lookup/addresses', app.base, visitors, (v, n) => ({
          path: `/api/lookup/addresses?text=${texts[n % texts.length]}`,
          headers: auth(v),
        })),
        bare,
      );
    }
    if (wanted('bind') && BINDS > 0) {
      const ready = await many(BINDS, 10, () => readyToBind(app.base));
      const bound = new Map<BenchVisitor, number>();
      const f = await drive(
        `bind (card form → policy), burst of ${BINDS}`,
        app.base,
        ready,
        (v) => ({
          method: 'POST',
          path: v.checkoutUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: cardForm,
        }),
        {
          amount: BINDS,
          once: true,
          ok: (s) => s === 303,
          done: (v) => bound.has(v) || bound.set(v, Date.now()),
        },
      );
      print(f, write);
      if (bound.size !== BINDS) console.log(`  only ${bound.size} of ${BINDS} binds answered`);
      const { delays, missing } = await documentDelays(app.base, bound);
      const pct = (p: number) =>
        delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))] ?? NaN;
      const met = missing === 0 && pct(99) <= 5000;
      console.log(
        `documents ready after bind (certificate + schedule): p50 ${pct(50)} ms  p99 ${pct(99)} ms  max ${delays.at(-1)} ms${missing ? `  ${missing} NOT READY after 120 s` : ''}  target p99 ≤ 5000 ms: ${met ? 'met' : 'NOT met'}`,
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    for (const p of processes.reverse()) await p.stop();
    cluster?.stop();
  }
}

const databases = (
  process.env.BENCH_DATABASES ??
  (process.env.DATABASE_URL || postgresAvailable() ? 'pglite,postgres' : 'pglite')
).split(',') as ('pglite' | 'postgres')[];
console.log(
  `${os.cpus().length} CPUs; load average ${load()} (1, 5, 15 min) — a shared machine: compare ratios`,
);
for (const kind of databases) await benchDatabase(kind);
