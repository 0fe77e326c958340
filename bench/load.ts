/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * The honest load bench (issue 15): the real server (`apps/api/src/server.ts`, production mode, jobs on) runs
 * as a process of its own and autocannon drives it from this one. Two ceilings are measured in the same run,
 * from a second process (bench/support/ceiling-server.ts): a bare Fastify JSON route, and a bare write route
 * on the same driver and pool (one transaction that reads a 2.6 KB JSONB row FOR UPDATE and writes it back).
 * On PGlite (a fresh DATA_DIR, as `npm start`) and on PostgreSQL (DATABASE_URL, else a throwaway cluster when
 * initdb is installed). Every connection is its own visitor with its own proposal.
 *
 * Then a burst of binds (the sandbox card form, which settles the payment and makes the policy) and how long
 * after its bind each policy's certificate and schedule were attached (the server's record of it, read from the
 * database after the run).
 *
 * Settings (environment): BENCH_SECONDS per route (5), BENCH_WARMUP before each (2), BENCH_CONNECTIONS (50), BENCH_BINDS (50),
 * BENCH_DATABASES (pglite,postgres), BENCH_PG_SOCKET (1: PostgreSQL over its Unix socket, not TCP), BENCH_ROUTES (names to run, comma-separated; default all),
 * BENCH_CPU_PROF (a folder: both servers run with --cpu-prof; the PATCH is then set beside the bare write route layer by layer, ADR 369),
 * BENCH_APP_NODE_OPTIONS (Node options for the app's process alone, e.g. `--max-semi-space-size=32`), BENCH_APP_DIR (run
 * the server of another checkout, e.g. `git worktree add /tmp/before <commit>`, for before/after figures), BENCH_APP_LOG
 * (a file the app's output is appended to, e.g. with BENCH_APP_NODE_OPTIONS=--trace-gc).
 * The machine is shared: the load average is printed with the figures; compare ratios, not absolutes.
 * Prints figures beside their targets (issue 29, ADR 359: CPU per PATCH ≤ 2.2× the bare write route's on
 * PostgreSQL and ≤ 2.5× on PGlite; PATCH p99 in an open loop at 40% of the bare write route's throughput under
 * 50 ms / 150 ms; documents within 5 s at p99 after a burst of 50 binds); never fails on a number.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../apps/api/src/db/connection.ts';
import { postgresAvailable, startCluster } from '../scripts/postgres-cluster.mjs';
import {
  auth,
  CONNECTIONS,
  drive,
  type Figures,
  json,
  load,
  measuring,
  print,
  SECONDS,
  sectionSaves,
} from './support/drive.ts';
import { type BenchProcess, productionEnv, startProcess } from './support/processes.ts';
import { type MeasuredCpu, mainProfile, printComparison, printLayers } from './support/profile-layers.ts';
import {
  type BenchVisitor,
  call,
  cardForm,
  many,
  readyToBind,
  visitorWithQuote,
} from './support/visitors.ts';

const BINDS = Number(process.env.BENCH_BINDS ?? 50);
const ROUTES = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Node options for the app's process alone (e.g. `--max-semi-space-size=32`), to try a runtime setting. */
const APP_NODE_OPTIONS = (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const wanted = (name: string) => !ROUTES || ROUTES.some((r) => name.includes(r));
/** A timed run's CPU as the profile tables take it: the main thread's, the other threads', and its window. */
const measured = (f: Figures): MeasuredCpu => ({
  user: f.main.user,
  kernel: f.main.system,
  threads: f.threads,
  window: f.window,
});

/**
 * Waits until each bound policy has its certificate and schedule (asking the API, after the burst), and returns
 * the policies found with when their binds answered, how many were not ready in time, and when the API was
 * first seen serving both (an upper bound: an early bind's documents are asked for only after the burst).
 */
async function documentsReady(base: string, bound: Map<BenchVisitor, number>, timeoutMs = 120_000) {
  const pending = await many([...bound.keys()].length, 10, async (i) => {
    const v = [...bound.keys()][i]!;
    const [policy] = (await call(base, 'GET', '/api/policies', v.token)) as unknown as { policyId: string }[];
    return { v, id: policy?.policyId ?? '', boundAt: bound.get(v)! };
  });
  const deadline = Date.now() + timeoutMs;
  const seen: number[] = [];
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
      if (ready.every(Boolean)) seen.push(Date.now() - p.boundAt);
      else still.push(p);
    });
    waiting = still;
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 100));
  }
  return { policies: pending, missing: waiting.length, seen: seen.sort((a, b) => a - b) };
}

