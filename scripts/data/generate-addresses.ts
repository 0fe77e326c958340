/** Writes data/addresses.json from address-areas.ts. Run: npx tsx scripts/data/generate-addresses.ts */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, COMPANIES } from './address-areas.ts';
import { jsonLines, prng } from './prng.ts';

const r = prng(5183);
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const BUILDINGS = [
  'Victoria House',
  'Albert Court',
  'Park View',
  'The Maltings',
  'Regent House',
  'Mill Court',
];

interface Row {
  id: string;
  company: string;
  department: string;
  line1: string;
  line2: string;
  line3: string;
  line4: string;
  line5: string;
  city: string;
  postalCode: string;
  countryName: string;
  countryIso2: string;
  countryIso3: string;
}

const rows: Row[] = [];
const postcodes = new Set<string>();
const base = { line4: '', line5: '', countryName: 'United Kingdom', countryIso2: 'GB', countryIso3: 'GBR' };
const id = () => `A-${String(rows.length + 1).padStart(6, '0')}`;

for (const line of AREAS.trim().split('\n')) {
  const [city, outwardsS] = line.split('|') as [string, string];
  for (const part of outwardsS.split(',')) {
    const [outwardSpec, locality, streetsS] = part.split(':') as [string, string, string];
    const [outward, fixedInward] = outwardSpec.split('+') as [string, string | undefined];
    const streets = streetsS.split('/');
    const count = r.int(2, 3);
    for (let p = 0; p < count; p++) {
      let postalCode = '';
      if (p === 0 && fixedInward) postalCode = `${outward} ${fixedInward}`;
      else
        do {
          postalCode = `${outward} ${r.int(1, 9)}${r.pick([...INWARD_LETTERS])}${r.pick([...INWARD_LETTERS])}`;
        } while (postcodes.has(postalCode));
      postcodes.add(postalCode);
      const street = r.pick(streets);
      const size = r.int(10, 22);
      let number = r.int(1, 120);
      const flats = r.next() < 0.25;
      const building = r.pick(BUILDINGS);
      const blockNumber = r.int(2, 180);
      for (let i = 0; i < size; i++) {
        const company = r.next() < 0.04 ? r.pick(COMPANIES) : null;
        if (flats && !company) {
          rows.push({
            id: id(),
            company: '',
            department: '',
            line1: `Flat ${i + 1}`,
            line2: `${building}, ${blockNumber} ${street}`,
            line3: locality,
            city,
            postalCode,
            ...base,
          });
          continue;
        }
        const house = r.next() < 0.05 ? `${number}A` : String(number);
        rows.push({
          id: id(),
          company: company?.[0] ?? '',
          department: company && r.next() < 0.5 ? company[1] : '',
          line1: `${house} ${street}`,
          line2: locality,
          line3: '',
          city,
          postalCode,
          ...base,
        });
        number += 2;
      }
    }
  }
}

writeFileSync(path.resolve(import.meta.dirname, '../../data/addresses.json'), jsonLines(rows));
const areas = new Set([...postcodes].map((pc) => pc.match(/^[A-Z]+/)?.[0]));
console.log(
  `addresses.json: ${rows.length} addresses, ${postcodes.size} postcodes, ${areas.size} postcode areas`,
);
