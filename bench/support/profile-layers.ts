/**
 * A per-layer table of a server's `--cpu-prof` profile (issue 29, ADR 369): where the CPU of each request of
 * one route goes. Only the samples of the route's timed run count (its start and end on the monotonic clock, the
 * one V8 stamps samples with), the run whose CPU /proc measured; idle time is left out.
 *
 * The profile samples the main thread by the clock. So:
 * - a sample whose innermost frame is a system call (a socket or file write) is not weighed: a thread that
 *   wakes PostgreSQL is often descheduled inside the call, so those samples are mostly wall time. The kernel row
 *   is the main thread's kernel time measured from /proc over the same run;
 * - the process's other threads (V8's concurrent GC and compiler, the profiler itself, libuv's pool) are a row
 *   of their own, as measured;
 * - the main thread's user time, as measured, is shared out over the other samples. Each is put in one layer:
 *   the innermost frame of its stack that is one of the route's own parts (so the zod below validation is
 *   validation), else the innermost library.
 *
 * So each table adds up to the process's CPU measured per request.
 * `npx tsx bench/support/profile-layers.ts <file.cpuprofile> [user ms] [kernel ms] [other threads' ms]` (each per
 * request) prints the PATCH's table alone, its window the first to the last sample in `updateProposal`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The layers the comparison names the largest functions of (HTTP, the driver, GC). */
const GC = 'GC';
const DRIVER = 'database driver (load, write: protocol, rows)';
const HTTP = 'HTTP (Node, Fastify, sockets)';

/** The layers, in the order the table prints them, each with how a frame is recognised as its own. */
const LAYERS: [string, (f: CallFrame) => boolean][] = [
  [GC, (f) => f.functionName === '(garbage collector)'],
  [
    // Once the last onSend hook is done, Fastify writes the answer from within it: not that hook's work.
    'HTTP: writing the answer',
    (f) => f.url.includes('fastify/lib/reply.js') && ['onSendEnd', 'writePayload'].includes(f.functionName),
  ],
  ['PGlite (the embedded database)', (f) => f.url.includes('@electric-sql/pglite')],
  [
    'serialise (the answer)',
    (f) =>
      f.url.includes('fast-json-stringify') ||
      f.url.includes('lib/serializer.ts') ||
      f.functionName === 'toProposal' ||
      (f.url === '' && /^anonymous\d*$/.test(f.functionName)),
  ],
  [
    'rate',
    (f) =>
      ['rateProposal', 'quoteFromRating', 'quoteColumns'].includes(f.functionName) ||
      f.url.includes('domain/src/rating/'),
  ],
  ['rules (the brand’s)', (f) => f.functionName === 'brandRuleErrors'],
  [
    'validate (the whole proposal)',
    (f) => ['validateProposal', 'validateForRating'].includes(f.functionName),
  ],
  [
    'apply (the changes)',
    (f) =>
      ['applyAnswerChanges', 'applyChanges', 'toDraft', 'takeVehicleFromLookup'].includes(f.functionName),
  ],
  [
    DRIVER,
    (f) =>
      /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+|drizzle-orm)\//.test(f.url) ||
      /db\/(prepared|pglite-statements|connection)\.ts/.test(f.url),
  ],
  [
    'auth (token; the party check’s statement is the driver’s)',
    (f) => f.url.includes('lib/auth.ts') || f.url.includes('node_modules/jose/'),
  ],
  [
    'contract validation (zod)',
    (f) => f.url.includes('fastify-type-provider-zod') || f.url.includes('node_modules/zod/'),
  ],
  [
    'the handler (the JSON text of the write, the rest)',
    (f) => f.url.includes('update-proposal.ts') || f.url.includes('ceiling-server.ts'),
  ],
  [
    'other hooks',
    (f) =>
      /lib\/(input-guard|dev-pages|security-headers|rate-limits)\.ts|identity\/impersonation\.ts|src\/app\.ts|@fastify\/(helmet|rate-limit)|node_modules\/helmet\//.test(
        f.url,
      ),
  ],
  [
    HTTP,
    (f) =>
      f.url.startsWith('node:') ||
      /node_modules\/(fastify|find-my-way|secure-json-parse|avvio|light-my-request|@fastify\/)/.test(f.url) ||
      f.functionName === 'setHeader',
  ],
];

