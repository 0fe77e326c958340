/**
 * A per-layer table of a server's `--cpu-prof` profile (issue 29, ADR 369): where the CPU of each request of
 * one route goes. Only the samples between the first and the last whose stack holds the route's marker function
 * count (`updateProposal` for the PATCH, `writeRoute` for the bare write route: its warm-up and timed runs;
 * start-up and the rest are left out), and idle time is left out.
 *
 * A sample whose innermost frame is a system call (a socket or file write) is not CPU the profile can weigh:
 * V8 samples the thread by the clock, and a thread that wakes PostgreSQL is often descheduled inside the call,
 * so those samples are mostly wall time. The kernel row is therefore the kernel time measured from /proc over
 * the same run, and the user time measured there is shared out over the other samples. Each of those is put in
 * one layer, so the table adds up to the CPU measured: the innermost frame of its stack that is one of the
 * route's own parts (so the zod below validation is validation), else the innermost library.
 * `npx tsx bench/support/profile-layers.ts <file.cpuprofile> [user ms per request] [kernel ms per request]`
 * prints the PATCH's table alone.
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

/** The layers, in the order the table prints them, each with how a frame is recognised as its own. */
const LAYERS: [string, (f: CallFrame) => boolean][] = [
  ['GC', (f) => f.functionName === '(garbage collector)'],
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
  ['auth (token, party check)', (f) => f.url.includes('lib/auth.ts') || f.url.includes('node_modules/jose/')],
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
    'database driver (load, write: protocol, rows)',
    (f) =>
      /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+|drizzle-orm)\//.test(f.url) ||
      /db\/(prepared|pglite-statements|connection)\.ts/.test(f.url),
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
    'HTTP (Node, Fastify, sockets)',
    (f) =>
      f.url.startsWith('node:') ||
      /node_modules\/(fastify|find-my-way|secure-json-parse|avvio|light-my-request|@fastify\/)/.test(f.url) ||
      f.functionName === 'setHeader',
  ],
];

/** The first OWN layers are the route's own parts; those after are libraries any request runs through. */
const OWN = LAYERS.findIndex(([name]) => name.startsWith('database driver'));

/** Native frames that are system calls: their samples are wall time, and the kernel row is measured instead. */
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
export const KERNEL = 'the kernel (system calls: sockets to the client and the database, files)';

export function layersOf(profile: Profile, marker = 'updateProposal') {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!.callFrame);
    return frames; // innermost first
  };
  const inPatch = (id: number) => stack(id).some((f) => f.functionName === marker);
  const first = profile.samples.findIndex(inPatch);
  let last = profile.samples.length - 1;
  while (last > first && !inPatch(profile.samples[last]!)) last--;
  const counts = new Map<string, number>();
  const others = new Map<string, number>();
  let total = 0;
  for (let i = Math.max(0, first); i <= last; i++) {
    const frames = stack(profile.samples[i]!);
    const leaf = frames[0]!;
    if (leaf.functionName === '(idle)') continue;
    if (SYSTEM_CALLS.has(leaf.functionName)) {
      counts.set(KERNEL, (counts.get(KERNEL) ?? 0) + 1);
      continue;
    }
    total++;
    // The innermost frame of a named part of the PATCH (its own work owns the zod, pg and JSON below it),
    // else the innermost frame of a library layer.
    let layer = 'other';
    for (const tier of [LAYERS.slice(0, OWN), LAYERS.slice(OWN)]) {
      const found = frames.map((f) => tier.find(([, is]) => is(f))).find(Boolean);
      if (found) {
        layer = found[0];
        break;
      }
    }
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
    if (layer === 'other') {
      const key = `${leaf.functionName || '(anonymous)'} ${leaf.url.replace(/.*node_modules\//, '')}`;
      others.set(key, (others.get(key) ?? 0) + 1);
    }
  }
  return { counts, others, total };
}

/** CPU per request (ms) measured from /proc over the route's run: user space and the kernel. */
export interface MeasuredCpu {
  user: number;
  kernel: number;
}

/** Each layer's ms per request: the user time shared by the layer's samples, the kernel row as measured. */
function perLayer(file: string, marker: string, cpu: MeasuredCpu | undefined) {
  const { counts, others, total } = layersOf(JSON.parse(readFileSync(file, 'utf8')) as Profile, marker);
  const ms = new Map<string, number>();
  for (const name of LAYER_NAMES)
    ms.set(name, cpu ? ((counts.get(name) ?? 0) / total) * cpu.user : Number.NaN);
  ms.set(KERNEL, cpu ? cpu.kernel : Number.NaN);
  return { counts, others, total, ms, wallInKernel: counts.get(KERNEL) ?? 0 };
}
const LAYER_NAMES = [...LAYERS.map(([n]) => n), 'other'];

function otherLine(others: Map<string, number>, total: number) {
  const top = [...others].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return top.length
    ? `  other, largest: ${top.map(([k, v]) => `${k} ${((v / total) * 100).toFixed(1)}%`).join('; ')}`
    : '';
}

/** Prints the PATCH's table; `cpu` (ms per request, from /proc) scales the user samples and sets the kernel row. */
export function printLayers(file: string, cpu?: MeasuredCpu) {
  const { counts, others, total, ms, wallInKernel } = perLayer(file, 'updateProposal', cpu);
  console.log(
    `\nCPU profile per layer (${path.basename(file)}, ${total} user-space samples while PATCH ran; ${wallInKernel} more inside system calls, counted as the kernel time measured):`,
  );
  console.log(`| layer | share of user time | ms/req |\n| --- | --- | --- |`);
  for (const name of LAYER_NAMES) {
    const n = counts.get(name) ?? 0;
    console.log(`| ${name} | ${((n / total) * 100).toFixed(1)}% | ${ms.get(name)!.toFixed(3)} |`);
  }
  console.log(`| ${KERNEL} | – | ${ms.get(KERNEL)!.toFixed(3)} |`);
  const line = otherLine(others, total);
  if (line) console.log(line);
}

/**
 * The PATCH beside the bare write route, layer by layer, each scaled to its own process's measured CPU: where
 * the CPU above `target` × the bare route goes (issue 29: "where each remaining 0.1 ms goes").
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
    `\nThe PATCH beside the bare write route, per layer (ms per request; ${p.total} and ${b.total} user-space samples):`,
  );
  console.log('| layer | bare write | PATCH | PATCH − bare |\n| --- | --- | --- | --- |');
  for (const name of [...LAYER_NAMES, KERNEL]) {
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
  const line = otherLine(p.others, p.total);
  if (line) console.log(`PATCH ${line.trim()}`);
}

/** The main thread's profile of the process `pid` in `dir` (node writes one file per thread). */
export function mainProfile(dir: string, pid: number | undefined): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && (pid === undefined || f.includes(`.${pid}.`)))
    .map((f) => path.join(dir, f));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [file, user, kernel] = process.argv.slice(2);
  if (file) printLayers(file, user ? { user: Number(user), kernel: Number(kernel ?? 0) } : undefined);
}
