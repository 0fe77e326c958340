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
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { postgresAvailable, startCluster } from '../scripts/postgres-cluster.mjs';
import { type BenchProcess, productionEnv, startProcess } from './support/processes.ts';
import {
  type BenchVisitor,
  call,
  cardForm,
  many,
  readyToBind,
  visitorWithQuote,
} from './support/visitors.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BINDS = Number(process.env.BENCH_BINDS ?? 100);
const ROUTES = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const CPU_PROF = process.env.BENCH_CPU_PROF;
const wanted = (name: string) => !ROUTES || ROUTES.some((r) => name.includes(r));

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Figures {
  name: string;
  /** Server CPU per request (ms): independent of how busy the shared machine is. */
  cpu: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/** The server process whose CPU is counted (the app under test, or the ceilings). */
let measured: BenchProcess | undefined;

type Req = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/**
 * Runs autocannon with CONNECTIONS connections for SECONDS (or `amount` requests). Each request borrows a
 * subject (a visitor, a row...) no other request in flight holds, and gives it back with the response.
 */
async function drive<S>(
  name: string,
  base: string,
  subjects: S[],
  request: (subject: S, n: number) => Req,
  options: { amount?: number; ok?: (status: number) => boolean; done?: (subject: S) => void } = {},
): Promise<Figures> {
  const server = base === measured?.base ? measured : undefined;
  const cpuBefore = cpuMs(server?.child.pid);
  const free = [...subjects];
  let n = 0;
  let bad = 0;
  const ok = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const result = await autocannon({
    url: base,
    connections: Math.min(CONNECTIONS, options.amount ?? CONNECTIONS, subjects.length),
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    timeout: 30,
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: { subject?: S }) => {
          const subject = free.pop();
          if (subject === undefined) throw new Error(`${name}: no free subject`);
          context.subject = subject;
          const r = request(subject, n++);
          return { ...req, method: r.method ?? 'GET', path: r.path, headers: r.headers ?? {}, body: r.body };
        },
        onResponse: (status: number, body: string, context: { subject?: S }) => {
          if (!ok(status)) bad++;
          if (!ok(status) && bad <= 3) console.log(`  ${name}: ${status} ${body.slice(0, 200)}`);
          options.done?.(context.subject as S);
          free.push(context.subject as S);
        },
      },
    ],
  } as autocannon.Options);
  const figures = {
    name,
    cpu: (cpuMs(server?.child.pid) - cpuBefore) / result.requests.total,
    rps: options.amount ? result.requests.total / (result.duration || 1) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: bad + result.errors + result.timeouts,
  };
  return figures;
}

function print(f: Figures, ceiling?: Figures, target?: string) {
  const ratio = ceiling ? `${((f.rps / ceiling.rps) * 100).toFixed(0).padStart(4)}% of ${ceiling.name}` : '';
  console.log(
    `${f.name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  server CPU ${f.cpu.toFixed(2)} ms/req  ${f.bad ? `errors ${f.bad}  ` : ''}${ratio}${target ? `  ${target}` : ''}`,
  );
}

const json = { 'content-type': 'application/json' };
const auth = (v: BenchVisitor) => ({ authorization: `Bearer ${v.token}` });

/** Section saves of the quote journey, each rated as the web app asks: excess, car use, driver details. */
const car = (path: string, value: unknown) => ({
  changeType: 'ASSET_DISCLOSURE_CHANGE',
  assetCode: 'Vehicle',
  update: { path, value },
});
const holder = (path: string, value: unknown) => ({
  changeType: 'PROFILE_DISCLOSURE_CHANGE',
  profileCode: 'policyholder',
  update: { path, value },
});
const sectionSaves = [
  [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }],
  [car('annualMileage', 9000), car('overnightLocation', 'Garage'), car('usage', 'SocialDomesticPleasure')],
  [holder('firstName', 'Samuel'), holder('phoneNumber', '+447700900124'), holder('homeOwnership', 'Rent')],
  [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 0 }],
  [
    car('annualMileage', 8000),
    car('overnightLocation', 'Driveway'),
    car('usage', 'SocialDomesticPleasureCommuting'),
  ],
  [holder('firstName', 'Sam'), holder('phoneNumber', '+447700900123'), holder('homeOwnership', 'Own')],
].map((changes) => JSON.stringify({ changes, applyRating: true }));

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

    measured = ceilings;
    const bare = await drive('bare Fastify GET /bare (ceiling)', ceilings.base, rows, () => ({
      path: '/bare',
    }));
    print(bare);
    const write = await drive('bare write route (ceiling)', ceilings.base, rows, (row) => ({
      method: 'PUT',
      path: `/write/${row}`,
    }));
    print(write, bare);

    measured = app;
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
        { amount: BINDS, ok: (s) => s === 303, done: (v) => bound.set(v, Date.now()) },
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
