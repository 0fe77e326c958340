/**
 * `npm run bench`: runs every bench file in this folder (each a script: bench/<name>.ts), one after another,
 * in its own process, printing its figures. Benchmarks report; they never fail on a number. A bench that
 * crashes is reported and makes the run exit non-zero at the end.
 * `npm run bench -- fuzz-long` runs only the long fuzz run (FUZZ_ITERATIONS, FUZZ_SEED; see bench/fuzz-long.ts).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const crashed: string[] = [];
for (const file of files) {
  console.log(`\n== ${file.replace(/\.ts$/, '')} ${'='.repeat(Math.max(0, 60 - file.length))}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) crashed.push(file);
  console.log(
    `(${((Date.now() - started) / 1000).toFixed(1)} s${run.status !== 0 ? ', FAILED to run' : ''})`,
  );
}
if (crashed.length > 0) {
  console.log(`\nBench files that failed to run: ${crashed.join(', ')}`);
  process.exit(1);
}
