import type { Address } from '@forecourt/contracts/lookups';
import { isPostcode, normalisePostcode } from '@forecourt/domain/patterns';
import { once, readDataFile } from '../reference-data/data-dir.ts';

/**
 * Sandbox addresses for any well-formed postcode the demo file does not hold: the real post town of
 * its area and district (data/post-towns.json) and one street of houses chosen by a hash of the
 * postcode, so the same postcode always gives the same street and houses. Realistic, not real.
 */

interface PostArea {
  town: string;
  districts: Record<string, string>;
}

const STREETS = [
  'Church Road',
  'Station Road',
  'Victoria Road',
  'Park Road',
  'Manor Road',
  'Queens Road',
  'Kingsway',
  'Grange Road',
  'Mill Lane',
  'School Lane',
  'The Avenue',
  'Green Lane',
  'Highfield Road',
  'Springfield Road',
  'Windsor Road',
  'York Road',
  'Albert Road',
  'Chestnut Avenue',
  'Orchard Close',
  'Meadow Way',
  'Beech Grove',
  'Westfield Road',
  'North Street',
  'South Street',
  'Elm Grove',
  'Stanley Road',
  'Richmond Road',
  'Cedar Drive',
  'Alexandra Road',
  'Broadway',
  'Clarence Street',
  'Oak Avenue',
  'Willow Crescent',
  'Hawthorn Road',
  'St John\u2019s Road',
  'Newport Road',
] as const;

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();
export const GENERATED_PREFIX = 'G-';

/** FNV-1a: a small stable hash, so a postcode always picks the same street. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const postTowns = once(() => readDataFile<Record<string, PostArea>>('post-towns.json'));

/** The post town of a well-formed postcode whose area exists, else null. */
export function postTown(postcode: string): string | null {
  if (!isPostcode(postcode)) return null;
  const normalised = normalisePostcode(postcode);
  const outward = normalised.split(' ')[0] as string;
  const area = /^[A-Z]+/.exec(outward)?.[0] ?? '';
  const entry = postTowns()[area];
  if (!entry) return null;
  const district = /^[A-Z]+[0-9]+/.exec(outward)?.[0] ?? outward;
  return entry.districts[district] ?? entry.town;
}

/** Every generated address of a postcode (none when the postcode is not well formed). */
export function generatedAddresses(postcode: string): Address[] {
  const town = postTown(postcode);
  if (!town) return [];
  const postalCode = normalisePostcode(postcode);
  const pc = compact(postalCode);
  const h = stableHash(pc);
  const street = STREETS[h % STREETS.length] as string;
  const count = 8 + ((h >>> 8) % 17);
  const firstNumber = 1 + ((h >>> 16) % 60);
  const step = (h >>> 24) % 2 === 0 ? 2 : 1;
  return Array.from({ length: count }, (_, i) => {
    const line1 = `${firstNumber + i * step} ${street}`;
    return {
      id: `${GENERATED_PREFIX}${pc}-${i + 1}`,
      company: '',
      department: '',
      line1,
      line2: '',
      line3: '',
      line4: '',
      line5: '',
      city: town,
      postalCode,
      countryName: 'United Kingdom',
      countryIso2: 'GB',
      countryIso3: 'GBR',
      type: 'Address',
      text: line1,
      description: `${town}, ${postalCode}`,
      label: [line1, town.toUpperCase(), postalCode].join('\n'),
    };
  });
}

/** The generated address with this id ('G-EC1A1BB-3'), or null. */
export function generatedAddress(id: string): Address | null {
  const match = /^G-([A-Z0-9]+)-([0-9]+)$/.exec(id);
  if (!match) return null;
  return generatedAddresses(match[1] as string)[Number(match[2]) - 1] ?? null;
}
