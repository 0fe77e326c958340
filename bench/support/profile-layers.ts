/**
 * A per-layer table of a server's `--cpu-prof` profile (issue 29): where the CPU of each PATCH of a proposal
 * goes. Only the samples between the first and the last that ran `updateProposal` count (the PATCH route's
 * warm-up and timed run; start-up and the visitors made before are left out), and idle time is left out.
 * Each sample is put in one layer, so the table adds up to the whole: the innermost frame of its stack that
 * is one of the PATCH's own parts (so the zod below validation is validation), else the innermost library. Shares are of the profile; `ms/req` scales them to the CPU per PATCH measured in the same run
 * without the profiler's view (the profiler itself costs some).
 * `npx tsx bench/support/profile-layers.ts <file.cpuprofile> [CPU ms per request]` prints the table alone.
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
    'socket writes (kernel: answers, statements)',
    (f) =>
      ['writev', 'writevGeneric', 'writeUtf8String', 'writeBuffer', 'writeLatin1String'].includes(
        f.functionName,
      ),
  ],
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
  ['PATCH handler (JSON text for the write, the rest)', (f) => f.url.includes('update-proposal.ts')],
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
      ['writev', 'writeUtf8String', 'writeBuffer', 'setHeader'].includes(f.functionName),
  ],
];

/** The first OWN layers are the PATCH's own parts; those after are libraries any request runs through. */
const OWN = LAYERS.findIndex(([name]) => name.startsWith('database driver'));

export function layersOf(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number) => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      frames.push(byId.get(at)!.callFrame);
    return frames; // innermost first
  };
  const inPatch = (id: number) => stack(id).some((f) => f.functionName === 'updateProposal');
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

/** Prints the table; `cpuPerRequest` (ms) scales the shares to ms per PATCH. */
export function printLayers(file: string, cpuPerRequest?: number) {
  const { counts, others, total } = layersOf(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  console.log(`\nCPU profile per layer (${path.basename(file)}, ${total} samples while PATCH ran):`);
  console.log(`| layer | share | ms/req |\n| --- | --- | --- |`);
  for (const name of [...LAYERS.map(([n]) => n), 'other']) {
    const n = counts.get(name) ?? 0;
    const ms = cpuPerRequest ? ((n / total) * cpuPerRequest).toFixed(3) : '–';
    console.log(`| ${name} | ${((n / total) * 100).toFixed(1)}% | ${ms} |`);
  }
  const top = [...others].sort((a, b) => b[1] - a[1]).slice(0, 6);
  if (top.length)
    console.log(
      `  other, largest: ${top.map(([k, v]) => `${k} ${((v / total) * 100).toFixed(1)}%`).join('; ')}`,
    );
}

/** The main thread's profile of the process `pid` in `dir` (node writes one file per thread). */
export function mainProfile(dir: string, pid: number | undefined): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && (pid === undefined || f.includes(`.${pid}.`)))
    .map((f) => path.join(dir, f));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [file, ms] = process.argv.slice(2);
  if (file) printLayers(file, ms ? Number(ms) : undefined);
}
