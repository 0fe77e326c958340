import type { Address, AddressFindItem } from '@forecourt/contracts/lookups';
import { once, readDataFile } from '../reference-data/data-dir.ts';
import type { AddressProvider } from './address-provider.ts';
import { generatedAddress, generatedAddresses } from './generated-postcodes.ts';

type StoredAddress = Omit<Address, 'type' | 'text' | 'description' | 'label'>;

interface AddressIndex {
  byId: Map<string, Address>;
  /** compact postcode (no space) → addresses in it, in street/number order */
  byPostcode: Map<string, Address[]>;
  postcodes: string[];
  /** upper-cased searchable text per address, same order as `all` */
  all: { address: Address; haystack: string }[];
}

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const POSTCODE_START = /^[A-Z]{1,2}[0-9]/;

export function postcodeContainerId(postalCode: string) {
  return `PC-${compact(postalCode)}`;
}

function toAddress(a: StoredAddress): Address {
  const lines = [a.company, a.department, a.line1, a.line2, a.line3, a.line4, a.line5].filter(Boolean);
  const text = [a.line1, a.line2, a.line3].filter(Boolean).join(', ');
  const description = `${a.city}, ${a.postalCode}`;
  return {
    ...a,
    type: 'Address',
    text: a.company ? `${a.company}, ${text}` : text,
    description,
    label: [...lines, a.city.toUpperCase(), a.postalCode].join('\n'),
  };
}

function buildIndex(dir?: string): AddressIndex {
  const stored = readDataFile<StoredAddress[]>('addresses.json', dir);
  const byId = new Map<string, Address>();
  const byPostcode = new Map<string, Address[]>();
  const all: AddressIndex['all'] = [];
  for (const s of stored) {
    const a = toAddress(s);
    byId.set(a.id, a);
    const pc = compact(a.postalCode);
    const list = byPostcode.get(pc);
    if (list) list.push(a);
    else byPostcode.set(pc, [a]);
    all.push({ address: a, haystack: `${a.label.replace(/\n/g, ' ')} ${pc}`.toUpperCase() });
  }
  return { byId, byPostcode, postcodes: [...byPostcode.keys()].sort(), all };
}

/** The demo file's addresses of a compact postcode, else the generated street of a well-formed one. */
function addressesIn(index: AddressIndex, pc: string): Address[] {
  return index.byPostcode.get(pc) ?? generatedAddresses(pc);
}

function postcodeItem(index: AddressIndex, pc: string): AddressFindItem {
  const list = addressesIn(index, pc);
  const first = list[0] as Address;
  const numbered = list.map((a) => [a.line1, a.line2].find((l) => /^\d/.test(l)) ?? '').find(Boolean);
  const street = numbered ? numbered.replace(/^\S+\s+/, '') : first.line1;
  return {
    id: postcodeContainerId(pc),
    type: 'Postcode',
    text: first.postalCode,
    description: `${street}, ${first.city} - ${list.length} Addresses`,
  };
}

const addressItem = (a: Address): AddressFindItem => ({
  id: a.id,
  type: 'Address',
  text: a.text,
  description: a.description,
});

/**
 * The default provider: the shipped demo address file (data/addresses.json), indexed on first use; any
 * other well-formed postcode answers with its real post town and a generated street (sandbox only).
 */
export function embeddedAddressProvider(options: { dataDir?: string } = {}): AddressProvider {
  const index = once(() => buildIndex(options.dataDir));
  return {
    name: 'embedded',
    async find({ text, container, country, limit }) {
      if (country !== 'GBR') return [];
      const ix = index();
      if (container) {
        const pc = container.startsWith('PC-') ? container.slice(3) : '';
        return addressesIn(ix, pc).slice(0, 100).map(addressItem);
      }
      const wanted = text.trim().toUpperCase();
      if (!wanted) return [];
      const asPostcode = compact(wanted);
      if (POSTCODE_START.test(asPostcode) && asPostcode.length >= 2) {
        const hits = ix.postcodes.filter((pc) => pc.startsWith(asPostcode));
        if (hits.length > 0) return hits.slice(0, limit).map((pc) => postcodeItem(ix, pc));
        // Any other well-formed postcode answers with its real post town and a generated street.
        if (generatedAddresses(asPostcode).length > 0) return [postcodeItem(ix, asPostcode)];
      }
      const tokens = wanted.split(/[\s,]+/).filter(Boolean);
      const out: AddressFindItem[] = [];
      for (const { address, haystack } of ix.all) {
        if (tokens.every((t) => haystack.includes(t))) {
          out.push(addressItem(address));
          if (out.length >= limit) break;
        }
      }
      return out;
    },
    async retrieve(id) {
      return index().byId.get(id) ?? generatedAddress(id);
    },
  };
}
