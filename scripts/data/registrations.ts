import type { VehicleSpecification } from '../../packages/contracts/src/lookups.ts';
import type { prng } from './prng.ts';

export interface Registration {
  vrn: string;
  vehicleCode: string;
  year: number;
  note?: string;
}

const AREA = 'ABCDEFGHKLMNOPRSVWY';
const SECOND = 'ABCDEFGHJKLMNOPRSTUVWXY';
const LAST = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
/** Prefix letters (1983-2001) and suffix letters (1963-1982) by year of first registration. */
const PREFIX: Record<number, string> = {
  1983: 'A',
  1984: 'B',
  1985: 'C',
  1986: 'D',
  1987: 'E',
  1988: 'F',
  1989: 'G',
  1990: 'H',
  1991: 'J',
  1992: 'K',
  1993: 'L',
  1994: 'M',
  1995: 'N',
  1996: 'P',
  1997: 'R',
  1998: 'S',
  1999: 'T',
  2000: 'W',
  2001: 'Y',
};
const SUFFIX = 'ABCDEFGHJKLMNPRSTVWXY';

/** The memorable demo plates documented in docs/decisions/041-vehicle-and-address-data.md. */
export const MEMORABLE: {
  vrn: string;
  make: string;
  model: string;
  year: number;
  trim?: RegExp;
  note: string;
}[] = [
  { vrn: 'AB12CDE', make: 'Ford', model: 'Fiesta', year: 2012, trim: /Zetec 5dr/, note: 'Ford Fiesta' },
  {
    vrn: 'FE17TTA',
    make: 'Ford',
    model: 'Fiesta',
    year: 2017,
    trim: /Titanium 5dr/,
    note: 'Ford Fiesta 1.0 EcoBoost Titanium',
  },
  {
    vrn: 'VW19GLF',
    make: 'Volkswagen',
    model: 'Golf',
    year: 2019,
    trim: /Match 5dr/,
    note: 'Volkswagen Golf',
  },
  { vrn: 'VX65CRS', make: 'Vauxhall', model: 'Corsa', year: 2015, trim: /SE 5dr/, note: 'Vauxhall Corsa' },
  {
    vrn: 'TE71SLA',
    make: 'Tesla',
    model: 'Model 3',
    year: 2021,
    trim: /Long Range/,
    note: 'Tesla Model 3 (electric)',
  },
  {
    vrn: 'NL68LEF',
    make: 'Nissan',
    model: 'Leaf',
    year: 2018,
    trim: /Acenta/,
    note: 'Nissan Leaf (electric)',
  },
  { vrn: 'BM70SER', make: 'BMW', model: '3 Series', year: 2020, trim: /M Sport/, note: 'BMW 3 Series' },
  {
    vrn: 'TY22HYB',
    make: 'Toyota',
    model: 'Corolla',
    year: 2022,
    trim: /Design/,
    note: 'Toyota Corolla hybrid',
  },
  { vrn: 'RR16EVO', make: 'Land Rover', model: 'Range Rover Evoque', year: 2016, note: 'Range Rover Evoque' },
  {
    vrn: 'PO24GTS',
    make: 'Porsche',
    model: '911',
    year: 2024,
    trim: /Turbo S/,
    note: 'Porsche 911 Turbo S (very high value)',
  },
  {
    vrn: 'CH19LHD',
    make: 'Chevrolet',
    model: 'Camaro',
    year: 2019,
    note: 'Chevrolet Camaro import, no insurance group, LHD',
  },
  {
    vrn: 'R34GTR',
    make: 'Nissan',
    model: 'Skyline GT-R',
    year: 1997,
    note: 'Nissan Skyline GT-R (imported)',
  },
  { vrn: 'M123ABC', make: 'Rover', model: 'Mini', year: 1994, note: 'Rover Mini Cooper (prefix plate)' },
  { vrn: 'MGB123K', make: 'MG', model: 'MGB', year: 1971, note: 'MG MGB (suffix plate)' },
];

function agePlate(year: number, r: ReturnType<typeof prng>): string {
  const l = (s: string) => r.pick([...s]);
  if (year >= 2002 || (year === 2001 && r.next() < 0.5)) {
    const sep = year === 2001 || r.next() < 0.5;
    const age = year === 2001 ? 51 : (year % 100) + (sep ? 50 : 0);
    return `${l(AREA)}${l(SECOND)}${String(age).padStart(2, '0')}${l(LAST)}${l(LAST)}${l(LAST)}`;
  }
  const prefix = PREFIX[year];
  if (prefix) return `${prefix}${r.int(1, 999)}${l(SECOND)}${l(SECOND)}${l(SECOND)}`;
  if (year >= 1963) {
    const suffix = SUFFIX[Math.min(SUFFIX.length - 1, year - 1963)] as string;
    return `${l(SECOND)}${l(SECOND)}${l(SECOND)}${r.int(1, 999)}${suffix}`;
  }
  return `${l(SECOND)}${l(SECOND)}${l(SECOND)}${r.int(1, 999)}`;
}

/** At least 500 plates: the memorable ones, then a spread over makes and years (seeded). */
export function buildRegistrations(rows: VehicleSpecification[], r: ReturnType<typeof prng>): Registration[] {
  const out: Registration[] = [];
  const used = new Set<string>();
  for (const m of MEMORABLE) {
    const models = rows.filter(
      (v) => v.make === m.make && v.model === m.model && v.year === m.year && v.trim !== 'None of the above',
    );
    const row = models.find((v) => !m.trim || m.trim.test(v.trim)) ?? models[0];
    if (!row) throw new Error(`No catalogue row for memorable plate ${m.vrn}`);
    out.push({ vrn: m.vrn, vehicleCode: row.vehicleCode, year: row.year, note: m.note });
    used.add(m.vrn);
  }
  const noGroup = rows.find(
    (v) => v.insuranceGroup === undefined && v.make !== 'Chevrolet' && v.year >= 2010,
  );
  if (noGroup) {
    const vrn = `NG${noGroup.year % 100}NUL`;
    out.push({ vrn, vehicleCode: noGroup.vehicleCode, year: noGroup.year, note: 'no insurance group' });
    used.add(vrn);
  }
  const candidates = rows.filter((v) => v.trim !== 'None of the above');
  while (out.length < 620) {
    const row = candidates[Math.floor(r.next() * candidates.length)] as VehicleSpecification;
    // Most cars on the road are under 15 years old.
    if (row.year < 2008 && r.next() < 0.8) continue;
    const vrn = agePlate(row.year, r);
    if (used.has(vrn) || vrn.startsWith('Q')) continue;
    used.add(vrn);
    out.push({ vrn, vehicleCode: row.vehicleCode, year: row.year });
  }
  return out;
}
