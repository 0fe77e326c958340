import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { once, readDataFile } from '../reference-data/data-dir.ts';
import { carForPlate } from './generated-registrations.ts';
import type { VehicleFilters, VehicleProvider } from './vehicle-provider.ts';

interface Registration {
  vrn: string;
  vehicleCode: string;
  year: number;
}

interface CatalogueIndex {
  /** year → make → model → variants */
  byYear: Map<number, Map<string, Map<string, VehicleSpecification[]>>>;
  byCodeYear: Map<string, VehicleSpecification>;
  /** year → every car of that year, in catalogue order */
  carsByYear: Map<number, VehicleSpecification[]>;
  registrations: Map<string, Registration>;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en-GB');
const key = (s: string) => s.trim().toLowerCase();

function buildIndex(dir?: string): CatalogueIndex {
  const vehicles = readDataFile<VehicleSpecification[]>('vehicles.json', dir);
  const registrations = readDataFile<Registration[]>('registrations.json', dir);
  const byYear: CatalogueIndex['byYear'] = new Map();
  const byCodeYear = new Map<string, VehicleSpecification>();
  const carsByYear = new Map<number, VehicleSpecification[]>();
  for (const v of vehicles) {
    const cars = carsByYear.get(v.year);
    if (cars) cars.push(v);
    else carsByYear.set(v.year, [v]);
    let makes = byYear.get(v.year);
    if (!makes) {
      makes = new Map();
      byYear.set(v.year, makes);
    }
    let models = makes.get(key(v.make));
    if (!models) {
      models = new Map();
      makes.set(key(v.make), models);
    }
    const list = models.get(key(v.model));
    if (list) list.push(v);
    else models.set(key(v.model), [v]);
    byCodeYear.set(`${v.vehicleCode}/${v.year}`, v);
  }
  return { byYear, byCodeYear, carsByYear, registrations: new Map(registrations.map((r) => [r.vrn, r])) };
}

/** A filter value matches a field when their text forms are equal; an empty value matches null. */
function matches(v: VehicleSpecification, filters: VehicleFilters): boolean {
  for (const [field, wanted] of Object.entries(filters)) {
    if (wanted === undefined) continue;
    const actual = v[field as keyof VehicleSpecification];
    const text = actual === null || actual === undefined ? '' : String(actual);
    if (text.toLowerCase() !== wanted.trim().toLowerCase()) return false;
  }
  return true;
}

/**
 * The default provider: the shipped catalogue (data/vehicles.json) and demo register
 * (data/registrations.json); any other well-formed plate answers a catalogue car of the plate's age.
 */
export function embeddedVehicleProvider(options: { dataDir?: string } = {}): VehicleProvider {
  const index = once(() => buildIndex(options.dataDir));
  const uniqueNames = (names: Iterable<VehicleSpecification[]>, pick: (v: VehicleSpecification) => string) =>
    [...new Set([...names].map((l) => pick(l[0] as VehicleSpecification)))].sort(byName);
  return {
    name: 'embedded',
    async lookupVrn(vrn) {
      const reg = index().registrations.get(vrn);
      // Sandbox: any other well-formed plate answers a plausible car of its age (same plate, same car).
      if (!reg) return carForPlate(vrn, index().carsByYear);
      return index().byCodeYear.get(`${reg.vehicleCode}/${reg.year}`) ?? null;
    },
    async makes(year) {
      const makes = index().byYear.get(year);
      if (!makes) return [];
      return uniqueNames(
        [...makes.values()].map((models) => [...models.values()][0] ?? []),
        (v) => v.make,
      );
    },
    async models(year, make) {
      const models = index().byYear.get(year)?.get(key(make));
      return models ? uniqueNames(models.values(), (v) => v.model) : [];
    },
    async variants(year, make, model, filters = {}) {
      const list = index().byYear.get(year)?.get(key(make))?.get(key(model)) ?? [];
      return list.filter((v) => matches(v, filters));
    },
  };
}
