/**
 * Rating throughput in-process (issue 3: at least 50,000 quotes a second on one core).
 * `npx tsx bench/rating.ts` — prints figures; never fails on a number.
 */
import { readFileSync } from 'node:fs';
import { rate } from '@forecourt/domain/rating/rate';
import { ratingTablesSchema } from '@forecourt/domain/rating/tables';
import { sampleAdditionalDriver, sampleProposalData } from '@forecourt/domain/risk/sample';
import type { ProposalData } from '@forecourt/domain/risk/schema';

const tablesFile = new URL('../config/brands/forecourt/rating.json', import.meta.url);
const tables = ratingTablesSchema.parse(JSON.parse(readFileSync(tablesFile, 'utf8')).rating);
const today = '2026-11-21';

/** A spread of risks so the benchmark does not rate one cached shape only. */
function risks(): ProposalData[] {
  const out: ProposalData[] = [];
  const areas = ['LS1 5HD', 'SW1A 1AA', 'M1 1AE', 'B1 1AA', 'TR1 2AA', 'E1 6AN', 'AB10 1AA', 'ZZ9 9ZZ'];
  for (let i = 0; i < 64; i++) {
    const d = sampleProposalData(today);
    d.asset.specification.insuranceGroup = 1 + (i % 50);
    d.asset.annualMileage = 2000 + ((i * 1700) % 25000);
    d.asset.noClaimsDiscount = i % 10;
    d.asset.trackerFitted = i % 3 === 0;
    d.quote.voluntaryExcess = ([0, 100, 200, 300] as const)[i % 4]!;
    const ph = d.profiles[0]!.data;
    ph.dateOfBirth = `${1950 + (i % 55)}-0${1 + (i % 9)}-15`;
    ph.address!.postalCode = areas[i % areas.length]!;
    if (i % 4 === 0)
      ph.vehicleClaimsHistory = [{ type: 'Accident-Fault', date: '2024-06-01', ncdAffected: true }];
    if (i % 5 === 0)
      ph.drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2025-01-10', points: 3 }];
    if (i % 6 === 0) d.profiles.push(sampleAdditionalDriver(today));
    if (i % 7 === 0)
      d.quote.optionalCovers = { ncb_protection: d.asset.noClaimsDiscount >= 4, legal_expenses: true };
    out.push(d);
  }
  return out;
}

const inputs = risks().map((data, i) => ({ data, promoCode: i % 8 === 0 ? 'HC3M' : null }));
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
