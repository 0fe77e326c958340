import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers liveness and readiness with the database reachable', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('config', () => {
  it('serves the brand the browser needs', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Forecourt');
    expect(body.features).toMatchObject({
      multiQuote: true,
      allowModifyBillingDay: false,
      axitechFnol: false,
      isAdmin: false,
    });
    expect(body.formats.phoneNumber.prefix).toBe('+44');
    expect(body.schemes[0].productUrlName).toBe('car-insurance');
  });

  it('switches on admin mode for the admin app', async () => {
    expect((await t.app.inject('/api/config?mode=admin')).json().features.isAdmin).toBe(true);
  });

  it('rejects a bad query with the one error shape', async () => {
    const res = await t.app.inject('/api/config?mode=root');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { mode: [expect.any(String)] } });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });
});

describe('errors and headers', () => {
  it('gives 404 in the error shape for unknown API paths, with security headers', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps a caller-supplied request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/session', '/api/config']));
    expect((await t.app.inject('/api/docs/')).statusCode).toBe(200);
  });
});
