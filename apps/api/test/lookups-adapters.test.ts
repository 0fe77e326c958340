import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { createAddressProvider } from '../src/providers/addresses/create-address-provider.ts';
import { loqateAddressProvider } from '../src/providers/addresses/loqate.ts';
import { createVehicleProvider } from '../src/providers/vehicles/create-vehicle-provider.ts';
import { embeddedVehicleProvider } from '../src/providers/vehicles/embedded.ts';
import { ukvdVehicleProvider } from '../src/providers/vehicles/ukvd.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

/** A stand-in for the outside services, answering as Loqate and UK Vehicle Data do. */
const seen: URL[] = [];
let server: Server;
let base: string;
function answer(url: URL): unknown {
  if (url.pathname.endsWith('/Find/v1.10/json3.ws')) {
    if (url.searchParams.get('Key') !== 'good-key')
      return {
        Items: [{ Error: '2', Description: 'Unknown key', Cause: 'The key you are using is not valid' }],
      };
    if (url.searchParams.get('Container'))
      return {
        Items: [
          { Id: 'GB|RM|A|1', Type: 'Address', Text: '10 Downing Street', Description: 'London, SW1A 2AA' },
        ],
      };
    return {
      Items: [
        {
          Id: 'GB|RM|ENG|2AA-SW1A',
          Type: 'Postcode',
          Text: 'SW1A 2AA',
          Description: 'Downing Street, London - 4 Addresses',
        },
      ],
    };
  }
  if (url.pathname.endsWith('/Retrieve/v1.2/json3.ws')) {
    if (url.searchParams.get('Id') === 'missing')
      return { Items: [{ Error: '1001', Description: 'Id Invalid' }] };
    return {
      Items: [
        {
          Id: 'GB|RM|A|1',
          Company: 'Prime Minister\u2019s Office',
          Department: '',
          Line1: '10 Downing Street',
          Line2: '',
          Line3: '',
          Line4: '',
          Line5: '',
          City: 'London',
          PostalCode: 'SW1A 2AA',
          CountryName: 'United Kingdom',
          CountryIso2: 'GB',
          CountryIso3: 'GBR',
          Label: 'Prime Minister\u2019s Office\n10 Downing Street\nLONDON\nSW1A 2AA',
        },
      ],
    };
  }
  if (url.pathname === '/vehicledata') {
    const vrn = url.searchParams.get('key_VRM');
    if (vrn === 'DOWN1') return 'not json';
    if (vrn !== 'KX19ABC')
      return { Response: { StatusCode: 'KeyInvalidOrNoRecordFound', StatusMessage: 'No record' } };
    return {
      Response: {
        StatusCode: 'Success',
        DataItems: {
          VehicleRegistration: {
            Vrm: 'KX19ABC',
            Make: 'FORD',
            Model: 'FIESTA TITANIUM',
            YearOfManufacture: 2019,
            DateFirstRegistered: '2019-03-14T00:00:00',
            FuelType: 'PETROL',
            Transmission: 'MANUAL',
            EngineCapacity: 999,
            SeatingCapacity: 5,
            GrossWeight: 1575,
            Imported: false,
          },
          SmmtDetails: {
            Marque: 'FORD',
            Range: 'Fiesta',
            Trim: 'Titanium',
            BodyStyle: 'HATCHBACK',
            FuelType: 'PETROL',
          },
          TechnicalDetails: { Performance: { Power: { Kw: 74, Bhp: 99 } } },
        },
      },
    };
  }
  return { error: 'unknown path' };
}
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(url);
    const body = answer(url);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('provider selection by environment', () => {
  it('uses the embedded data unless the API variables are set', () => {
    const plain = loadEnv({});
    expect(createVehicleProvider(plain).name).toBe('embedded');
    expect(createAddressProvider(plain).name).toBe('embedded');
    const real = loadEnv({
      VEHICLE_API_URL: 'https://uk1.ukvehicledata.co.uk/api/datapackage/VehicleData',
      VEHICLE_API_KEY: 'k',
      ADDRESS_API_KEY: 'k',
    });
    expect(createVehicleProvider(real).name).toBe('ukvd');
    expect(createAddressProvider(real).name).toBe('loqate');
  });
});

describe('Loqate address adapter through the API', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      providers: { addresses: loqateAddressProvider('good-key', `${base}/Capture/Interactive`) },
    });
    token = await anonymousToken(t.app);
  });
  afterAll(async () => t.close());
  const get = (url: string, query: Record<string, string>) =>
    t.app.inject({ url, query, headers: { authorization: `Bearer ${token}` } });

  it('maps find, container drill-down and retrieve', async () => {
    const found = await get('/api/lookup/addresses', { service: 'GBR', text: 'SW1A 2AA' });
    expect(found.json().items).toEqual([
      {
        id: 'GB|RM|ENG|2AA-SW1A',
        type: 'Postcode',
        text: 'SW1A 2AA',
        description: 'Downing Street, London - 4 Addresses',
      },
    ]);
    const request = seen.at(-1) as URL;
    expect(request.searchParams.get('Key')).toBe('good-key');
    expect(request.searchParams.get('Countries')).toBe('GB');
    expect(request.searchParams.get('Text')).toBe('SW1A 2AA');
    const inside = await get('/api/lookup/addresses', { text: 'SW1A 2AA', container: 'GB|RM|ENG|2AA-SW1A' });
    expect(inside.json().items[0]).toMatchObject({ type: 'Address', text: '10 Downing Street' });
    expect((seen.at(-1) as URL).searchParams.get('Container')).toBe('GB|RM|ENG|2AA-SW1A');
    const full = await get(`/api/lookup/address/${encodeURIComponent('GB|RM|A|1')}`, { service: 'GBR' });
    expect(full.json()).toMatchObject({
      line1: '10 Downing Street',
      city: 'London',
      postalCode: 'SW1A 2AA',
      countryIso3: 'GBR',
    });
    expect((await get('/api/lookup/address/missing', { service: 'GBR' })).statusCode).toBe(404);
  });

  it('a Loqate error becomes a 503', async () => {
    const bad = loqateAddressProvider('bad-key', `${base}/Capture/Interactive`);
    await expect(bad.find({ text: 'x', country: 'GBR', limit: 5 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});

describe('UKVD-style vehicle adapter', () => {
  it('maps a registration answer into a specification and keeps the catalogue for the select tab', async () => {
    const ukvd = ukvdVehicleProvider(`${base}/vehicledata`, 'vkey', embeddedVehicleProvider());
    const spec = await ukvd.lookupVrn('KX19ABC');
    const request = seen.at(-1) as URL;
    expect(request.searchParams.get('auth_apikey')).toBe('vkey');
    expect(request.searchParams.get('key_VRM')).toBe('KX19ABC');
    expect(spec).toMatchObject({
      year: 2019,
      make: 'Ford',
      model: 'Fiesta',
      trim: 'Titanium',
      primaryFuel: 'Petrol',
      transmission: 'Manual',
      engineCapacity: 999,
      numberOfSeats: 5,
      grossWeight: 1575,
      startDate: '2019-03-14',
    });
    expect(await ukvd.makes(2019)).toContain('Ford');
  });
  it('no record is null; an unreadable answer is a 503', async () => {
    const provider = ukvdVehicleProvider(`${base}/vehicledata`, 'vkey', embeddedVehicleProvider());
    expect(await provider.lookupVrn('AB12CDE')).toBeNull();
    await expect(provider.lookupVrn('DOWN1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
