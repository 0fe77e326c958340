#!/usr/bin/env node
// Runs npm scripts in stages and prints each one's time at the end (issue 30: "print each phase's time").
//
//   node scripts/phases.mjs check,check:boundaries,typecheck,build test:unit,test:e2e:run
//
// Each argument is a stage; the scripts of a stage (comma-separated) run at once, and the next stage starts when
// they have all passed. A stage of one script shows its output as it comes; in a stage of several, each script's
// output is held and shown whole when it ends, so that two runners never interleave their lines. When a script
// fails, the others of its stage are stopped and no later stage runs. `npm test` and `.ci/run` use it (ADR 361).
import { spawn } from 'node:child_process';

const stages = process.argv.slice(2).map((arg) => arg.split(',').filter(Boolean));
const times = [];
const running = new Set();

const fmt = (s) => `${Math.floor(s / 60)} min ${(s % 60).toFixed(0).padStart(2)} s`;

function runScript(script, live) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: !live,
  });
  running.add(child);
  let output = '';
  if (!live) {
    console.log(`▶ ${script} (started; its output follows when it ends)`);
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      if (!live) {
        console.log(
          `\n━━ ${script}: ${code === 0 ? 'passed' : signal ? `stopped (${signal})` : 'FAILED'} after ${fmt(seconds)} ━━`,
        );
        process.stdout.write(output);
      }
      resolve({ script, seconds, ok: code === 0, stopped: Boolean(signal) });
    });
  });
}

/** Stops every script still running (the whole process group of a held one: npm, its shell and runners). */
function stopAll() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

let failed;
const startedAll = Date.now();
for (const stage of stages) {
  const live = stage.length === 1;
  const results = await new Promise((resolve) => {
    const done = [];
    for (const script of stage) {
      runScript(script, live).then((result) => {
        done.push(result);
        if (!result.ok && !result.stopped) stopAll();
        if (done.length === stage.length) resolve(done);
      });
    }
  });
  for (const script of stage) times.push(results.find((r) => r.script === script));
  const bad = results.filter((r) => !r.ok && !r.stopped);
  if (bad.length > 0) {
    failed = bad.map((r) => r.script).join(', ');
    break;
  }
}

const width = Math.max(...times.map((t) => t.script.length), 'total (wall)'.length);
console.log('\nPhase times (scripts on one line with a + ran at once)');
for (const stage of stages) {
  const ran = times.filter((t) => stage.includes(t.script));
  for (const [i, t] of ran.entries())
    console.log(
      `  ${i === 0 ? ' ' : '+'} ${t.script.padEnd(width)}  ${fmt(t.seconds)}${t.ok ? '' : t.stopped ? ' (stopped)' : ' (failed)'}`,
    );
}
console.log(`    ${'total (wall)'.padEnd(width)}  ${fmt((Date.now() - startedAll) / 1000)}`);
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}
