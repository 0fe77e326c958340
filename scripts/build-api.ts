// Builds the API server and its commands into plain JavaScript (ADR 403), so that `npm start` and the tests'
// child processes run Node on built modules instead of compiling TypeScript through tsx's loader at every start
// (4.3 s of CPU to a ready server against 6.3 s through tsx, measured on the 2-core machine).
//
//   tsx scripts/build-api.ts            builds into apps/api/dist (what `npm run serve` runs)
//   tsx scripts/build-api.ts DIR        builds into DIR, which must be inside apps/api (the tests' own build)
//
// One ESM bundle per entry (the server and each command in apps/api/src/cli), sharing chunks. Our workspaces
// (@forecourt/*) are bundled from their TypeScript; every other package stays an import of node_modules, as the
// source has it, so its files, fonts and native parts are found where they are installed. A module that reads
// `import.meta.url` to find files beside it (migrations, brands, documents, reference data, the web build) is
// given its own source file's address, relative to the bundle, so the built server finds the same files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const apiRoot = path.join(root, 'apps/api');
const sourceRoot = path.join(apiRoot, 'src');

/**
 * The built entries: `server` and one per command (`cli-billing-run` for src/cli/billing-run.ts, …). Every file
 * of the build lies in one folder, so the addresses given to `import.meta.url` below hold in each of them.
 */
export const apiEntries: Record<string, string> = {
  server: 'server.ts',
  ...Object.fromEntries(
    readdirSync(path.join(sourceRoot, 'cli'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => [`cli-${f.slice(0, -3)}`, `cli/${f}`]),
  ),
};

/** Builds every entry into `outdir` (inside apps/api, so that node_modules resolve as from the source). */
export async function buildApi(outdir = path.join(apiRoot, 'dist')): Promise<string> {
  const out = path.resolve(outdir);
  if (path.relative(apiRoot, out).startsWith('..'))
    throw new Error(`build-api: ${out} is not inside ${apiRoot}`);
  // The last build's files go first, so a chunk or an entry the sources no longer make is not left to run. The
  // tests' own builds (dot folders, below) are not this build's.
  if (existsSync(out))
    for (const name of readdirSync(out))
      if (!name.startsWith('.')) rmSync(path.join(out, name), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(apiEntries).map(([e, file]) => [e, path.join(sourceRoot, file)]),
    ),
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'forecourt-packages-external',
        setup(b) {
          // A bare import that is not one of our workspaces stays an import of node_modules.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@forecourt/') ? undefined : { path: args.path, external: true },
          );
          // A module's own address, as it is in the source tree, relative to wherever the bundle is.
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            const relative = path.relative(out, args.path).split(path.sep).join('/');
            const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
            return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
          });
        },
      },
    ],
  });
  return out;
}

/**
 * A build of its own for a test run, in a new folder under apps/api/dist (so it is never a stale `npm run build`
 * of other sources); `remove` deletes it.
 */
export async function temporaryApiBuild(tag: string): Promise<{ dir: string; remove: () => void }> {
  const dist = path.join(apiRoot, 'dist');
  mkdirSync(dist, { recursive: true });
  // A run killed before its clean-up leaves its build: one older than a day is no run's any more.
  for (const name of readdirSync(dist)) {
    const old = path.join(dist, name);
    if (name.startsWith('.') && Date.now() - statSync(old).mtimeMs > 86_400_000)
      rmSync(old, { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(dist, `.${tag}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    await buildApi(dir);
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}

/** The file to run for an entry of a build made into `outdir`. */
export function apiEntryFile(outdir: string, entry: string): string {
  return path.join(outdir, `${entry}.mjs`);
}

/**
 * Node's arguments to run an entry of a build as `npm run serve` runs the server: with the source maps read, so a
 * stack trace names the TypeScript line.
 */
export function apiEntryArgs(outdir: string, entry: string): string[] {
  return ['--enable-source-maps', apiEntryFile(outdir, entry)];
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const out = await buildApi(process.argv[2]);
  console.log(`API built into ${path.relative(root, out) || '.'} (${Object.keys(apiEntries).join(', ')})`);
}
