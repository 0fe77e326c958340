import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../../e2e/support/server.ts';

export interface BenchProcess {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Stops the process and removes its DATA_DIR (kept with keepData, e.g. to read its database afterwards). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
}

/** The environment of the real server in the benches: production, sandbox providers, no rate limits in the way. */
export const productionEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  ALLOW_SANDBOX_PROVIDERS: 'true',
  RATE_LIMIT_SESSIONS: '1000000',
  RATE_LIMIT_PROPOSALS: '1000000',
  RATE_LIMIT_REFERENCE_CHECKS: '1000000',
  RATE_LIMIT_ACCOUNT_CHECKS: '1000000',
  RATE_LIMIT_ACCOUNT_CHANGES: '1000000',
  RATE_LIMIT_FEEDBACK: '1000000',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
};

/**
 * Starts a TypeScript entry point (through tsx) as a process of its own on a free port with its own temporary
 * DATA_DIR, and waits until `readyPath` answers 200. `nodeOptions` (e.g. --cpu-prof) go before the script.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  options: {
    readyPath?: string;
    nodeOptions?: string[];
    timeoutMs?: number;
    port?: number;
    /** Another checkout to run the script from (e.g. the commit before a change, for before/after). */
    root?: string;
    /** A file the process's output is also appended to (e.g. its `--trace-gc` lines). */
    logTo?: string;
  } = {},
): Promise<BenchProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-bench-'));
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), '--import', 'tsx', path.join(options.root ?? repoRoot, script)],
    {
      cwd: options.root ?? repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Written by a stream, so the load generator's own loop does not block on the file during a timed run.
  const log = options.logTo ? createWriteStream(options.logTo, { flags: 'a' }) : undefined;
  const keep = (c: Buffer) => {
    output += String(c);
    log?.write(c);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (stopOptions: { keepData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    log?.end();
    if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited before it was ready:\n${output}`);
    const ok = await fetch(`${base}${options.readyPath ?? '/readyz'}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not become ready on ${base}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, port, dataDir, child, output: () => output, stop };
}
