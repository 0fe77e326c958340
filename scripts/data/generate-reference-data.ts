/**
 * Writes data/occupations.json, data/industries.json, data/convictions.json and data/claim-types.json.
 * Run: npx tsx scripts/data/generate-reference-data.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONVICTIONS, SERIOUS_GROUPS } from './convictions.ts';
import { INDUSTRIES } from './industries.ts';
import { OCCUPATIONS } from './occupations.ts';
import { jsonLines } from './prng.ts';

const out = path.resolve(import.meta.dirname, '../../data');
const lines = (s: string) =>
  s
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

// ABI-style occupation codes: the initial letter and a two-digit sequence (A01 Account Manager ...).
const perLetter = new Map<string, number>();
const occupations = lines(OCCUPATIONS).map((name) => {
  const letter = name[0]?.toUpperCase() as string;
  const n = (perLetter.get(letter) ?? 0) + 1;
  perLetter.set(letter, n);
  return { code: `${letter}${String(n).padStart(2, '0')}`, name };
});
// The "not working" occupations an insurer needs for non-employed statuses.
occupations.push(
  { code: 'H99', name: 'Household Duties' },
  { code: 'R99', name: 'Retired' },
  { code: 'U99', name: 'Unemployed' },
  { code: 'S99', name: 'Student - Part Time' },
);

const industries = lines(INDUSTRIES).map((name, i) => ({ code: String((i + 1) * 3).padStart(3, '0'), name }));

const convictions = lines(CONVICTIONS).map((l) => {
  const [code, name, description, points] = l.split('|') as [string, string, string, string];
  const [min, max] = points.split('-').map(Number);
  return {
    code,
    name,
    description,
    penaltyPointsMin: min,
    penaltyPointsMax: max ?? min,
    serious: SERIOUS_GROUPS.has(description),
  };
});

const claimTypes = [
  { code: 'Accident-Fault', name: 'Accident - at fault', description: 'Accident', fault: 'Fault' },
  { code: 'Accident-NotFault', name: 'Accident - not at fault', description: 'Accident', fault: 'NotFault' },
  {
    code: 'Accident-BothFault',
    name: 'Accident - both at fault',
    description: 'Accident',
    fault: 'BothFault',
  },
  { code: 'FireDamage', name: 'Fire damage', description: 'Fire', fault: 'NotFault' },
  { code: 'StormFloodDamage', name: 'Storm or flood damage', description: 'Weather', fault: 'NotFault' },
  { code: 'Theft-Vehicle', name: 'Theft of vehicle', description: 'Theft', fault: 'NotFault' },
  { code: 'Theft-Contents', name: 'Theft of contents', description: 'Theft', fault: 'NotFault' },
  { code: 'Vandalism', name: 'Vandalism or malicious damage', description: 'Vandalism', fault: 'NotFault' },
  { code: 'Windscreen', name: 'Windscreen or glass damage', description: 'Windscreen', fault: 'NotFault' },
  { code: 'Others', name: 'Other', description: 'Other', fault: 'NotFault' },
];

const write = (file: string, rows: unknown[]) => writeFileSync(path.join(out, file), jsonLines(rows));
write('occupations.json', occupations);
write('industries.json', industries);
write('convictions.json', convictions);
write('claim-types.json', claimTypes);
console.log(
  `occupations ${occupations.length}, industries ${industries.length}, convictions ${convictions.length}, claim types ${claimTypes.length}`,
);
