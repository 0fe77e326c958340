import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The web build's lazy modules a page needs before it can show anything, by the page's path (issue 15): the
 * quote journey's first page, and a proposal's pages (quote, disclosure, checkout). `bench/bundle-size.ts`
 * weighs the same modules.
 */
const PAGE_MODULES: { page: (url: string, product: string) => boolean; modules: string[] }[] = [
  {
    // The first page makes the quote and moves straight on to the proposal's first page (before we begin): that
    // page is what a visitor reads (Lighthouse's largest paint), so its chunks download beside the first one's
    // instead of after the quote is made (issue 29).
    page: (url, product) => url === `/${product}` || url === `/${product}/`,
    modules: [
      'src/features/quote/pages/create-quote-page.tsx',
      'src/lib/i18n/journey-texts.ts',
      'src/features/quote/pages/proposal-page.tsx',
      'src/features/quote/pages/before-we-begin-page.tsx',
    ],
  },
  {
    page: (url, product) => url.startsWith(`/${product}/proposal/`),
    modules: ['src/features/quote/pages/proposal-page.tsx', 'src/lib/i18n/journey-texts.ts'],
  },
];

/**
 * The build's manifest (`.vite/manifest.json` under `webDist`), or undefined without one: the chunk of a module,
 * and the files a set of modules loads with their static imports, skipping those in `seen` (which it fills).
 * Also what `bench/bundle-size.ts` weighs routes with.
 */
export function webManifest(webDist: string) {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // A module Rollup made into a chunk without a facade is keyed by the chunk (`_proposal-page-<hash>.js`).
  const chunkOf = (key: string) =>
    manifest[key] ??
    Object.values(manifest).find(
      (c) => c.isDynamicEntry && c.name === path.basename(key).replace(/\.tsx?$/, ''),
    );
  const closure = (keys: string[], seen: Set<string>) => {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = chunkOf(key);
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      files.push(chunk.file);
      for (const i of chunk.imports ?? []) visit(i);
      // A chunk's stylesheets: Vite's loader waits for them before the chunk's page renders.
      for (const c of chunk.css ?? [])
        if (!seen.has(c)) {
          seen.add(c);
          files.push(c);
        }
    };
    for (const key of keys) visit(key);
    return files;
  };
  return { chunkOf, closure };
}

/**
 * `<link rel="modulepreload">` tags for the chunks a page loads lazily, beyond what index.html loads, and
 * `<link rel="preload" as="style">` for their stylesheets: the browser fetches them beside the main script
 * instead of after it has run (a round trip and a download fewer before the first paint on a slow phone; a
 * lazy chunk's stylesheet was fetched only once the chunk had run, holding its page back, issue 29). From the
 * build's manifest; none without one.
 */
export function routePreloads(webDist: string, productUrlNames: string[]): (url: string) => string {
  const built = webManifest(webDist);
  if (!built) return () => '';
  const { closure } = built;
  const loadedByIndex = new Set<string>();
  closure(['index.html'], loadedByIndex);
  const tags = PAGE_MODULES.map(({ page, modules }) => ({
    page,
    html: closure(modules, new Set(loadedByIndex))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" href="/${file}">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      )
      .join(''),
  }));
  return (url) => {
    const pathname = url.split('?')[0] ?? '/';
    for (const product of productUrlNames) {
      const found = tags.find((t) => t.page(pathname, product));
      if (found) return found.html;
    }
    return '';
  };
}
