import type { RatingTables } from './tables.ts';

/**
 * Tables turned into direct lookups once per tables object (cached), so rating a risk does index reads,
 * not searches: factor by age 0-130, by licence years 0-130, by NCD, by group, Maps for keyed tables.
 */
export interface CompiledTables {
  tables: RatingTables;
  iptBasisPoints: number;
  driverAge: Float64Array;
  additionalDriverAge: Float64Array;
  licenceYears: Float64Array;
  ncdYears: readonly number[];
  insuranceGroup: readonly number[];
  vehicleValue: readonly { maxPounds: number; factor: number }[];
  annualMileage: readonly { maxMiles: number; factor: number }[];
  postcodeArea: Map<string, number>;
  /** The highest area factor: what a referred, unrated area is priced at (never a default of 1). */
  unratedAreaFactor: number;
  usage: Map<string, number>;
  overnightLocation: Map<string, number>;
  convictionFamilies: Map<string, number>;
  seriousExact: Set<string>;
  seriousFamilies: Set<string>;
  voluntaryExcess: Map<number, number>;
  referLicenceTypes: Set<string>;
  /** Excess kinds with their compulsory amount and which additions apply to them. */
  excessKinds: {
    kind: string;
    compulsory: number;
    voluntary: boolean;
    young: boolean;
    inexperienced: boolean;
  }[];
}

const MAX_YEARS = 131;

function byYears<K extends string>(bands: readonly ({ factor: number } & Record<K, number>)[], key: K) {
  const out = new Float64Array(MAX_YEARS);
  for (let years = 0; years < MAX_YEARS; years++) {
    const band = bands.find((b) => years <= b[key]) ?? bands[bands.length - 1]!;
    out[years] = band.factor;
  }
  return out;
}

const cache = new WeakMap<RatingTables, CompiledTables>();

export function compileTables(tables: RatingTables): CompiledTables {
  const hit = cache.get(tables);
  if (hit) return hit;
  const serious = tables.referral.seriousConvictions;
  const compiled: CompiledTables = {
    tables,
    iptBasisPoints: Math.round(tables.iptRate * 10_000),
    driverAge: byYears(tables.driverAge, 'maxAge'),
    additionalDriverAge: byYears(tables.additionalDriverAge, 'maxAge'),
    licenceYears: byYears(tables.licenceYears, 'maxYears'),
    ncdYears: tables.ncdYears,
    insuranceGroup: tables.insuranceGroup,
    vehicleValue: tables.vehicleValue,
    annualMileage: tables.annualMileage,
    postcodeArea: new Map(Object.entries(tables.postcodeArea)),
    unratedAreaFactor: Math.max(1, ...Object.values(tables.postcodeArea)),
    usage: new Map(Object.entries(tables.usage)),
    overnightLocation: new Map(Object.entries(tables.overnightLocation)),
    convictionFamilies: new Map(Object.entries(tables.convictions.families)),
    seriousExact: new Set(serious.filter((c) => c.length > 2)),
    seriousFamilies: new Set(serious.filter((c) => c.length === 2)),
    voluntaryExcess: new Map(Object.entries(tables.voluntaryExcess).map(([k, v]) => [Number(k), v])),
    referLicenceTypes: new Set(tables.referral.referLicenceTypes),
    excessKinds: Object.entries(tables.excess.compulsory).map(([kind, compulsory]) => ({
      kind,
      compulsory,
      voluntary: tables.excess.voluntaryAppliesTo.includes(kind),
      young: tables.excess.young.appliesTo.includes(kind),
      inexperienced: tables.excess.inexperienced.appliesTo.includes(kind),
    })),
  };
  cache.set(tables, compiled);
  return compiled;
}

export function yearsIndex(years: number): number {
  return years < 0 ? 0 : years >= MAX_YEARS ? MAX_YEARS - 1 : years;
}

/** Leading letters of a postcode ('ls1 5hd' → 'LS'). */
export function areaOf(postcode: string | undefined): string {
  if (!postcode) return '';
  let area = '';
  for (let i = 0; i < postcode.length && i < 2; i++) {
    const c = postcode.charCodeAt(i) & ~32;
    if (c < 65 || c > 90) break;
    area += String.fromCharCode(c);
  }
  return area;
}
