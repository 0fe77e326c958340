import { seededRandom } from '@forecourt/domain/seeded-random';

/** A small seeded generator (mulberry32, the domain's) so every data file is reproducible from its script. */
export const prng = (seed: number) => seededRandom(seed);

export function jsonLines(rows: unknown[]): string {
  // One record per line: diffs stay readable and the file stays valid JSON.
  return `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}
