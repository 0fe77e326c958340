import type { VehicleSpecification } from '@forecourt/contracts/lookups';
import { registrationFormat } from '@forecourt/domain/patterns';

/**
 * Sandbox registrations for any well-formed plate the demo register does not hold. The plate's age
 * identifier gives when it was first registered (current format: '19' → March 2019, '69' → September
 * 2019; prefix and suffix letters their year); a hash of the plate then picks an insurable catalogue
 * car on sale at that time, so the same plate always answers the same car. Dateless plates carry no
 * date: the hash picks a recent year. Realistic, not real.
 */

/** First registration as year and month (1-12), or null when the plate carries no date. */
export interface PlateDate {
  year: number;
  month: number;
}

const PREFIX_LETTERS = 'ABCDEFGHJKLMNPRSTVWXY';
/** Prefix plates: A = August 1983 … S = August 1998, then T/V/W/X/Y twice a year (March, September). */
function prefixDate(letter: string): PlateDate | null {
  const i = PREFIX_LETTERS.indexOf(letter);
  if (i < 0) return null;
  if (i <= 15) return { year: 1983 + i, month: 8 }; // A..S
  const half = i - 16; // T=0 (Mar 1999), V=1 (Sep 1999), W, X, Y (Mar 2001)
  return { year: 1999 + Math.floor(half / 2), month: half % 2 === 0 ? 3 : 9 };
}

/** Suffix plates: A = 1963 … Y = August 1982 (E onwards change in August). */
function suffixDate(letter: string): PlateDate | null {
  const i = PREFIX_LETTERS.indexOf(letter);
  if (i < 0) return null;
  return i <= 3 ? { year: 1963 + i, month: 1 } : { year: 1963 + i, month: 8 };
}

/** When a plate was first registered, from its age identifier; null for dateless plates. */
export function plateDate(vrn: string): PlateDate | null {
  const format = registrationFormat(vrn);
  const plate = vrn.replace(/\s+/g, '').toUpperCase();
  if (format === 'current') {
    const id = Number(plate.slice(2, 4));
    if (id === 0 || id === 1 || id === 50) return null; // never issued
    return id > 50 ? { year: 2000 + id - 50, month: 9 } : { year: 2000 + id, month: 3 };
  }
  if (format === 'prefix') return prefixDate(plate[0] as string);
  if (format === 'suffix') return suffixDate(plate[plate.length - 1] as string);
  return null;
}

function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const monthStart = (d: PlateDate) => `${d.year}-${String(d.month).padStart(2, '0')}-01`;

/**
 * The catalogue car for a plate not in the demo register, or null when the plate is not well formed or
 * its age identifier is later than the catalogue's newest year (not issued yet).
 * `byYear` lists the catalogue's cars of each year.
 */
export function carForPlate(
  vrn: string,
  byYear: ReadonlyMap<number, readonly VehicleSpecification[]>,
): VehicleSpecification | null {
  const format = registrationFormat(vrn);
  if (!format) return null;
  const plate = vrn.replace(/\s+/g, '').toUpperCase();
  const hash = stableHash(plate);
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const newest = years[years.length - 1];
  if (newest === undefined) return null;
  let date = plateDate(plate);
  if (format === 'current' && !date) return null;
  if (!date) {
    const recent = years.filter((y) => y >= newest - 15);
    date = { year: recent[hash % recent.length] as number, month: 1 };
  }
  if (date.year > newest) return null;
  // The plate's year, or the nearest earlier catalogue year (an older model first registered later).
  const year = [...years].reverse().find((y) => y <= date.year);
  if (year === undefined) return null;
  const registered = monthStart(date);
  const insurable = (v: VehicleSpecification) =>
    v.insuranceGroup !== undefined && !v.imported && v.trim !== 'None of the above';
  const all = (byYear.get(year) ?? []).filter(insurable);
  // On sale when the plate was issued (same year only: an older year's cars are all on sale by then).
  const onSale = year === date.year ? all.filter((v) => !v.startDate || v.startDate <= registered) : all;
  const pool = onSale.length > 0 ? onSale : all;
  return pool[(hash >>> 4) % pool.length] ?? null;
}