/**
 * The delay (ms) from each bind's answer to its documents being attached: the server's own record of when it
 * attached both files (policy_documents.generated_at, the same machine's clock), read from the database after
 * the run. Asking the API would see a document only when it asks (after the burst, or by polling that itself
 * loads the one PGlite connection); the record does not wait and adds no load.
 */
async function documentDelays(
  database: { databaseUrl: string } | { dataDir: string },
  policies: { id: string; boundAt: number }[],
) {
  const db = await connect(database);
  try {
    const { rows } = await db.query(
      `select v.policy_id::text as id, max(d.generated_at) as at, count(*)::int as docs
         from policy_documents d join policy_versions v on v.id = d.policy_version_id
        where v.policy_id = any($1::uuid[]) and v.version_number = 1
        group by v.policy_id`,
      [policies.map((p) => p.id)],
    );
    const attached = new Map(
      rows.filter((r) => r.docs === 2).map((r) => [String(r.id), new Date(r.at as string | Date).getTime()]),
    );
    return policies
      .filter((p) => attached.has(p.id))
      .map((p) => attached.get(p.id)! - p.boundAt)
      .sort((a, b) => a - b);
  } finally {
    await db.close();
  }
}

async function benchDatabase(kind: 'pglite' | 'postgres') {
  let cluster: { url: string; socketUrl: string; stop: () => void } | undefined;
  let databaseUrl = '';
  if (kind === 'postgres') {
    if (process.env.DATABASE_URL) databaseUrl = process.env.DATABASE_URL;
    else {
      cluster = await startCluster();
      // BENCH_PG_SOCKET=1: the app and the ceiling routes reach the cluster over its Unix socket, not TCP.
      databaseUrl = process.env.BENCH_PG_SOCKET === '1' ? cluster.socketUrl : cluster.url;
    }
  }
  const processes: BenchProcess[] = [];
  let patchCpu: MeasuredCpu | undefined;
  let bareCpu: MeasuredCpu | undefined;
  let appPid: number | undefined;
  let ceilingPid: number | undefined;
  try {
    if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
    const profiled = CPU_PROF ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] } : {};
    const ceilings = await startProcess(
      'bench/support/ceiling-server.ts',
      { DATABASE_URL: databaseUrl },
      profiled,
    );
    processes.push(ceilings);
    ceilingPid = ceilings.child.pid;
    const app = await startProcess(
      'apps/api/src/server.ts',
      { ...productionEnv, DATABASE_URL: databaseUrl, JOBS: 'true' },
      {
        ...(CPU_PROF || APP_NODE_OPTIONS.length
          ? { nodeOptions: [...(profiled.nodeOptions ?? []), ...APP_NODE_OPTIONS] }
          : {}),
        ...(process.env.BENCH_APP_DIR ? { root: process.env.BENCH_APP_DIR } : {}),
        ...(process.env.BENCH_APP_LOG ? { logTo: process.env.BENCH_APP_LOG } : {}),
      },
    );
    processes.push(app);
    appPid = app.child.pid;
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
    bareCpu = measured(write);

    measuring.process = app;
    if (wanted('PATCH')) {
      // Issue 29's targets (ADR 359): CPU per PATCH against the bare write route's, each process's own CPU
      // over its own run; and the p99 of PATCH offered 40% of the bare write route's throughput (open loop).
      const patch = (v: BenchVisitor, n: number) => ({
        method: 'PATCH',
        path: `/api/proposals/${v.code}`,
        headers: { ...auth(v), ...json },
        body: sectionSaves[n % sectionSaves.length]!,
      });
      const f = await drive('PATCH /api/proposals/{code} applyRating', app.base, visitors, patch);
      const ratio = f.cpu / write.cpu;
      const ratioTarget = kind === 'postgres' ? 2.2 : 2.5;
      print(
        f,
        write,
        `CPU ${ratio.toFixed(2)}× the bare write route's (target ≤ ${ratioTarget}×: ${ratio <= ratioTarget ? 'met' : 'NOT met'})`,
      );
      patchCpu = measured(f);
      const offered = 0.4 * write.rps;
      const open = await drive(
        `PATCH, open loop at ${offered.toFixed(0)} req/s (40% of bare write)`,
        app.base,
        visitors,
        patch,
        { rate: offered },
      );
      const p99Target = kind === 'postgres' ? 50 : 150;
      print(
        open,
        write,
        `p99 ${open.p99} ms (closed loop ${f.p99} ms; target < ${p99Target} ms: ${open.p99 < p99Target ? 'met' : 'NOT met'})`,
      );
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
    if (wanted('unrated')) {
      // The same section saves without rating (applyRating false), after the routes that read the proposals
      // (it withdraws their quotes): validation, the brand's rules, the party check, the read and the write,
      // and an answer without a quote. What the PATCH costs before it rates: a floor under target 1 and 2
      // (ADR 370).
      const unrated = sectionSaves.map((b) => JSON.stringify({ ...JSON.parse(b), applyRating: false }));
      const f = await drive('PATCH /api/proposals/{code} without rating', app.base, visitors, (v, n) => ({
        method: 'PATCH',
        path: `/api/proposals/${v.code}`,
        headers: { ...auth(v), ...json },
        body: unrated[n % unrated.length]!,
      }));
      print(f, write, `CPU ${(f.cpu / write.cpu).toFixed(2)}× the bare write route's (before it rates)`);
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
      const { policies, missing, seen } = await documentsReady(app.base, bound);
      console.log(`load average after: ${load()}`);
      // PGlite's files open in one process at a time: the server stops before they are read.
      if (kind === 'pglite') await app.stop({ keepData: true });
      const delays = await documentDelays(
        kind === 'pglite' ? { dataDir: path.join(app.dataDir, 'pglite') } : { databaseUrl },
        policies,
      );
      const pctOf = (list: number[], p: number) =>
        list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
      const pct = (p: number) => pctOf(delays, p);
      console.log(
        `documents seen by the API after bind (asked only once the burst is over): p50 ${pctOf(seen, 50)} ms  p99 ${pctOf(seen, 99)} ms`,
      );
      const met = missing === 0 && pct(99) <= 5000;
      console.log(
        `documents attached after bind (certificate + schedule): p50 ${pct(50)} ms  p99 ${pct(99)} ms  max ${delays.at(-1)} ms${missing ? `  ${missing} NOT READY after 120 s` : ''}  target p99 ≤ 5000 ms: ${met ? 'met' : 'NOT met'}`,
      );
    } else console.log(`load average after: ${load()}`);
  } finally {
    for (const p of processes.reverse()) await p.stop();
    cluster?.stop();
  }
  // Each server writes its profile as it exits: the PATCH's CPU by layer, scaled to the CPU measured above,
  // then beside the bare write route's (ADR 369).
  const profile = CPU_PROF && wanted('PATCH') ? mainProfile(CPU_PROF, appPid) : undefined;
  const bareProfile = CPU_PROF ? mainProfile(CPU_PROF, ceilingPid) : undefined;
  if (profile) printLayers(profile, patchCpu);
  if (profile && bareProfile && patchCpu && bareCpu)
    printComparison(
      { file: profile, cpu: patchCpu },
      { file: bareProfile, cpu: bareCpu },
      kind === 'postgres' ? 2.2 : 2.5,
    );
}

const databases = (
  process.env.BENCH_DATABASES ??
  (process.env.DATABASE_URL || postgresAvailable() ? 'pglite,postgres' : 'pglite')
).split(',') as ('pglite' | 'postgres')[];
console.log(
  `${os.cpus().length} CPUs; load average ${load()} (1, 5, 15 min) — a shared machine: compare ratios`,
);
for (const kind of databases) await benchDatabase(kind);
