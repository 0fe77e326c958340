/**
 * Rating throughput in-process (issue 3: at least 50,000 quotes a second on one core).
 * `npx tsx bench/rating.ts` — prints figures; never fails on a number.
 */
import { readFileSync } from 'node:fs';
import { rate } from '@forecourt/domain/rating/rate';
import { ratingTablesSchema } from '@forecourt/domain/rating/tables';
import { riskVariety } from './support/risks.ts';

const tablesFile = new URL('../config/brands/forecourt/rating.json', import.meta.url);
const tables = ratingTablesSchema.parse(JSON.parse(readFileSync(tablesFile, 'utf8')).rating);
const today = '2026-11-21';

const inputs = riskVariety(today).map((data, i) => ({ data, promoCode: i % 8 === 0 ? 'HC3M' : null }));
let sink = 0;
const run = (n: number) => {
  for (let i = 0; i < n; i++) {
    const input = inputs[i & 63]!;
    sink += rate(input, tables, input.data.quote.startDate).totals?.gross ?? 0;
  }
};

run(20_000); // warm-up
const rounds: number[] = [];
for (let r = 0; r < 5; r++) {
  const n = 100_000;
  const start = process.hrtime.bigint();
  run(n);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  rounds.push(n / seconds);
}
rounds.sort((a, b) => a - b);
const fmt = (v: number) => Math.round(v).toLocaleString('en-GB');
console.log(
  `rating: ${fmt(rounds[2]!)} quotes/s median of 5 rounds (min ${fmt(rounds[0]!)}, max ${fmt(rounds[4]!)}) on one core`,
);
console.log(`target ≥ 50,000 quotes/s: ${rounds[2]! >= 50_000 ? 'met' : 'NOT met'} (checksum ${sink % 997})`);
