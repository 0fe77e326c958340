/**
 * `npm run simulate -- --lives N --seed S [--no-shrink] [--life SEED]`: runs N seeded policy lives (or one life
 * by its own seed) and prints `N lives, K operations, B breaches`, then each breach kind with its seed and
 * shrunk operation list. Exits 1 on a breach or an error.
 */
import { describeOp, drawLife } from './plan.ts';
import { rng } from './rng.ts';
import { report, simulate } from './simulate.ts';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const lives = Number(arg('lives') ?? 20);
const seed = Number(arg('seed') ?? 1);
const life = arg('life');
if (life)
  for (const op of (() => {
    const p = drawLife(rng(Number(life)), Number(life));
    return [p.buy, ...p.ops];
  })())
    console.log(describeOp(op));
const result = await simulate({
  lives: life ? 1 : lives,
  seed,
  shrink: !args.includes('--no-shrink'),
  ...(args.includes('--verbose') ? { log: (l: string) => console.log(l) } : {}),
  ...(life ? { only: Number(life) } : {}),
});
console.log(report(result));
process.exit(result.breaches > 0 || result.errors.length > 0 ? 1 : 0);
