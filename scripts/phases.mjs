#!/usr/bin/env node
// Runs npm scripts one after another, stops at the first that fails, and prints each one's time at the end
// (issue 30: "print each phase's time"). `npm test` and `.ci/run` use it: node scripts/phases.mjs check typecheck …
import { spawnSync } from 'node:child_process';

const phases = process.argv.slice(2);
const times = [];
let failed;
for (const phase of phases) {
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', phase], { stdio: 'inherit' });
  times.push([phase, (Date.now() - started) / 1000]);
  if (run.status !== 0) {
    failed = phase;
    break;
  }
}
const width = Math.max(...times.map(([p]) => p.length));
console.log('\nPhase times');
for (const [phase, s] of times)
  console.log(`  ${phase.padEnd(width)}  ${Math.floor(s / 60)} min ${(s % 60).toFixed(0).padStart(2)} s`);
const total = times.reduce((sum, [, s]) => sum + s, 0);
console.log(
  `  ${'total'.padEnd(width)}  ${Math.floor(total / 60)} min ${(total % 60).toFixed(0).padStart(2)} s`,
);
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}
