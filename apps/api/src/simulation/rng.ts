import { type SeededRandom, seededRandom } from '@forecourt/domain/seeded-random';

/** The simulation's seeded random source (mulberry32, the domain's): the same seed draws the same life. */
export type Rng = SeededRandom;
export const rng = (seed: number): Rng => seededRandom(seed);

/** The seed of life `i` of a run seeded `seed`: each life can be re-run alone. */
export const lifeSeed = (seed: number, i: number) => (Math.imul(seed ^ 0x9e3779b9, 31) + i * 7919) >>> 0;
