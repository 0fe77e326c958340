import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiEntryArgs, apiEntryFile, temporaryApiBuild } from '../../scripts/build-api.ts';

/** The repository root (e2e/support/../..). */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface StartServerOptions {
  /** Extra environment for the server, e.g. { BRAND: 'motorhub' }. */
  env?: Record<string, string>;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
  /** How long to wait for /readyz. */
  timeoutMs?: number;
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** A free TCP port on localhost. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

let template: Promise<string> | undefined;

/**
 * A migrated, empty PGlite folder to start each server from (ADR 367): E2E_PGLITE_TEMPLATE when the shard runner
 * made one for all its shards, else one made once for this process. Creating the cluster costs a server 3.5 s.
 */
function pgliteTemplate(): Promise<string> {
  const given = process.env.E2E_PGLITE_TEMPLATE;
  if (given && existsSync(given)) return Promise.resolve(given);
  template ??= (async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'forecourt-e2e-template-')), 'pglite');
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'e2e/support/pglite-template.ts'), dir],
      { cwd: repoRoot },
    );
    process.once('exit', () => rmSync(path.dirname(dir), { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

let apiBuild: Promise<string> | undefined;

/**
 * The built server's folder (ADR 403): E2E_API_BUILD when the shard runner built it once for all its shards, else
 * one built once for this process. Never `npm run build`'s apps/api/dist, which may be of older sources.
 */
function apiBuildDir(): Promise<string> {
  const given = process.env.E2E_API_BUILD;
  if (given && existsSync(apiEntryFile(given, 'server'))) return Promise.resolve(given);
  apiBuild ??= (async () => {
    const build = await temporaryApiBuild('e2e');
    process.once('exit', build.remove);
    // The test files' processes, started after the global setup, use this one rather than building their own.
    process.env.E2E_API_BUILD = build.dir;
    return build.dir;
  })();
  return apiBuild;
}

/**
 * Starts the real server (apps/api/src/server.ts as `npm run build` builds it, serving the BUILT web app from apps/web/dist)
 * on a fresh temporary DATA_DIR (its own PGlite database, copied from a migrated template), waits until /readyz answers 200 and returns
 * its base URL. `npm run test:e2e` builds the web app first.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // If a parallel `npm run build` had emptied apps/web/dist as it was copied, the server would serve
  // 'not built': check that it serves the app and start again when it does not.
  for (let attempt = 1; ; attempt++) {
    await waitForWebBuild();
    const server = await startServerOnce(options);
    const home = await fetch(`${server.baseUrl}/`).then(
      (r) => r.text(),
      () => '',
    );
    if (home.includes('id="forecourt-config"') || attempt === 3) return server;
    await server.stop();
  }
}

export async function waitForWebBuild(timeoutMs = 120_000) {
  const index = path.join(repoRoot, 'apps/web/dist/index.html');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(index) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
}

/** Throws when something already listens on the port (its /readyz would otherwise pass for ours). */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', () =>
      reject(new Error(`Port ${port} is already in use: stop whatever listens there (or set E2E_PORT)`)),
    );
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}

async function startServerOnce(options: StartServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  await assertPortFree(port);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-e2e-'));
  // Serve a private copy of the build: a parallel `npm run build` must not swap the assets mid-test.
  const webDist = path.join(dataDir, 'web');
  cpSync(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  // Its database starts as a copy of the migrated template: the server migrates (nothing to do), makes its own
  // secrets and seeds its demo data as on any first start.
  cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const build = await apiBuildDir();
  const child: ChildProcess = spawn(process.execPath, apiEntryArgs(build, 'server'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Never leave a server behind when the test process dies without stopping it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  while (true) {
    if (dead) {
      await stop();
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become ready on ${baseUrl}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, port, dataDir, output: () => output, stop };
}
