import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { EnvError, loadEnv } from '../src/config/env.ts';
import { BAD_TEXT_MESSAGE } from '../src/lib/input-guard.ts';
import type { Providers } from '../src/providers/index.ts';
import { anonymousToken, createTestApp, freshDatabase, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** Production with the sandbox explicitly allowed (a demo). */
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  prod = await production({ ALLOW_SANDBOX_PROVIDERS: 'true' });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

const json = { 'content-type': 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Builds the app in production on its own database; the caller closes it. */
async function production(env: BuildOptions['env'] = {}, providers?: Partial<Providers>) {
  return createTestApp({ env: { NODE_ENV: 'production', ...env }, ...(providers ? { providers } : {}) });
}

describe('development pages (ADR 125)', () => {
  it('/dev/outbox answers a client on this machine', async () => {
    const res = await t.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Development outbox');
  });

  it('answers 404 to any other client, however the path is spelt', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox?x=1', '//dev/outbox', '/%64ev/outbox', '/DEV/outbox']) {
      const res = await t.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Development outbox');
    }
  });

  it('answers 404 to a request relayed by an untrusted proxy on this machine', async () => {
    const res = await t.app.inject({ url: '/dev/outbox', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(res.statusCode).toBe(404);
    const forwarded = await t.app.inject({ url: '/dev/outbox', headers: { forwarded: 'for=198.51.100.4' } });
    expect(forwarded.statusCode).toBe(404);
  });

  it('answer 404 in production, even to this machine', async () => {
    expect((await prod.app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('listens on loopback by default outside production, on every interface in production', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('sandbox payment providers in production (ADR 126)', () => {
  it('refuse to start, naming the variable that allows them', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const start = buildApp({ logger: false, database, env: { NODE_ENV: 'production', JOBS: 'false' } });
      await expect(start).rejects.toBeInstanceOf(EnvError);
      await expect(start).rejects.toThrow(/sandbox payment providers.*ALLOW_SANDBOX_PROVIDERS=true/s);
    } finally {
      await drop();
    }
  });

  it('start when explicitly allowed, with the sandbox pages', async () => {
    expect((await prod.app.inject({ url: '/sandbox/card/terminal' })).statusCode).toBe(200);
  });

  it('with real providers configured, no sandbox page is mounted', async () => {
    const real = { name: 'stripe' } as unknown as Providers['cardPayments'];
    const dd = { name: 'gocardless' } as unknown as Providers['directDebit'];
    const prod = await production({}, { cardPayments: real, directDebit: dd });
    try {
      expect((await prod.app.inject({ url: '/sandbox/card/terminal' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('NUL bytes and lone surrogates are refused in one place (ADR 128)', () => {
  const expectRefused = (res: { statusCode: number; json: () => unknown }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.json(), what).toMatchObject({ code: 'VALIDATION', message: BAD_TEXT_MESSAGE });
  };
  /** A path the router itself cannot decode: refused before routing, in the same shape. */
  const expectBadPath = (res: { statusCode: number; json: () => unknown }, what: string) => {
    expect(res.statusCode, what).toBe(400);
    expect(res.json(), what).toMatchObject({ code: 'VALIDATION', requestId: expect.any(String) });
  };

  it('in JSON bodies, nested values and keys', async () => {
    const token = await anonymousToken(t.app);
    const headers = { ...json, authorization: `Bearer ${token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'FCMOTOR1' },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().code as string;
    // Each with the field it is in, as validation errors name fields (a bad key names the object holding it).
    const cases: [string, string, string, string][] = [
      ['POST', '/api/proposals', '{"schemeCode":"FCMOTOR1","source":"a\\u0000b"}', 'source'],
      ['POST', '/api/proposals', '{"schemeCode":"FCMOTOR1","source":"\\ud800"}', 'source'],
      [
        'PATCH',
        `/api/proposals/${code}`,
        '{"answers":{"policyholder.firstName":"Sam\\u0000"}}',
        'answers.policyholder.firstName',
      ],
      ['PATCH', `/api/proposals/${code}`, '{"answers":{"x\\u0000":"1"}}', 'answers'],
      [
        'POST',
        '/api/session/back-book',
        '{"externalReference":"AB\\u0000CD","dateOfBirth":"1985-06-15","postalCode":"SW1A 1AA"}',
        'externalReference',
      ],
      [
        'POST',
        '/api/policyholder/validateAccount',
        `{"source":"${code}","email":"a\\udc00@example.com"}`,
        'email',
      ],
      [
        'PATCH',
        `/api/proposals/${code}`,
        '{"changes":[{"path":"a","value":["ok","\\u0000"]}]}',
        'changes.0.value.1',
      ],
      ['POST', '/api/proposals', '"\\u0000"', 'body'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.app.inject({ method: method as 'POST', url, headers, payload });
      expectRefused(res, `${method} ${url} ${payload}`);
      expect(Object.keys(res.json().fieldErrors ?? {}), `${method} ${url} ${payload}`).toEqual([field]);
    }
  });

  it('in paths and queries, encoded as NUL or as the UTF-8 of a lone surrogate', async () => {
    const token = await anonymousToken(t.app);
    expectBadPath(await t.app.inject({ url: '/api/proposals/AB%ED%A0%80CD' }), 'surrogate in a path');
    for (const url of [
      '/api/proposals/AB%00CD',
      '/api/proposals?externalReference=%00',
      '/api/proposals?externalReference=%ED%B0%80',
      '/api/lookup/address/GB%00X',
      '/no-such-page%00',
    ]) {
      const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expectRefused(res, url);
    }
  });

  it('at the identity provider: /auth/token and its other endpoints', async () => {
    for (const payload of [
      'grant_type=authorization_code&code=abc%00def&client_id=forecourt-web&code_verifier=x&redirect_uri=http%3A%2F%2Flocalhost%2Fcallback',
      'grant_type=refresh_token&refresh_token=%00&client_id=forecourt-web',
      'grant_type=refresh_token&refresh_token=abc&client_id=forecourt-web%00',
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/auth/token', headers: FORM, payload });
      expectRefused(res, payload);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/auth/token/introspection',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":"\\ud800"}',
    });
    expectRefused(json, 'JSON body');
    expectRefused(await t.app.inject({ url: '/auth/session/end?state=%00' }), 'query');
  });

  it('leaves good text alone, emoji and all', async () => {
    const token = await anonymousToken(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: { ...json, authorization: `Bearer ${token}` },
      payload: { schemeCode: 'FCMOTOR1', source: 'Zoë 🚗 café' },
    });
    expect(res.statusCode).toBe(201);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: FORM,
      payload: 'grant_type=refresh_token&refresh_token=nope&client_id=forecourt-web',
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
  });
});

describe('HTTPS-only headers and API docs (ADR 129)', () => {
  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const https = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toContain('max-age=');
      const http = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // An untrusted client claiming HTTPS does not switch it on.
    const claimed = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves /api/docs outside production; in production only with API_DOCS=true', async () => {
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).not.toBe(404);
    expect((await prod.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
    expect((await prod.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(404);
    const documented = await production({ ALLOW_SANDBOX_PROVIDERS: 'true', API_DOCS: 'true' });
    try {
      expect((await documented.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await documented.close();
    }
  });
});
