import { expect, it } from 'vitest';
import { report, simulate } from '../../src/simulation/simulate.ts';

/** The suite's run: SIMULATION_LIVES lives (200 unless set) of seed SIMULATION_SEED (1 unless set). */
const LIVES = Number(process.env.SIMULATION_LIVES ?? 200);
const SEED = Number(process.env.SIMULATION_SEED ?? 1);
/** The run is cut into this many files, so that the test workers live its lives at once (ADR 361). */
export const SIMULATION_PARTS = 4;

/**
 * One part of the lifecycle simulation (issue 26, ADR 343): lives part × LIVES/PARTS onwards of the one run,
 * through the real modules, the oracle after every simulated day. Fails on any breach, printing each breach
 * kind with its seed and shrunk operations (re-run one with `npm run simulate -- --life SEED`).
 */
export function livesPart(part: number) {
  const size = Math.ceil(LIVES / SIMULATION_PARTS);
  const first = part * size;
  const lives = Math.max(0, Math.min(size, LIVES - first));
  it(`lives ${first}–${first + lives - 1} of ${LIVES} (seed ${SEED}) with no breach of the money rules`, {
    timeout: 3_600_000,
  }, async () => {
    const result = await simulate({ lives, seed: SEED, first });
    const text = report(result);
    console.log(text);
    expect(result.errors, text).toEqual([]);
    expect(result.breaches, text).toBe(0);
    expect(result.lives).toBe(lives);
  });
}
