import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { BenchProcess } from './processes.ts';
import type { BenchVisitor } from './visitors.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Seconds of the same load before each timed route (BENCH_WARMUP, default 2; not for a burst of `amount`
 * requests), neither timed nor counted: a server just started runs its first requests through the bytecode
 * interpreter and compiles as it goes, which is not the steady state a target is about.
 */
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** CPU time (ms) a process has used so far in user space and in the kernel (its system calls), from /proc. */
export const cpuSplit = (pid: number | undefined) => statCpu(`/proc/${pid}/stat`);

/**
 * CPU time (ms) of a process's main thread alone (its JavaScript thread, the one `--cpu-prof` samples), from
 * /proc: the process's figure also counts V8's helper threads (concurrent GC, the compiler, the profiler) and
 * libuv's pool.
 */
export const mainThreadCpu = (pid: number | undefined) => statCpu(`/proc/${pid}/task/${pid}/stat`);

/** User and kernel time (ms) from a /proc stat file (Linux, 100 ticks a second); NaN elsewhere. */
function statCpu(file: string): { user: number; system: number } {
  try {
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return { user: (Number(fields[11]) * 1000) / 100, system: (Number(fields[12]) * 1000) / 100 };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/** Now on the monotonic clock, in µs: the clock V8 stamps a CPU profile's samples with (Linux). */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export interface Figures {
  name: string;
  /** Server CPU per request (ms): independent of how busy the shared machine is. */
  cpu: number;
  /** The part of `cpu` spent in the kernel (system calls: sockets to clients and to the database). */
  systemCpu: number;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** The main thread's share of `cpu`, per request: user space and the kernel. */
  main: { user: number; system: number };
  /** The rest of `cpu`, per request: the process's other threads. */
  threads: number;
  /** When the timed run began and ended, in µs on the monotonic clock (to cut a CPU profile to it). */
  window: { from: number; to: number };
}

/** The server process whose CPU is counted (the app under test, or the ceilings). */
export const measuring: { process?: BenchProcess | undefined } = {};

type Req = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/**
 * Runs autocannon with CONNECTIONS connections for SECONDS (or `amount` requests). Each request borrows a
 * subject (a visitor, a row...) no other request in flight holds, and gives it back with the response.
 */
export async function drive<S>(
  name: string,
  base: string,
  subjects: S[],
  request: (subject: S, n: number) => Req,
  options: {
    amount?: number;
    ok?: (status: number) => boolean;
    done?: (subject: S) => void;
    /** Each subject serves one request only (e.g. a checkout that binds once). */
    once?: boolean;
    /**
     * Open loop: at most this many requests a second over all connections (autocannon's `overallRate`), so
     * the latency is that of a server offered a fixed load, not of one kept saturated (issue 29).
     */
    rate?: number;
  } = {},
): Promise<Figures> {
  const server = base === measuring.process?.base ? measuring.process : undefined;
  let free = [...subjects];
  let n = 0;
  let bad = 0;
  let shown = 0;
  let counting = false;
  const ok = options.ok ?? ((s: number) => s >= 200 && s < 300);
  const run = (length: { amount: number } | { duration: number }) =>
    autocannon({
      url: base,
      connections: Math.min(CONNECTIONS, options.amount ?? CONNECTIONS, subjects.length),
      ...length,
      ...(options.rate ? { overallRate: Math.max(1, Math.round(options.rate)) } : {}),
      timeout: 30,
      requests: [
        {
          setupRequest: (req: autocannon.Request, context: { subject?: S }) => {
            // Once all are used (once: true), autocannon may still build a request it does not send.
            const subject = free.pop() ?? (options.once ? subjects[0] : undefined);
            if (subject === undefined) throw new Error(`${name}: no free subject`);
            context.subject = subject;
            const r = request(subject, n++);
            return {
              ...req,
              method: r.method ?? 'GET',
              path: r.path,
              headers: r.headers ?? {},
              body: r.body,
            };
          },
          onResponse: (status: number, body: string, context: { subject?: S }) => {
            if (!ok(status) && counting) bad++;
            if (!ok(status) && shown++ < 3) console.log(`  ${name}: ${status} ${body.slice(0, 200)}`);
            if (counting) options.done?.(context.subject as S);
            if (!options.once) free.push(context.subject as S);
          },
        },
      ],
    } as autocannon.Options);
  if (!options.amount && WARMUP > 0) {
    await run({ duration: WARMUP });
    // Requests still in flight when the warm-up stopped never gave their subjects back: all are free again,
    // once the server has answered them (it goes on after the client hangs up), so that a timed request never
    // meets a warm-up request on the same subject.
    await new Promise((r) => setTimeout(r, 1_000));
    free = [...subjects];
  }
  counting = true;
  const cpuBefore = cpuSplit(server?.child.pid);
  const mainBefore = mainThreadCpu(server?.child.pid);
  const from = monotonicMicros();
  const result = await run(options.amount ? { amount: options.amount } : { duration: SECONDS });
  const to = monotonicMicros();
  const cpuAfter = cpuSplit(server?.child.pid);
  const mainAfter = mainThreadCpu(server?.child.pid);
  const total = result.requests.total;
  const cpu = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / total;
  const main = {
    user: (mainAfter.user - mainBefore.user) / total,
    system: (mainAfter.system - mainBefore.system) / total,
  };
  const figures = {
    main,
    threads: cpu - main.user - main.system,
    window: { from, to },
    name,
    cpu,
    systemCpu: (cpuAfter.system - cpuBefore.system) / total,
    rps: options.amount ? result.requests.total / (result.duration || 1) : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: bad + result.errors + result.timeouts,
  };
  return figures;
}

export function print(f: Figures, ceiling?: Figures, target?: string) {
  const ratio = ceiling ? `${((f.rps / ceiling.rps) * 100).toFixed(0).padStart(4)}% of ${ceiling.name}` : '';
  console.log(
    `${f.name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms  server CPU ${f.cpu.toFixed(2)} ms/req (kernel ${f.systemCpu.toFixed(2)}, other threads ${f.threads.toFixed(2)})  ${f.bad ? `errors ${f.bad}  ` : ''}${ratio}${target ? `  ${target}` : ''}`,
  );
}

export const json = { 'content-type': 'application/json' };
export const auth = (v: BenchVisitor) => ({ authorization: `Bearer ${v.token}` });

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
export const sectionSaves = [
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
