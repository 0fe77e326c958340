// The boundary check (ADR 152): scans every import of the TypeScript sources and enforces the one-way rules
// of the architecture, naming each offending import. Violations listed in boundaries-known-violations.txt
// are tolerated (today's debt, to be emptied); any other violation fails.
//   tsx scripts/check-boundaries.ts            check the tree against the baseline
//   tsx scripts/check-boundaries.ts --write    drop the baseline lines that no longer occur (never adds one)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASELINE = path.join(ROOT, 'scripts', 'boundaries-known-violations.txt');

const SOURCE_DIRS = ['packages/domain', 'packages/contracts', 'apps/api', 'apps/web'];
const SOURCE_SUBDIRS = ['src', 'test'];
/** The tools around the product, scanned whole: the browser journeys, the benches and the scripts. */
const TOOL_DIRS = ['e2e', 'bench', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const PACKAGES: Record<string, string> = {
  '@forecourt/domain': 'packages/domain/src',
  '@forecourt/contracts': 'packages/contracts/src',
  '@forecourt/api': 'apps/api/src',
  '@forecourt/web': 'apps/web/src',
};

/** path relative to ROOT (posix) -> file text */
export type SourceTree = Map<string, string>;

export function readTree(root = ROOT): SourceTree {
  const tree: SourceTree = new Map();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts'))
        tree.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  for (const d of SOURCE_DIRS)
    for (const s of SOURCE_SUBDIRS) if (existsSync(path.join(root, d, s))) walk(path.join(root, d, s));
  for (const d of TOOL_DIRS) if (existsSync(path.join(root, d))) walk(path.join(root, d));
  return tree;
}

const IMPORT_RE =
  /(?:^|[;\s}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The module specifiers a file imports (static, re-exports, side-effect and dynamic imports). */
export function specifiers(text: string): string[] {
  const noComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out: string[] = [];
  for (const m of noComments.matchAll(IMPORT_RE)) out.push((m[1] ?? m[2])!);
  return out;
}

/** Resolves a specifier to a file of the tree, or undefined for an outside package. */
export function resolve(tree: SourceTree, from: string, spec: string): string | undefined {
  let base: string | undefined;
  if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else {
    const pkg = Object.keys(PACKAGES).find((p) => spec === p || spec.startsWith(`${p}/`));
    if (!pkg) return undefined;
    base = spec === pkg ? `${PACKAGES[pkg]}/index` : `${PACKAGES[pkg]}/${spec.slice(pkg.length + 1)}`;
  }
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => tree.has(c)) ?? base;
}

type Layer = 'domain' | 'contracts' | 'api' | 'web';
const layerOf = (f: string): Layer | undefined =>
  f.startsWith('packages/domain/')
    ? 'domain'
    : f.startsWith('packages/contracts/')
      ? 'contracts'
      : f.startsWith('apps/api/')
        ? 'api'
        : f.startsWith('apps/web/')
          ? 'web'
          : undefined;
/** What each layer may import besides itself. */
const ALLOWED: Record<Layer, Layer[]> = {
  domain: [],
  contracts: ['domain'],
  api: ['contracts', 'domain'],
  web: ['contracts', 'domain'],
};

const webFace = (area: string) => `apps/web/src/${area}/index.ts`;
const webArea = (f: string) => /^apps\/web\/src\/(features\/[^/]+|forms|ui|app|lib)(?:\/|$)/.exec(f)?.[1];
const apiModule = (f: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(f)?.[1];
const apiFace = (m: string) => `apps/api/src/modules/${m}/index.ts`;
/** The API's shared infrastructure, which imports no module (ADR 155). */
const apiShared = (f: string) =>
  /^apps\/api\/src\/(lib|providers|config|db\/(schema|connection|migrate))\//.test(f) ||
  (f.startsWith('apps/api/src/jobs/') && f !== 'apps/api/src/jobs/index.ts');

/**
 * The one documented exception to "lib imports no area" (ADR 152): the text registries of lib/i18n collect
 * each area's English defaults from its `texts.ts` (a data file that imports nothing of ours).
 */
const TEXT_REGISTRIES = ['apps/web/src/lib/i18n/default-texts.ts', 'apps/web/src/lib/i18n/journey-texts.ts'];
const isTextRegistryImport = (from: string, to: string) =>
  TEXT_REGISTRIES.includes(from) &&
  /^apps\/web\/src\/(features\/[^/]+\/|forms\/[^/]+\/|ui\/|app\/)texts\.ts$/.test(to);

const isTool = (f: string) => TOOL_DIRS.some((d) => f.startsWith(`${d}/`));
const APP_ROUTES = 'apps/web/src/app/routes.tsx';

/** One import that breaks a rule, written as it appears in the baseline. */
export function edgeViolations(from: string, to: string): string[] {
  const out: string[] = [];
  const a = layerOf(from);
  const b = layerOf(to);
  if (a && b && a !== b && !ALLOWED[a].includes(b)) out.push(`layer ${a} -> ${b}: ${from} -> ${to}`);
  // The product's sources (not their tests) never import the tools; the tools drive the web app through a
  // browser and its build, never its sources.
  const productSource = /^(apps|packages)\/[^/]+\/src\//.test(from);
  if (productSource && isTool(to)) out.push(`product -> tools: ${from} -> ${to}`);
  if (isTool(from) && to.startsWith('apps/web/src/')) out.push(`tools -> web sources: ${from} -> ${to}`);
  const fa = webArea(from);
  const fb = webArea(to);
  // Issue 30 point 4 (ADR 358): outside ui/, the kit is met through its face, ui/index.ts (and the root files
  // beside it: test-utils.tsx, texts.ts, tokens.ts), never a widget's own folder.
  if (fa !== 'ui' && /^apps\/web\/src\/ui\/[^/]+\//.test(to)) out.push(`web ui internals: ${from} -> ${to}`);
  // ADR 140: the shell meets an area in one file, app/routes.tsx, and only through the area's routes.tsx.
  if (fa === 'app' && fb?.startsWith('features/') && !(from === APP_ROUTES && to.endsWith('/routes.tsx')))
    out.push(`web app -> feature internals: ${from} -> ${to}`);
  if (fa && fb && fa !== fb) {
    // ADR 358: an area meets another only through its face, `index.ts` (the areas it shows depend one way:
    // no cycle between areas); the shell meets an area through its `routes.tsx` (above).
    if (fa.startsWith('features/') && fb.startsWith('features/') && to !== webFace(fb))
      out.push(`web feature -> feature: ${from} -> ${to}`);
    if (fa === 'ui' && fb === 'app') out.push(`web ui -> app: ${from} -> ${to}`);
    if (fa === 'ui' && fb.startsWith('features/')) out.push(`web ui -> features: ${from} -> ${to}`);
    if (fa === 'ui' && fb === 'forms') out.push(`web ui -> forms: ${from} -> ${to}`);
    if (fa === 'forms' && (fb === 'app' || fb.startsWith('features/')))
      out.push(`web forms -> ${fb === 'app' ? 'app' : 'features'}: ${from} -> ${to}`);
    if (fa === 'lib' && !isTextRegistryImport(from, to))
      out.push(`web lib -> ${fb.startsWith('features/') ? 'features' : fb}: ${from} -> ${to}`);
  }
  const ma = apiModule(from);
  const mb = apiModule(to);
  if (ma && mb && ma !== mb && to !== apiFace(mb)) out.push(`api module internals: ${from} -> ${to}`);
  if (!ma && mb && from.startsWith('apps/api/src/')) {
    if (apiShared(from)) out.push(`api shared -> module: ${from} -> ${to}`);
    else if (to !== apiFace(mb)) out.push(`api module internals: ${from} -> ${to}`);
  }
  return out;
}

/** Strongly connected components with more than one file (Tarjan), each as sorted members. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/** Every violation of the tree, sorted, one line each. */
export function violations(tree: SourceTree): string[] {
  const out = new Set<string>();
  const files = new Map<string, Set<string>>();
  const modules = new Map<string, Set<string>>();
  const areas = new Map<string, Set<string>>();
  for (const [from, text] of tree) {
    for (const spec of specifiers(text)) {
      const to = resolve(tree, from, spec);
      if (!to) continue;
      for (const v of edgeViolations(from, to)) out.add(v);
      if (!tree.has(to)) continue;
      if (!files.has(from)) files.set(from, new Set());
      files.get(from)!.add(to);
      const ma = apiModule(from);
      const mb = apiModule(to);
      if (ma && mb && ma !== mb) {
        if (!modules.has(ma)) modules.set(ma, new Set());
        modules.get(ma)!.add(mb);
      }
      const wa = webArea(from);
      const wb = webArea(to);
      if (wa?.startsWith('features/') && wb?.startsWith('features/') && wa !== wb) {
        if (!areas.has(wa)) areas.set(wa, new Set());
        areas.get(wa)!.add(wb);
      }
    }
  }
  for (const scc of cycles(files)) out.add(`cycle: ${scc.join(' <-> ')}`);
  for (const scc of cycles(modules)) out.add(`api module cycle: ${scc.join(' <-> ')}`);
  for (const scc of cycles(areas)) out.add(`web area cycle: ${scc.join(' <-> ')}`);
  // ADR 358: one face per area, routes.tsx for the shell or index.ts for other areas, never both.
  for (const f of tree.keys()) {
    const area = /^apps\/web\/src\/(features\/[^/]+)\/index\.ts$/.exec(f)?.[1];
    if (area && tree.has(`apps/web/src/${area}/routes.tsx`)) out.add(`web area with two faces: ${area}`);
  }
  return [...out].sort();
}

export function readBaseline(file = BASELINE): Set<string> {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
}

/** The check: new violations (fail) and baseline entries that no longer occur (to remove). */
export function check(tree: SourceTree, baseline: Set<string>) {
  const found = violations(tree);
  // A cycle that is part of a known cycle (someone broke a piece of it off) is not new debt.
  const members = (v: string) => v.slice(v.indexOf(': ') + 2).split(' <-> ');
  const known = (v: string) =>
    baseline.has(v) ||
    (v.includes('cycle: ') &&
      [...baseline].some(
        (b) => b.startsWith(v.slice(0, v.indexOf(': '))) && members(v).every((m) => members(b).includes(m)),
      ));
  return {
    added: found.filter((v) => !known(v)),
    gone: [...baseline].filter((v) => !found.includes(v)),
    found,
  };
}

function main() {
  const tree = readTree();
  if (process.argv.includes('--write')) {
    // Removes the lines that no longer occur; it never adds one (new debt is fixed, not listed).
    const found = new Set(violations(tree));
    const kept = [...readBaseline()].filter((v) => found.has(v));
    const header =
      '# Boundary violations tolerated (scripts/check-boundaries.ts, ADR 152): none. Only ever remove lines.\n';
    writeFileSync(BASELINE, `${header}${kept.map((v) => `${v}\n`).join('')}`);
    console.log(`wrote ${kept.length} known violations`);
    return;
  }
  // Self-test: a scratch cross-feature import must be caught, so the check cannot silently pass.
  const features = [...tree.keys()].filter((f) => /^apps\/web\/src\/features\/[^/]+\//.test(f));
  const a = features.find((f) => !f.includes('/quote/'));
  const b = features.find((f) => f.includes('/quote/'));
  if (a && b) {
    const scratch = new Map(tree);
    scratch.set(a, `${tree.get(a)}\nimport '${path.posix.relative(path.posix.dirname(a), b)}';\n`);
    if (!check(scratch, readBaseline()).added.some((v) => v.startsWith('web feature -> feature')))
      throw new Error('boundary check self-test failed: a scratch cross-feature import was not caught');
  }
  const { added, gone, found } = check(tree, readBaseline());
  for (const v of gone) console.log(`fixed (remove from the baseline): ${v}`);
  if (added.length) {
    for (const v of added) console.log(`NEW boundary violation: ${v}`);
    console.log(`${added.length} new boundary violation(s); see docs/decisions/152-boundary-check.md`);
    process.exitCode = 1;
    return;
  }
  console.log(`boundaries ok: ${tree.size} files, ${found.length} known violation(s) in the baseline`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
