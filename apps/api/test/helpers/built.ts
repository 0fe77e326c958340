import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { apiEntryArgs } from '../../../../scripts/build-api.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Node's arguments to start an entry of this run's build as a child process, as `npm run serve` starts the server:
 * `server` or a command (`cli-billing-run`, …).
 */
export function builtEntry(entry: string): string[] {
  return apiEntryArgs(inject('apiBuild'), entry);
}

/**
 * A command of this run's build (`cli-billing-run`, …) started from the repository with its output piped, quiet
 * (`LOG_LEVEL=silent`), on the embedded database unless `env` names another.
 */
export function spawnBuiltCommand(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...builtEntry(entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
