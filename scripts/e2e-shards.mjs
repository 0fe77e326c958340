#!/usr/bin/env node
// Runs the browser journeys in shards at once (issue 30 point 1, ADR 361). Each shard is its own Vitest process
// with its own global server (own port, own data folder, own demo data); the files of a shard run one after
// another, as before. Files are dealt to shards longest first by the times in e2e/durations.json (a new file
// counts as the longest known one until its time is recorded), so the shards end together.
//
//   node scripts/e2e-shards.mjs            E2E_SHARDS shards (default: two more than the cores, at most six)
//   node scripts/e2e-shards.mjs --record   also writes each file's measured time back to e2e/durations.json
//
// Each shard's lines are prefixed with its number. Exits non-zero when any shard fails.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const durationsFile = path.join(root, 'e2e/durations.json');
const record = process.argv.includes('--record');
// Two shards more than the cores: the journeys wait on browsers, timers and the sandbox's webhooks as much as on
// the CPU, so on the 2-core CI machine three shards in a stage of their own end in 318-351 s against 371-402 s
// for two (ADR 367), and four in 289 s against 314 s for three, with the cores idle 13% of the stage at three and
// about 3% at four (ADR 373). The Direct Debit journey that once timed out waiting for its mandate did so with two
// shards as well (ADR 365); a failed journey now prints where its pages stood. Beside the unit suite, three
// starved Chromium and the servers (ADR 361): the stage runs alone. Measured on two cores only: on a larger machine
// the default stays at most six (each shard is a Chromium and a server).
const shardCount = (() => {
  const given = process.env.E2E_SHARDS;
  if (given === undefined || given === '') return Math.min(availableParallelism() + 2, 6);
  const n = Number(given);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`E2E_SHARDS must be a whole number of at least 1 (it is "${given}")`);
    process.exit(2);
  }
  return n;
})();
const basePort = Number(process.env.E2E_PORT ?? 8187);

const files = readdirSync(path.join(root, 'e2e/journeys'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `e2e/journeys/${f}`)
  .sort();
const known = JSON.parse(readFileSync(durationsFile, 'utf8'));
const longest = Math.max(1, ...Object.values(known));
const weight = (file) => known[file] ?? longest;

/** Longest first, each to the shard with the least work so far. */
const shards = Array.from({ length: Math.min(shardCount, files.length) }, () => ({ files: [], seconds: 0 }));
for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
  const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  lightest.files.push(file);
  lightest.seconds += weight(file);
}

/**
 * A file's time as its shard lived it, from the reporter's line for the file ("✓ |e2e| journeys/x.test.ts (3 tests)
 * 84361ms"): with its beforeAll and afterAll (a browser launched, a server of its own started and seeded), which
 * the JSON report's file start and end leave out, so the shards dealt by it end together.
 */
const fileTimes = {};
const noteFileTime = (line) => {
  const m = /\|e2e\| (journeys\/[\w.-]+\.test\.ts) \([^)]*\) (\d+)ms/.exec(line);
  if (m) fileTimes[`e2e/${m[1]}`] = Math.round(Number(m[2]) / 1000);
};

const started = Date.now();
// One migrated PGlite folder that every shard's servers start from (e2e/support/server.ts, ADR 367).
const templateRoot = mkdtempSync(path.join(tmpdir(), 'forecourt-e2e-template-'));
const template = path.join(templateRoot, 'pglite');
const made = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'e2e/support/pglite-template.ts'), template],
  { cwd: root, stdio: 'inherit' },
);
if (made.status !== 0) process.exit(made.status ?? 1);
// One build of the server from these sources, which every shard's servers run (e2e/support/server.ts, ADR 403).
mkdirSync(path.join(root, 'apps/api/dist'), { recursive: true });
const apiBuild = mkdtempSync(path.join(root, 'apps/api/dist/.e2e-'));
const built = spawnSync(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'scripts/build-api.ts'), apiBuild],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (built.status !== 0) {
  rmSync(templateRoot, { recursive: true, force: true });
  rmSync(apiBuild, { recursive: true, force: true });
  process.exit(built.status ?? 1);
}
const reports = [];
const results = await Promise.all(
  shards.map((shard, i) => {
    const report = path.join(tmpdir(), `forecourt-e2e-shard-${process.pid}-${i + 1}.json`);
    reports.push(report);
    const prefix = `[e2e ${i + 1}/${shards.length}] `;
    console.log(`${prefix}${shard.files.map((f) => path.basename(f)).join(' ')} (about ${shard.seconds} s)`);
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'e2e',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...shard.files,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          E2E_PORT: String(basePort + i),
          E2E_PGLITE_TEMPLATE: template,
          E2E_API_BUILD: apiBuild,
          NO_COLOR: process.env.NO_COLOR ?? '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`${prefix}${line}\n`);
          noteFileTime(line);
        }
      });
      stream.on('end', () => {
        if (partial) process.stdout.write(`${prefix}${partial}\n`);
      });
    }
    return new Promise((resolve) => child.on('close', (code) => resolve({ shard: i + 1, code })));
  }),
);

rmSync(templateRoot, { recursive: true, force: true });
rmSync(apiBuild, { recursive: true, force: true });
const measured = {};
for (const report of reports) {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    for (const file of json.testResults ?? []) {
      const name = path.relative(root, file.name);
      measured[name] = fileTimes[name] ?? Math.round((file.endTime - file.startTime) / 1000);
    }
  } catch {
    // a shard that crashed before writing its report has no times to give
  }
  rmSync(report, { force: true });
}
console.log(`\nJourney shards: ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
for (const [i, shard] of shards.entries()) {
  const seconds = shard.files.reduce((sum, f) => sum + (measured[f] ?? 0), 0);
  console.log(`  shard ${i + 1}: ${seconds} s of files (${results[i].code === 0 ? 'passed' : 'FAILED'})`);
}
if (record && Object.keys(measured).length > 0) {
  const next = Object.fromEntries(
    Object.entries({ ...known, ...measured }).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(durationsFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`Recorded the files' times in ${path.relative(root, durationsFile)}.`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
