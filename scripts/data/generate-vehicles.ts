/**
 * Expands scripts/data/vehicle-models.ts into data/vehicles.json (one row per variant and model year) and
 * data/registrations.json (demo plates). Run: npx tsx scripts/data/generate-vehicles.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VehicleSpecification } from '../../packages/contracts/src/lookups.ts';
import { jsonLines, prng } from './prng.ts';
import { buildRegistrations } from './registrations.ts';
import { MODELS } from './vehicle-models.ts';

const CURRENT_YEAR = 2026;
const HP_TO_PS = 1.01387;
const rnd = prng(20261121);

type Range = [number, number | null];
const parseRange = (s: string): Range => {
  const [a, b] = s.split('-');
  return [Number(a), b ? Number(b) : null];
};
const within = (y: number, r: Range | null) => !r || (y >= r[0] && y <= (r[1] ?? CURRENT_YEAR));
/** Splits "Name@2017-2022" into the name and its years. */
const withYears = (s: string): { name: string; years: Range | null } => {
  const m = s.match(/@(\d{4}-(\d{4})?)/);
  return { name: s.replace(/@\d{4}-(\d{4})?/, '').trim(), years: m ? parseRange(m[1] as string) : null };
};

interface Engine {
  label: string;
  cc: number | null;
  ps: number;
  fuel: string;
  asp: string;
  trans: string[];
  years: Range | null;
  drive: string | null;
}

function parseEngine(raw: string): Engine {
  const { name, years } = withYears(raw);
  const [label, cc, ps, fuel, asp, trans, y7, drive] = name.split(';') as string[];
  return {
    label: label as string,
    cc: Number(cc) || null,
    ps: Number(ps),
    fuel: fuel as string,
    asp: asp as string,
    trans: [...(trans as string)].map((t) => (t === 'M' ? 'Manual' : 'Automatic')),
    years: years ?? (y7 ? parseRange(y7) : null),
    drive: drive || null,
  };
}

const fuels: Record<string, [string, string | null, string | null]> = {
  P: ['Petrol', null, null],
  D: ['Diesel', null, null],
  E: ['Electric', null, 'BEV'],
  H: ['Petrol', 'Electric', 'HEV'],
  PH: ['Petrol', 'Electric', 'PHEV'],
  MH: ['Petrol', 'Electric', 'MHEV'],
  DMH: ['Diesel', 'Electric', 'MHEV'],
};
const aspirations: Record<string, string> = {
  T: 'Turbocharged',
  N: 'Naturally Aspirated',
  S: 'Supercharged',
  '-': 'Not Applicable',
};
const PERFORMANCE_TRIM =
  /^(ST|GTI|R|Type R|John Cooper Works|vRS|GT|N|SVR|Quadrifoglio|Cupra|RS|XPOWER|Plaid|Turbo|Turbo S|GTS|GSi|Performance|AMR|Speed|Sport)$/;
const IMPORTED: Record<string, 'RHD' | 'LHD'> = { 'Chevrolet Camaro': 'LHD', 'Nissan Skyline GT-R': 'RHD' };
const NO_GROUP = new Set(['Chevrolet Camaro']);

/** Horsepower whose PS (hp × 1.01387, rounded) is exactly the maker's PS figure. */
function hpFor(ps: number) {
  const hp = Math.round(ps / HP_TO_PS);
  for (const c of [hp, hp - 1, hp + 1]) if (Math.round(c * HP_TO_PS) === ps) return c;
  return hp;
}
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
const pad = (n: number, w: number) => String(n).padStart(w, '0');

const rows: VehicleSpecification[] = [];
const lines = MODELS.trim().split('\n');
const makeIndex = new Map<string, number>();
const modelCount = new Map<string, number>();