/** The first OWN layers are the route's own parts; those after are libraries any request runs through. */
const OWN = LAYERS.findIndex(([name]) => name === DRIVER);

/**
 * Native frames (no script) that are system calls: their samples are mostly wall time (the thread descheduled
 * inside the call), so the kernel row is the main thread's kernel time as measured instead.
 */
const SYSTEM_CALLS = new Set([
  'writev',
  'writeUtf8String',
  'writeLatin1String',
  'writeBuffer',
  'writeString',
  'fstat',
  'fsync',
  'fdatasync',
  'read',
]);
export const KERNEL = "the main thread in the kernel (system calls: sockets; PGlite's files)";
export const THREADS = "other threads (V8's concurrent GC and compiler, the profiler, libuv's pool)";

/** Which samples count: those of a timed run (µs on the monotonic clock), else those between a marker's first and last. */
type Selection = { window: { from: number; to: number } } | { marker: string };

export function layersOf(profile: Profile, select: Selection = { marker: 'updateProposal' }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!.callFrame);
    return frames; // innermost first
  };
  let counted: (i: number) => boolean;
  if ('window' in select) {
    const at: number[] = [];
    let t = profile.startTime;
    for (const delta of profile.timeDeltas) {
      t += delta;
      at.push(t);
    }
    counted = (i) => at[i]! >= select.window.from && at[i]! <= select.window.to;
  } else {
    const marked = (id: number) => stack(id).some((f) => f.functionName === select.marker);
    const first = profile.samples.findIndex(marked);
    let last = profile.samples.length - 1;
    while (last > first && !marked(profile.samples[last]!)) last--;
    counted = (i) => first >= 0 && i >= first && i <= last;
  }
  const counts = new Map<string, number>();
  /** The innermost function of each layer's samples, for the layers worth looking into. */
  const leaves = new Map<string, Map<string, number>>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    if (!counted(i)) continue;
    const frames = stack(profile.samples[i]!);
    const leaf = frames[0]!;
    if (leaf.functionName === '(idle)') continue;
    if (leaf.url === '' && SYSTEM_CALLS.has(leaf.functionName)) {
      counts.set(KERNEL, (counts.get(KERNEL) ?? 0) + 1);
      continue;
    }
    total++;
    // The innermost frame of a named part of the route (its own work owns the zod and JSON below it), else
    // the innermost frame of a library layer.
    let layer = 'other';
    for (const tier of [LAYERS.slice(0, OWN), LAYERS.slice(OWN)]) {
      const found = frames.map((f) => tier.find(([, is]) => is(f))).find(Boolean);
      if (found) {
        layer = found[0];
        break;
      }
    }
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
    const key = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages)\//, '$1/')}`;
    const of = leaves.get(layer) ?? new Map<string, number>();
    of.set(key, (of.get(key) ?? 0) + 1);
    leaves.set(layer, of);
  }
  return { counts, leaves, total };
}

/** CPU per request (ms) measured from /proc over the route's timed run. */
export interface MeasuredCpu {
  /** The main thread in user space: shared over the profile's samples. */
  user: number;
  /** The main thread in the kernel. */
  kernel: number;
  /** The process's other threads. */
  threads: number;
  /** The timed run, µs on the monotonic clock: only its samples count. */
  window?: { from: number; to: number };
}

const LAYER_NAMES = [...LAYERS.map(([n]) => n), 'other'];

/** A profile read and parsed once (the PATCH's is read for its own table and for the comparison). */
const profiles = new Map<string, Profile>();
function readProfile(file: string): Profile {
  let profile = profiles.get(file);
  if (!profile) {
    profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    profiles.set(file, profile);
  }
  return profile;
}

/** Each layer's ms per request: the main thread's user time shared by the samples, the other rows as measured. */
function perLayer(file: string, marker: string, cpu: MeasuredCpu | undefined) {
  const { counts, leaves, total } = layersOf(
    readProfile(file),
    cpu?.window ? { window: cpu.window } : { marker },
  );
  const ms = new Map<string, number>();
  for (const name of LAYER_NAMES)
    ms.set(name, cpu ? ((counts.get(name) ?? 0) / total) * cpu.user : Number.NaN);
  ms.set(KERNEL, cpu ? cpu.kernel : Number.NaN);
  ms.set(THREADS, cpu ? cpu.threads : Number.NaN);
  return { counts, leaves, total, ms, wallInKernel: counts.get(KERNEL) ?? 0 };
}

