/**
 * The lifecycle simulation (issue 26, ADR 343): SIMULATION_LIVES seeded lives (200 unless set; seed
 * SIMULATION_SEED, 1 unless set) through the real modules, the oracle after every simulated day. Fails on any
 * breach, printing each breach kind with its seed and shrunk operations (re-run one with
 * `npm run simulate -- --life SEED`). Also checks that the oracle stays apart from the code it checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { report, simulate } from '../src/simulation/simulate.ts';

const oracleDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/simulation/oracle');
const FORBIDDEN = [
  /modules\/(billing|payments|adjustments|policies)\b/,
  /domain\/(src\/)?(billing|policy)\b/,
  /@forecourt\/domain\/(billing|policy)\b/,
  /simulation\/(drive|world|life)\b/,
];

describe('the lifecycle simulation', () => {
  it('the oracle imports nothing of billing, payments, adjustments or policies', () => {
    for (const file of readdirSync(oracleDir)) {
      const source = readFileSync(path.join(oracleDir, file), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const i of imports) for (const f of FORBIDDEN) expect(i, `${file} imports ${i}`).not.toMatch(f);
    }
  });

  it('lives its lives with no breach of the money rules', { timeout: 3_600_000 }, async () => {
    const lives = Number(process.env.SIMULATION_LIVES ?? 200);
    const seed = Number(process.env.SIMULATION_SEED ?? 1);
    const result = await simulate({ lives, seed });
    const text = report(result);
    console.log(text);
    expect(result.errors, text).toEqual([]);
    expect(result.breaches, text).toBe(0);
  });
});
