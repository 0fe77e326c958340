/**
 * The lifecycle simulation (issue 26, ADR 343), part 1 of 4 (simulation-2…4.test.ts live the rest of the run at
 * the same time, ADR 361; helpers/simulation-part.ts). Also checks that the oracle stays apart from the code it
 * checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { livesPart } from './helpers/simulation-part.ts';

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

  livesPart(0);
});
