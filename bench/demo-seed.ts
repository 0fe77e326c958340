/**
 * How long the demo seed takes (ADR 190): a fresh app on a new data directory, then `seedDemoData` as
 * start-up runs it, with the documents rendered inline (no job worker). Prints the time; never fails on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { seedDemoData } from '../apps/api/src/db/seed.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-seed-'));
const app = await buildApp({
  logger: false,
  env: {
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: 'true',
    SEED_DEMO_DATA: 'false',
    JOBS: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  },
});
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const started = performance.now();
const made = await seedDemoData(app.services, app.log);
const ms = performance.now() - started;
console.log(
  `demo seed: ${Math.round(ms)} ms (seeders run: ${made.join(', ')}; load average before: ${load})`,
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
