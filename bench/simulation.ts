/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * The lifecycle simulation at scale (issue 26, ADR 343): BENCH_SIMULATION_LIVES lives (10,000 unless set),
 * seed BENCH_SIMULATION_SEED (1), without shrinking. Prints the summary line, the time and the time per life;
 * reports breaches but never fails on them or on a number (`npm run simulate` is the one that fails).
 */
import { report, simulate } from '../apps/api/src/simulation/simulate.ts';

const lives = Number(process.env.BENCH_SIMULATION_LIVES ?? 10_000);
const seed = Number(process.env.BENCH_SIMULATION_SEED ?? 1);
const result = await simulate({ lives, seed, shrink: false });
const text = report(result).split('\n');
console.log(text.slice(0, 2).join('\n'));
const kinds = new Map<string, number>();
for (const f of result.findings) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
for (const [kind, n] of kinds) console.log(`  ${kind}: ${n}`);
if (result.errors.length > 0) console.log(`  lives that crashed: ${result.errors.length}`);
console.log(
  `simulation: ${lives} lives in ${(result.ms / 1000).toFixed(1)} s (${(result.ms / lives).toFixed(0)} ms a life)`,
);
