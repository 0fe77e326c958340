/**
 * Prints the gzipped size of the JavaScript each route loads: the module scripts and modulepreloads of
 * dist/index.html plus everything they import statically (dist/.vite/manifest.json), and for a route further
 * in, the lazy page modules it loads with their static imports. Lazy chunks home does not load are listed
 * apart. Targets: home at most 150 KB; the quote journey's first page and checkout at most 250 KB (issue 15).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { webManifest } from '../apps/api/src/web/route-preloads.ts';
import { ensureWebBuild, webDist } from './support/web-build.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export const TARGET_KB = 150;

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length / 1024;

export function homeBundle() {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const referenced = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ].map((m) => m[1] as string);
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const file of referenced) {
    const key = byFile.get(file);
    if (key) visit(key);
    else seen.add(file);
  }
  const js = [...seen].map((file) => ({ file, kb: gzipKb(file) }));
  const lazy = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js') && !seen.has(c.file))
    .map((c) => ({ file: c.file, kb: gzipKb(c.file) }));
  const cssFiles = [...css].map((file) => ({ file, kb: gzipKb(file) }));
  const total = js.reduce((sum, f) => sum + f.kb, 0);
  return { js, lazy, css: cssFiles, totalKb: total };
}

/** Routes beyond home: the lazy modules (manifest keys) their pages load, besides what home loads. */
export const ROUTES = [
  {
    name: 'quote journey, first page (/car-insurance, with the before-we-begin page it moves on to)',
    modules: [
      'src/features/quote/pages/create-quote-page.tsx',
      'src/lib/i18n/journey-texts.ts',
      'src/features/quote/pages/proposal-page.tsx',
      'src/features/quote/pages/before-we-begin-page.tsx',
    ],
    targetKb: 250,
  },
  {
    name: 'checkout (/car-insurance/proposal/{code}/checkout)',
    modules: [
      'src/features/quote/pages/proposal-page.tsx',
      'src/lib/i18n/journey-texts.ts',
      'src/features/checkout/pages/checkout-page.tsx',
    ],
    targetKb: 250,
  },
];

/** Home's JavaScript plus the static closure of `modules`, in KB gzipped (the server's preload reading). */
export function routeBundle(modules: string[]) {
  const built = webManifest(webDist);
  for (const m of modules)
    if (!built?.chunkOf(m))
      throw new Error(`${m} is not in the web build's manifest: update bench/bundle-size.ts`);
  const seen = new Set(homeBundle().js.map((f) => f.file));
  built?.closure(modules, seen);
  return [...seen].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKb(file), 0);
}

export function main() {
  ensureWebBuild();
  const { js, lazy, css, totalKb } = homeBundle();
  console.log('JavaScript loaded by the home route (gzip -9):');
  for (const f of js) console.log(`  ${f.kb.toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(
    `  ${totalKb.toFixed(1).padStart(7)} KB  total (target ≤ ${TARGET_KB} KB: ${totalKb <= TARGET_KB ? 'met' : 'NOT met'})`,
  );
  for (const f of css) console.log(`  ${f.kb.toFixed(1).padStart(7)} KB  ${f.file} (CSS)`);
  const lazyKb = lazy.reduce((sum, f) => sum + f.kb, 0);
  console.log(`Lazy chunks not loaded by home: ${lazy.length} files, ${lazyKb.toFixed(1)} KB gzipped`);
  for (const route of ROUTES) {
    const kb = routeBundle(route.modules);
    console.log(
      `${kb.toFixed(1).padStart(9)} KB  ${route.name} (target ≤ ${route.targetKb} KB: ${kb <= route.targetKb ? 'met' : 'NOT met'})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
