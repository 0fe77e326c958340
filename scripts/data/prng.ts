/** A small seeded generator (mulberry32) so every data file is reproducible from its script. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

export function jsonLines(rows: unknown[]): string {
  // One record per line: diffs stay readable and the file stays valid JSON.
  return `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}