/** The largest innermost functions of a layer, as ms per request. */
function largest(layer: string, of: ReturnType<typeof perLayer>, n = 6) {
  const leaves = [...(of.leaves.get(layer) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, n);
  const perSample = (of.ms.get(layer) ?? 0) / Math.max(1, of.counts.get(layer) ?? 0);
  return leaves.map(([k, v]) => `${k} ${(v * perSample).toFixed(3)}`).join('; ');
}

/** Prints the PATCH's table; `cpu` (ms per request, from /proc) scales the samples and sets the measured rows. */
export function printLayers(file: string, cpu?: MeasuredCpu) {
  const of = perLayer(file, 'updateProposal', cpu);
  console.log(
    `\nCPU profile per layer (${path.basename(file)}, ${of.total} user-space samples of the main thread while PATCH ran; ${of.wallInKernel} more inside system calls, counted as the kernel time measured):`,
  );
  console.log(`| layer | share of the main thread's user time | ms/req |\n| --- | --- | --- |`);
  for (const name of LAYER_NAMES) {
    const n = of.counts.get(name) ?? 0;
    console.log(`| ${name} | ${((n / of.total) * 100).toFixed(1)}% | ${of.ms.get(name)!.toFixed(3)} |`);
  }
  for (const name of [KERNEL, THREADS]) console.log(`| ${name} | – | ${of.ms.get(name)!.toFixed(3)} |`);
  if (of.leaves.has('other')) console.log(`  other, largest: ${largest('other', of)}`);
}

/**
 * The PATCH beside the bare write route, layer by layer, each scaled to its own process's measured CPU: where
 * the CPU above `target` × the bare route goes (issue 29: "where each remaining 0.1 ms goes", ADR 369).
 */
export function printComparison(
  patch: { file: string; cpu: MeasuredCpu },
  bare: { file: string; cpu: MeasuredCpu },
  target: number,
) {
  const p = perLayer(patch.file, 'updateProposal', patch.cpu);
  const b = perLayer(bare.file, 'writeRoute', bare.cpu);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
  console.log(
    `\nThe PATCH beside the bare write route, per layer (ms per request, timed runs only; ${p.total} and ${b.total} user-space samples):`,
  );
  console.log('| layer | bare write | PATCH | PATCH − bare |\n| --- | --- | --- | --- |');
  for (const name of [...LAYER_NAMES, KERNEL, THREADS]) {
    const [x, y] = [b.ms.get(name)!, p.ms.get(name)!];
    if (x < 0.0005 && y < 0.0005) continue;
    console.log(
      `| ${name} | ${x.toFixed(3)} | ${y.toFixed(3)} | ${(y - x >= 0 ? '+' : '') + (y - x).toFixed(3)} |`,
    );
  }
  const [bt, pt] = [sum(b.ms), sum(p.ms)];
  console.log(`| all | ${bt.toFixed(3)} | ${pt.toFixed(3)} | +${(pt - bt).toFixed(3)} |`);
  console.log(
    `  ${target}× the bare route allows ${(target * bt).toFixed(3)} ms per PATCH: ${(pt - target * bt).toFixed(3)} ms over.`,
  );
  for (const layer of [HTTP, DRIVER, GC])
    if (p.leaves.has(layer)) console.log(`  PATCH, ${layer}, largest: ${largest(layer, p)}`);
  if (b.leaves.has(HTTP)) console.log(`  bare write, ${HTTP}, largest: ${largest(HTTP, b)}`);
}

/** The main thread's profile of the process `pid` in `dir` (node writes one file per thread). */
export function mainProfile(dir: string, pid: number | undefined): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && (pid === undefined || f.includes(`.${pid}.`)))
    .map((f) => path.join(dir, f));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [file, user, kernel, threads] = process.argv.slice(2);
  if (file)
    printLayers(
      file,
      user ? { user: Number(user), kernel: Number(kernel ?? 0), threads: Number(threads ?? 0) } : undefined,
    );
}