for (const line of lines) {
  const [make, model, body, seats, doorsS, drive, gensS, trimsS, enginesS, priceS, groupS, weightS] =
    line.split('|') as string[];
  if (!makeIndex.has(make as string)) makeIndex.set(make as string, makeIndex.size + 10);
  const mk = makeIndex.get(make as string) as number;
  const md = (modelCount.get(make as string) ?? 0) + 1;
  modelCount.set(make as string, md);
  let seq = 0;
  const trims = (trimsS as string).split(',').map(withYears);
  const engines = (enginesS as string).split(',').map(parseEngine);
  const doors = (doorsS as string).split(',').map(Number);
  const price = Number(priceS);
  const group = Number(groupS);
  const weight = Number(weightS);
  const basePs = Math.min(...engines.map((e) => e.ps));
  const full = `${make} ${model}`;
  const classic = gensS?.split(',').every((g) => (parseRange(g)[1] ?? CURRENT_YEAR) < 1990);

  for (const gen of (gensS as string).split(',').map(parseRange)) {
    // Pair trims with engines year by year (lower trims with smaller engines), as a maker's price list does.
    const combos = new Map<
      string,
      { trim: string; t: number; engine: Engine; doors: number; years: number[] }
    >();
    const add = (trim: string, t: number, engine: Engine, d: number, y: number) => {
      const k = `${trim}|${engine.label}|${d}`;
      const c = combos.get(k) ?? { trim, t, engine, doors: d, years: [] };
      c.years.push(y);
      combos.set(k, c);
    };
    for (let y = gen[0]; y <= (gen[1] ?? CURRENT_YEAR); y++) {
      const yTrims = trims.filter((t) => within(y, t.years));
      const yEngines = engines.filter((e) => within(y, e.years)).sort((a, b) => a.ps - b.ps);
      if (yEngines.length === 0 || yTrims.length === 0) continue;
      const sporty = (e: Engine) => e.ps >= 240 && (e.fuel === 'P' || e.fuel === 'D');
      const normal = yEngines.filter((e) => !sporty(e) || yEngines.every(sporty));
      const top = yEngines[yEngines.length - 1] as Engine;
      yTrims.forEach((trim, t) => {
        const perf = PERFORMANCE_TRIM.test(trim.name) && yTrims.length > 1;
        let chosen: Engine[];
        if (perf) chosen = [top];
        else {
          const start = Math.floor((t * normal.length) / yTrims.length);
          chosen = normal.slice(start, start + (yTrims.length >= 4 ? 1 : 2));
          if (chosen.length === 0) chosen = normal.slice(-1);
        }
        const doorOptions = t === 0 ? doors : [doors[doors.length - 1] as number];
        for (const engine of chosen) for (const d of doorOptions) add(trim.name, t, engine, d, y);
      });
      // The generic code ('None of the above' trim), as ABI data carries.
      add('None of the above', 0, normal[0] as Engine, doors[doors.length - 1] as number, y);
    }

    for (const c of combos.values()) {
      for (const transmission of c.engine.trans) {
        seq += 1;
        const vehicleCode = `${pad(mk, 2)}${pad(md, 2)}${pad(seq, 4)}`;
        const [primaryFuel, secondaryFuel, electricVehicleType] = fuels[c.engine.fuel] as [
          string,
          string | null,
          string | null,
        ];
        const auto = transmission === 'Automatic';
        const trimLabel = c.trim === 'None of the above' ? c.trim : `${c.trim} ${c.doors}dr`;
        const newPrice = price * (1 + 0.08 * c.t) * (1 + 0.0035 * (c.engine.ps - basePs)) + (auto ? 1500 : 0);
        let baseGroup = group + c.t + Math.round((c.engine.ps - basePs) / 15) + (auto ? 1 : 0);
        if (PERFORMANCE_TRIM.test(c.trim)) baseGroup += 3;
        const hash = (mk * 7919 + md * 104729 + seq * 31) % 97;
        const insuranceGroup = NO_GROUP.has(full) || hash === 13 ? null : clamp(baseGroup, 1, 50);
        const startYear = Math.min(...c.years);
        const last = Math.max(...c.years);
        const endYear = last >= CURRENT_YEAR && gen[1] === null ? null : last;
        const startMonth = 1 + (hash % 12);
        const drivePick = c.engine.drive ?? (drive as string);
        for (const year of c.years) {
          const age = CURRENT_YEAR - year;
          const factor = classic ? 1 : age === 0 ? 0.92 : 0.8 * 0.86 ** (age - 1);
          const pounds = Math.max(500, Math.round((newPrice * factor) / 25) * 25);
          rows.push({
            year,
            make: make as string,
            model: model as string,
            trim: trimLabel,
            primaryFuel,
            secondaryFuel,
            electricVehicleType,
            bodyStyle: body as string,
            transmission,
            driveTrain: drivePick,
            ...(c.engine.cc ? { engineCapacity: c.engine.cc } : {}),
            engineLabel: c.engine.label,
            enginePower: hpFor(c.engine.ps),
            numberOfSeats: Number(seats),
            rangeStartYear: gen[0],
            rangeEndYear: gen[1],
            startDate: `${startYear}-${pad(startMonth, 2)}-01`,
            endDate: endYear === null ? null : `${endYear}-${pad(Math.min(12, startMonth + 6), 2)}-28`,
            aspirationType: aspirations[c.engine.asp] as string,
            imported: full in IMPORTED,
            grossWeight: Math.round((weight + (c.engine.ps - basePs) * 0.8 + (auto ? 25 : 0)) / 5) * 5,
            steering: IMPORTED[full] ?? 'RHD',
            vehicleCode,
            value: pounds * 100,
            ...(insuranceGroup === null ? {} : { insuranceGroup }),
          });
        }
      }
    }
  }
}

rows.sort(
  (a, b) =>
    a.make.localeCompare(b.make) ||
    a.model.localeCompare(b.model) ||
    a.year - b.year ||
    a.vehicleCode.localeCompare(b.vehicleCode),
);
const out = path.resolve(import.meta.dirname, '../../data');
writeFileSync(path.join(out, 'vehicles.json'), jsonLines(rows));
const registrations = buildRegistrations(rows, rnd);
writeFileSync(path.join(out, 'registrations.json'), jsonLines(registrations));
const codes = new Set(rows.map((r) => r.vehicleCode));
console.log(
  `vehicles.json: ${rows.length} rows, ${codes.size} variants, ${makeIndex.size} makes; registrations.json: ${registrations.length} plates`,
);
