import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

const data = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../../data/${file}`, import.meta.url), 'utf8'));

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await anonymousToken(t.app);
});
afterAll(async () => t.close());

const get = (app: FastifyInstance, url: string, query: Record<string, string> = {}, auth = true) =>
  app.inject({
    method: 'GET',
    url,
    query,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });

describe('lookups need a session token', () => {
  it.each([
    ['/api/lookup/vehicles/vehicles/vrn', { vrn: 'AB12CDE' }],
    ['/api/lookup/vehicles/makes', { year: '2019' }],
    ['/api/lookup/addresses', { text: 'M14' }],
    ['/api/lookup/data/occupations', { searchTerm: 'acc' }],
  ])('%s without a token is 401', async (url, query) => {
    const res = await get(t.app, url, query, false);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/lookup/vehicles/vehicles/vrn', () => {
  it('finds a demo plate, with or without spaces and in any case', async () => {
    for (const vrn of ['AB12CDE', 'ab12 cde', 'AB12-CDE']) {
      const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn, profile: 'P1' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.vrn).toBe('AB12CDE');
      expect(body.regLookup).toBe(true);
      expect(body.specification).toMatchObject({ make: 'Ford', model: 'Fiesta', year: 2012 });
      expect(body.specification.vehicleCode).toMatch(/^\d{8}$/);
    }
  });

  it('answers 404 for a well-formed plate whose age identifier is not issued yet', async () => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', {
      vrn: 'ZZ99ZZZ'.replace('ZZ99', 'YY99'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('looks up a Northern Ireland plate: the lookup uses the quote’s registration formats (issue 27 §4)', async () => {
    for (const vrn of ['DAZ 1234', 'AIZ1234']) {
      const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn });
      expect(res.statusCode, vrn).not.toBe(400);
    }
  });

  it.each(['', 'Q123ABC', 'HELLO WORLD', 'AB12CD!', 'NOT A PLATE', '1234'])(
    'rejects %j with a field error',
    async (vrn) => {
      const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.vrn).toBeDefined();
    },
  );
});

interface Row {
  year: number;
  make: string;
  model: string;
  trim: string;
  vehicleCode: string;
  insuranceGroup?: number;
  rangeEndYear: number | null;
  [k: string]: unknown;
}
const vehicles = data<Row[]>('vehicles.json');

describe('sandbox register: any well-formed plate finds a car of its age', () => {
  const demo = new Set(data<{ vrn: string }[]>('registrations.json').map((r) => r.vrn));
  const lookup = async (vrn: string) => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn });
    expect(res.statusCode).toBe(200);
    return res.json().specification;
  };

  it.each([
    ['FD19 FCS', 2019, '2019-03-01'],
    ['KX69 ABC', 2019, '2019-09-01'],
    ['LB22 XYZ', 2022, '2022-03-01'],
    ['AB71 CDE', 2021, '2021-09-01'],
  ])('%s (not a demo plate) is a %i car on sale by %s, insurable', async (vrn, year, by) => {
    expect(demo.has(vrn.replace(' ', ''))).toBe(false);
    const car = await lookup(vrn);
    expect(car.year).toBe(year);
    expect(car.startDate <= by).toBe(true);
    expect(car.insuranceGroup).toBeGreaterThanOrEqual(1);
    expect(car.imported).toBe(false);
  });

  it('the same plate always answers the same car; different plates of one age spread over the catalogue', async () => {
    expect(await lookup('FD19FCS')).toEqual(await lookup('fd19 fcs'));
    const codes = new Set<string>();
    for (const letters of ['AAA', 'BCD', 'FGH', 'KLM', 'NPR', 'STU', 'WXY', 'ZZA']) {
      codes.add((await lookup(`MA18${letters}`)).vehicleCode);
    }
    expect(codes.size).toBeGreaterThan(3);
  });

  it('prefix and suffix letters give their year; dateless plates still find a car', async () => {
    expect((await lookup('P123 ABC')).year).toBe(1996);
    expect((await lookup('K45 DEF')).year).toBe(1992);
    expect((await lookup('ABC 123H')).year).toBeLessThanOrEqual(1970);
    expect((await lookup('ABX 1234')).make).toEqual(expect.any(String));
  });

  it('the demo plates keep their answers', async () => {
    expect(await lookup('VW19GLF')).toMatchObject({ make: 'Volkswagen', model: 'Golf', year: 2019 });
    expect(await lookup('CH19LHD')).toMatchObject({ imported: true });
  });
});

describe('vehicle catalogue', () => {
  it('lists the makes of a year, sorted, and none for a year with no cars', async () => {
    const res = await get(t.app, '/api/lookup/vehicles/makes', { year: '2019', profile: 'P1' });
    expect(res.statusCode).toBe(200);
    const { makes, year } = res.json();
    expect(year).toBe(2019);
    expect(makes).toEqual(
      expect.arrayContaining(['Ford', 'Volkswagen', 'Vauxhall', 'Tesla', 'BMW', 'Nissan']),
    );
    expect(makes).toEqual([...makes].sort((a: string, b: string) => a.localeCompare(b, 'en-GB')));
    expect(new Set(vehicles.filter((v) => v.year === 2019).map((v) => v.make)).size).toBe(makes.length);
    const empty = await get(t.app, '/api/lookup/vehicles/makes', { year: '1945' });
    expect(empty.json().makes).toEqual([]);
  });

  it('lists the models of a make in a year (make matched in any case)', async () => {
    const res = await get(t.app, '/api/lookup/vehicles/models', { year: '2019', make: 'ford' });
    expect(res.statusCode).toBe(200);
    expect(res.json().models).toEqual(expect.arrayContaining(['Fiesta', 'Focus', 'Kuga']));
    expect(res.json().models).not.toContain('Puma'); // launched 2020
    const none = await get(t.app, '/api/lookup/vehicles/models', { year: '2019', make: 'Abarth-X' });
    expect(none.json().models).toEqual([]);
  });

  it('returns every variant of a model with the full specification, value and group', async () => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles', {
      year: '2019',
      make: 'Ford',
      model: 'Fiesta',
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().vehicles as Row[];
    const expected = vehicles.filter((v) => v.year === 2019 && v.make === 'Ford' && v.model === 'Fiesta');
    expect(list).toHaveLength(expected.length);
    expect(list.length).toBeGreaterThan(4);
    expect(list).toEqual(expected);
    for (const v of list) {
      expect(Object.keys(v)).toEqual(
        expect.arrayContaining([
          'year',
          'make',
          'model',
          'trim',
          'primaryFuel',
          'secondaryFuel',
          'electricVehicleType',
          'bodyStyle',
          'transmission',
          'driveTrain',
          'engineCapacity',
          'engineLabel',
          'enginePower',
          'numberOfSeats',
          'rangeStartYear',
          'rangeEndYear',
          'startDate',
          'endDate',
          'aspirationType',
          'imported',
          'grossWeight',
          'vehicleCode',
          'value',
        ]),
      );
      expect(v.value).toBeGreaterThan(0);
    }
    expect(list.some((v) => v.trim === 'None of the above')).toBe(true);
  });

  it.each([
    ['primaryFuel', 'Petrol'],
    ['transmission', 'Automatic'],
    ['trim', 'ST 5dr'],
    ['engineLabel', '1.0 EcoBoost'],
    ['numberOfSeats', '5'],
    ['bodyStyle', 'Hatchback'],
    ['driveTrain', 'FWD'],
    ['aspirationType', 'Turbocharged'],
    ['rangeStartYear', '2017'],
  ])('filters variants by %s', async (field, wanted) => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles', {
      year: '2019',
      make: 'Ford',
      model: 'Fiesta',
      [field]: wanted,
    });
    const list = res.json().vehicles as Row[];
    expect(list.length).toBeGreaterThan(0);
    for (const v of list) expect(String(v[field])).toBe(wanted);
    const all = vehicles.filter((v) => v.year === 2019 && v.make === 'Ford' && v.model === 'Fiesta');
    expect(list.length).toBe(all.filter((v) => String(v[field]) === wanted).length);
  });

  it('an empty filter value matches a missing field (no secondary fuel); combined filters narrow', async () => {
    const q = { year: '2022', make: 'Toyota', model: 'RAV4' };
    // RAV4 2022: hybrids (HEV) and a plug-in hybrid (PHEV); none without a secondary fuel.
    const petrolOnly = (
      await get(t.app, '/api/lookup/vehicles/vehicles', { ...q, secondaryFuel: '' })
    ).json();
    const hybrids = (
      await get(t.app, '/api/lookup/vehicles/vehicles', { ...q, electricVehicleType: 'PHEV' })
    ).json();
    expect(hybrids.vehicles.length).toBeGreaterThan(0);
    for (const v of hybrids.vehicles) expect(v.secondaryFuel).toBe('Electric');
    expect(petrolOnly.vehicles).toEqual([]);
    const fiesta = { year: '2019', make: 'Ford', model: 'Fiesta', secondaryFuel: '' };
    const plain = (await get(t.app, '/api/lookup/vehicles/vehicles', fiesta)).json().vehicles;
    expect(plain.length).toBeGreaterThan(0);
    for (const v of plain) expect(v.secondaryFuel).toBeNull();
    const code = hybrids.vehicles[0].vehicleCode;
    const one = (await get(t.app, '/api/lookup/vehicles/vehicles', { ...q, vehicleCode: code })).json();
    expect(one.vehicles).toHaveLength(1);
  });

  it.each([
    [{ year: 'abc', make: 'Ford', model: 'Fiesta' }, 'year'],
    [{ year: '1939', make: 'Ford', model: 'Fiesta' }, 'year'],
    [{ year: '2019', model: 'Fiesta' }, 'make'],
    [{ year: '2019', make: 'Ford' }, 'model'],
  ])('rejects bad variant queries %j', async (query, field) => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles', query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBeDefined();
  });

  it('rejects a missing year for makes and models', async () => {
    expect((await get(t.app, '/api/lookup/vehicles/makes')).statusCode).toBe(400);
    expect(
      (await get(t.app, '/api/lookup/vehicles/models', { make: 'Ford' })).json().fieldErrors.year,
    ).toBeDefined();
  });
});

describe('demo registrations', () => {
  const registrations = data<{ vrn: string; vehicleCode: string; year: number }[]>('registrations.json');
  it('ships at least 500 valid plates, none starting with Q, each resolving to a catalogue row', async () => {
    expect(registrations.length).toBeGreaterThanOrEqual(500);
    const { isRegistration } = await import('@forecourt/domain/patterns');
    for (const r of registrations) {
      expect(isRegistration(r.vrn), r.vrn).toBe(true);
      expect(r.vrn.startsWith('Q')).toBe(false);
      expect(
        vehicles.some((v) => v.vehicleCode === r.vehicleCode && v.year === r.year),
        r.vrn,
      ).toBe(true);
    }
    const sample = registrations[200] as { vrn: string; vehicleCode: string; year: number };
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn: sample.vrn });
    expect(res.json().specification).toMatchObject({ vehicleCode: sample.vehicleCode, year: sample.year });
  });

  it('a plate whose car has no insurance group answers without an insurance group', async () => {
    const plate = registrations.find((r) => r.vrn === 'CH19LHD') as { vrn: string };
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn: plate.vrn });
    expect(res.json().specification).toMatchObject({ make: 'Chevrolet', steering: 'LHD', imported: true });
    expect(res.json().specification).not.toHaveProperty('insuranceGroup');
  });
});

describe('addresses', () => {
  const addresses = data<{ id: string; postalCode: string; line1: string; city: string }[]>('addresses.json');
  const first = addresses[0] as { id: string; postalCode: string; line1: string; city: string };
  const inPostcode = addresses.filter((a) => a.postalCode === first.postalCode);

  it('ships at least 5,000 addresses over 300 postcodes in 20 areas, all in a valid UK format', () => {
    const postcodes = new Set(addresses.map((a) => a.postalCode));
    expect(addresses.length).toBeGreaterThanOrEqual(5000);
    expect(postcodes.size).toBeGreaterThanOrEqual(300);
    expect(new Set([...postcodes].map((p) => p.match(/^[A-Z]+/)?.[0])).size).toBeGreaterThanOrEqual(20);
    for (const p of postcodes) expect(p).toMatch(/^[A-Z][A-Z]?[0-9][A-Z0-9]? [0-9][A-Z]{2}$/);
  });

  it('finds a postcode as a container, then drills into its addresses, then retrieves one', async () => {
    const found = await get(t.app, '/api/lookup/addresses', {
      service: 'GBR',
      text: first.postalCode.toLowerCase(),
    });
    expect(found.statusCode).toBe(200);
    const [container] = found.json().items;
    expect(container).toMatchObject({ type: 'Postcode', text: first.postalCode });
    expect(container.description).toContain(`${inPostcode.length} Addresses`);

    const inside = await get(t.app, '/api/lookup/addresses', {
      service: 'GBR',
      text: '',
      container: container.id,
    });
    const items = inside.json().items;
    expect(items).toHaveLength(inPostcode.length);
    expect(items[0]).toMatchObject({ type: 'Address', id: first.id });

    const full = await get(t.app, `/api/lookup/address/${encodeURIComponent(first.id)}`, { service: 'GBR' });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      id: first.id,
      line1: first.line1,
      city: first.city,
      postalCode: first.postalCode,
      countryName: 'United Kingdom',
      countryIso2: 'GB',
      countryIso3: 'GBR',
    });
    expect(full.json().label).toContain(first.postalCode);
  });

  it('an outward code lists several postcodes; free text finds addresses by street and town', async () => {
    const outward = first.postalCode.split(' ')[0] as string;
    const byOutward = (await get(t.app, '/api/lookup/addresses', { text: outward })).json().items;
    expect(byOutward.length).toBeGreaterThan(1);
    for (const i of byOutward) expect(i.type).toBe('Postcode');
    const byStreet = (
      await get(t.app, '/api/lookup/addresses', { text: 'wilmslow road manchester', limit: '5' })
    ).json().items;
    expect(byStreet).toHaveLength(5);
    for (const i of byStreet) {
      expect(i.type).toBe('Address');
      expect(`${i.text} ${i.description}`.toLowerCase()).toContain('wilmslow road');
    }
  });

  it('blank text finds nothing; unknown text and containers find nothing; unknown id is 404', async () => {
    expect((await get(t.app, '/api/lookup/addresses', { text: '   ' })).json().items).toEqual([]);
    expect((await get(t.app, '/api/lookup/addresses', { text: 'zzqx nowhere' })).json().items).toEqual([]);
    expect((await get(t.app, '/api/lookup/addresses', { container: 'PC-XX99ZZ' })).json().items).toEqual([]);
    const res = await get(t.app, '/api/lookup/address/A-999999', { service: 'GBR' });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['EC1A 1BB', 'London'],
    ['W1A 0AX', 'London'],
    ['M1 1AE', 'Manchester'],
    ['AB42 1AA', 'Peterhead'],
    ['TR18 4AA', 'Penzance'],
    ['B72 1AB', 'Sutton Coldfield'],
    ['zE1 0aa', 'Shetland'],
  ])(
    'any well-formed postcode (%s) answers with its post town (%s) and a street of houses',
    async (pc, town) => {
      const found = (await get(t.app, '/api/lookup/addresses', { text: pc })).json().items;
      const normalised = pc.toUpperCase();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ type: 'Postcode', text: normalised });
      expect(found[0].description).toContain(town);
      const inside = (await get(t.app, '/api/lookup/addresses', { text: '', container: found[0].id })).json()
        .items;
      expect(inside.length).toBeGreaterThanOrEqual(8);
      const street = inside[0].text.replace(/^\d+\s+/, '');
      for (const a of inside) expect(a.text).toMatch(new RegExp(`^\\d+ ${street}$`));
      const full = await get(t.app, `/api/lookup/address/${encodeURIComponent(inside[2].id)}`);
      expect(full.statusCode).toBe(200);
      expect(full.json()).toMatchObject({ city: town, postalCode: normalised, line1: inside[2].text });
      // deterministic: the same postcode gives the same street
      const again = (await get(t.app, '/api/lookup/addresses', { text: '', container: found[0].id })).json()
        .items;
      expect(again).toEqual(inside);
    },
  );

  it('the demo postcodes keep their addresses; a malformed or Q/V/X postcode finds nothing', async () => {
    const found = (await get(t.app, '/api/lookup/addresses', { text: first.postalCode })).json().items;
    expect(found[0].description).toContain(`${inPostcode.length} Addresses`);
    for (const text of ['Q1 1AA', 'XX9 9ZZ', 'SW1A 1A']) {
      expect((await get(t.app, '/api/lookup/addresses', { text })).json().items).toEqual([]);
    }
  });

  it('ships all 121 UK postcode areas with a post town', () => {
    const towns =
      data<Record<string, { town: string; districts: Record<string, string> }>>('post-towns.json');
    expect(Object.keys(towns)).toHaveLength(121);
    for (const [area, entry] of Object.entries(towns)) {
      expect(area).toMatch(/^[A-PR-UWYZ][A-HK-Y]?$/);
      expect(entry.town).not.toBe('');
      for (const d of Object.keys(entry.districts)) expect(d.startsWith(area)).toBe(true);
    }
  });

  it('only GBR is served', async () => {
    const res = await get(t.app, '/api/lookup/addresses', { service: 'FRA', text: 'Paris' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.service).toBeDefined();
    expect((await get(t.app, `/api/lookup/address/${first.id}`, { service: 'USA' })).statusCode).toBe(400);
  });
});

describe('reference data tables', () => {
  it.each([
    ['occupations', 'acc', 'Accountant'],
    ['industries', 'ins', 'Insurance'],
    ['convictions', 'sp', 'SP30'],
    ['claim-types', '', 'Accident-Fault'],
  ])('searches %s after the minimum characters', async (table, term, expected) => {
    const res = await get(t.app, `/api/lookup/data/${table}`, { searchTerm: term });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { code: string; name: string }[];
    expect(items.some((i) => i.name === expected || i.code === expected)).toBe(true);
  });

  it.each([
    ['occupations', 'ac', 3],
    ['industries', 'i', 3],
    ['convictions', 'S', 2],
  ])('rejects a search of %s below the minimum characters', async (table, term, minimum) => {
    const res = await get(t.app, `/api/lookup/data/${table}`, { searchTerm: term });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.searchTerm).toEqual([`Enter at least ${minimum} characters`]);
  });

  it('ranks code and word-start matches first', async () => {
    const items = (await get(t.app, '/api/lookup/data/convictions', { searchTerm: 'dr1' })).json().items;
    expect(items[0].code).toBe('DR10');
    const occ = (await get(t.app, '/api/lookup/data/occupations', { searchTerm: 'driver' })).json().items;
    expect(occ.map((o: { name: string }) => o.name)).toEqual(
      expect.arrayContaining(['Taxi Driver', 'Bus Driver']),
    );
  });

  it('gets one entry by code (any case) with its meaning; unknown codes are 404', async () => {
    const res = await get(t.app, '/api/lookup/data/convictions/in10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'IN10',
      name: 'Using a vehicle uninsured against third party risks',
      description: 'Insurance offences',
    });
    const tt = (await get(t.app, '/api/lookup/data/convictions/TT99')).json();
    expect(tt.name).toContain('totting-up');
    expect((await get(t.app, '/api/lookup/data/convictions/XX99')).statusCode).toBe(404);
    expect((await get(t.app, '/api/lookup/data/occupations/A02')).json().name).toBe('Accountant');
    const byName = await get(t.app, `/api/lookup/data/occupations/${encodeURIComponent('taxi driver')}`);
    expect(byName.json()).toMatchObject({ name: 'Taxi Driver', code: expect.stringMatching(/^T\d{2}$/) });
  });

  it('ships realistic tables with unique codes', () => {
    for (const [file, min] of [
      ['occupations.json', 200],
      ['industries.json', 150],
      ['convictions.json', 60],
      ['claim-types.json', 8],
    ] as const) {
      const rows = data<{ code: string }[]>(file);
      expect(rows.length, file).toBeGreaterThanOrEqual(min);
      expect(new Set(rows.map((r) => r.code)).size, file).toBe(rows.length);
    }
  });

  it('rejects an unknown table', async () => {
    const res = await get(t.app, '/api/lookup/data/pets', { searchTerm: 'dog' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.table).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents every lookup route', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/lookup/vehicles/vehicles/vrn',
      '/api/lookup/vehicles/makes',
      '/api/lookup/vehicles/models',
      '/api/lookup/vehicles/vehicles',
      '/api/lookup/addresses',
      '/api/lookup/address/{id}',
      '/api/lookup/data/{table}',
      '/api/lookup/data/{table}/{entry}',
    ])
      expect(doc.paths[path]?.get, path).toBeDefined();
    const params = doc.paths['/api/lookup/vehicles/vehicles'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['year', 'make', 'model', 'primaryFuel', 'aspirationType']),
    );
  });
});
