import type { Address, AddressFindItem } from '@forecourt/contracts/lookups';
import { AppError } from '../../lib/errors.ts';
import { getJson } from '../reference-data/http-json.ts';
import type { AddressProvider } from './address-provider.ts';

export const LOQATE_BASE_URL = 'https://api.addressy.com/Capture/Interactive';

type LoqateItem = Record<string, unknown> & { Error?: string; Description?: string; Cause?: string };

async function items(url: URL): Promise<LoqateItem[]> {
  const body = (await getJson(url, 'address')) as { Items?: LoqateItem[] };
  const list = body.Items ?? [];
  const error = list.find((i) => i.Error !== undefined);
  if (error) {
    // Loqate reports errors inside Items (e.g. 2: unknown key, 3: out of credit, 1001: bad id).
    if (String(error.Error) === '1001') return [];
    throw new AppError('UNAVAILABLE', `Address service error ${error.Error}: ${error.Description ?? ''}`);
  }
  return list;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Loqate (GBG) Capture Interactive: Find v1.10 (with containers) and Retrieve v1.2, authenticated by
 * ADDRESS_API_KEY. Same find/retrieve shape as the embedded provider.
 */
export function loqateAddressProvider(key: string, baseUrl = LOQATE_BASE_URL): AddressProvider {
  return {
    name: 'loqate',
    async find({ text, container, country, limit }) {
      if (country !== 'GBR') return [];
      const url = new URL(`${baseUrl}/Find/v1.10/json3.ws`);
      url.searchParams.set('Key', key);
      url.searchParams.set('Text', text);
      url.searchParams.set('Countries', 'GB');
      url.searchParams.set('Limit', String(limit));
      url.searchParams.set('Language', 'en-gb');
      if (container) url.searchParams.set('Container', container);
      return (await items(url)).map(
        (i): AddressFindItem => ({
          id: str(i.Id),
          type: i.Type === 'Address' ? 'Address' : 'Postcode',
          text: str(i.Text),
          description: str(i.Description),
        }),
      );
    },
    async retrieve(id) {
      const url = new URL(`${baseUrl}/Retrieve/v1.2/json3.ws`);
      url.searchParams.set('Key', key);
      url.searchParams.set('Id', id);
      const [i] = await items(url);
      if (!i) return null;
      const address: Address = {
        id: str(i.Id) || id,
        type: 'Address',
        text: [str(i.Line1), str(i.Line2)].filter(Boolean).join(', '),
        description: [str(i.City), str(i.PostalCode)].filter(Boolean).join(', '),
        label: str(i.Label),
        company: str(i.Company),
        department: str(i.Department),
        line1: str(i.Line1),
        line2: str(i.Line2),
        line3: str(i.Line3),
        line4: str(i.Line4),
        line5: str(i.Line5),
        city: str(i.City),
        postalCode: str(i.PostalCode),
        countryName: str(i.CountryName) || 'United Kingdom',
        countryIso2: str(i.CountryIso2) || 'GB',
        countryIso3: str(i.CountryIso3) || 'GBR',
      };
      return address;
    },
  };
}
