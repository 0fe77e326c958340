import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

const data = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../../data/${file}`, import.meta.url), 'utf8'));

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

  it('answers 404 for a valid plate that is not registered', async () => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn: 'ZZ99ZZZ'.replace('ZZ99', 'YY99') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it.each(['', 'Q123ABC', 'HELLO WORLD', 'AB12CD!'])('rejects %j with a field error', async (vrn) => {
    const res = await get(t.app, '/api/lookup/vehicles/vehicles/vrn', { vrn });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.vrn).toBeDefined();
  });
});
