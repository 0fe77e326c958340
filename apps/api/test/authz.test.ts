import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { signIn } from './helpers/identity-flow.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

/** A clock the test can move: access tokens expire by the API's clock. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
let owner: { token: string; partyId: string; code: string };
const callers: Record<string, { token?: string; impersonate?: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const o = await signIn(t.app, 'owner@example.com');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: { authorization: `Bearer ${o.access_token}` },
    payload: { schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) },
  });
  expect(created.statusCode).toBe(201);
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/policyholder',
    headers: { authorization: `Bearer ${o.access_token}` },
  });
  owner = { token: o.access_token, partyId: me.json().partyId, code: created.json().proposalCode };
  await createStaffUser(t.app.services.db, {
    email: 'agent@forecourt.example',
    permissions: ['access:impersonate'],
  });
  await createStaffUser(t.app.services.db, { email: 'finance@forecourt.example', permissions: ['finance'] });
  const agent = await signIn(t.app, 'agent@forecourt.example', 'forecourt-admin');
  const finance = await signIn(t.app, 'finance@forecourt.example', 'forecourt-admin');
  callers.owner = { token: owner.token };
  callers['impersonating admin'] = { token: agent.access_token, impersonate: owner.partyId };
  callers['other customer'] = { token: (await signIn(t.app, 'other@example.com')).access_token };
  callers['anonymous visitor'] = { token: await anonymousToken(t.app) };
  callers['no token'] = {};
  callers['admin not impersonating'] = { token: agent.access_token };
  callers['admin without access:impersonate'] = { token: finance.access_token, impersonate: owner.partyId };
});
afterAll(async () => t.close());

type Endpoint = {
  method: 'GET' | 'POST' | 'PATCH';
  url: () => string;
  /** The path as documented ({code} is the owner's proposal). */
  path: string;
  payload?: () => object;
  self?: boolean;
};

/** Every endpoint that touches customer data. `self`: it answers about the caller's own account. */
const endpoints: Endpoint[] = [
  { method: 'GET', path: '/api/policyholder', url: () => '/api/policyholder', self: true },
  {
    method: 'PATCH',
    path: '/api/policyholder',
    url: () => '/api/policyholder',
    payload: () => ({ marketingPreferences: { email: true, phone: true, sms: false } }),
    self: true,
  },
  {
    method: 'POST',
    path: '/api/policyholder/validateAccount',
    url: () => '/api/policyholder/validateAccount',
    payload: () => ({ source: owner.code }),
  },
  {
    method: 'POST',
    path: '/api/proposals/{code}/account',
    url: () => `/api/proposals/${owner.code}/account`,
  },
  { method: 'GET', path: '/api/proposals/{code}', url: () => `/api/proposals/${owner.code}` },
  {
    method: 'PATCH',
    path: '/api/proposals/{code}',
    url: () => `/api/proposals/${owner.code}`,
    payload: () => ({ changes: [] }),
  },
  {
    method: 'POST',
    path: '/api/proposals/{code}/retain',
    url: () => `/api/proposals/${owner.code}/retain`,
    payload: () => ({ email: 'owner@example.com' }),
  },
  { method: 'GET', path: '/api/proposals', url: () => '/api/proposals', self: true },
];

const allowed = ['owner', 'impersonating admin'];

describe('who may touch a customer’s data', () => {
  for (const e of endpoints) {
    for (const caller of [
      'owner',
      'impersonating admin',
      'other customer',
      'anonymous visitor',
      'no token',
      'admin not impersonating',
      'admin without access:impersonate',
    ]) {
      const ok = allowed.includes(caller);
      it(`${e.method} ${e.path} as ${caller}: ${ok ? 'succeeds' : 'refused'}`, async () => {
        const c = callers[caller]!;
        const res = await t.app.inject({
          method: e.method,
          url: e.url(),
          headers: {
            ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
            ...(c.impersonate ? { 'x-impersonate': c.impersonate } : {}),
          },
          ...(e.payload ? { payload: e.payload() } : {}),
        });
        const body = res.json() as Record<string, unknown>;
        // What the caller saw of the owner: their account, or their proposal.
        const sawOwner =
          res.statusCode < 300 &&
          (body.partyId === owner.partyId ||
            body.proposalCode === owner.code ||
            (Array.isArray(body.items) &&
              body.items.some((p: { proposalCode?: string }) => p.proposalCode === owner.code)) ||
            (!e.self && !('partyId' in body)));
        if (ok) {
          expect(res.statusCode, res.body).toBeLessThan(300);
          expect(sawOwner, res.body).toBe(true);
        } else if (res.statusCode < 300) {
          // Only "my own account" endpoints answer others, and never with the owner's data.
          expect(e.self, res.body).toBe(true);
          expect(sawOwner, res.body).toBe(false);
        } else {
          expect([401, 403, 404], res.body).toContain(res.statusCode);
        }
      });
    }
  }
});

describe('access tokens the API refuses', () => {
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/policyholder', headers: { authorization: `Bearer ${token}` } });

  it('an expired token gets 401', async () => {
    expect((await get(owner.token)).statusCode).toBe(200);
    offsetMs = 16 * 60 * 1000;
    try {
      const res = await get(owner.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    } finally {
      offsetMs = 0;
    }
  });

  it('a tampered token gets 401', async () => {
    const [h, p, s] = owner.token.split('.');
    const claims = { ...decodeJwt(owner.token), sub: 'someone-else' };
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    expect(p).not.toBe(forged.split('.')[1]);
    expect((await get(forged)).statusCode).toBe(401);
    expect((await get(`${owner.token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it('a token for another audience, even signed by our issuer, gets 401', async () => {
    const stored = await t.database.query("SELECT value FROM app_secrets WHERE name = 'oidc-signing-keys'");
    const jwk = (JSON.parse(String(stored.rows[0]?.value)) as { keys: JWK[] }).keys[0]!;
    const key = await importJWK(jwk, 'ES256');
    const claims = decodeJwt(owner.token);
    const sign = (aud: string) =>
      new SignJWT({ ...claims, aud })
        .setProtectedHeader({ alg: 'ES256', kid: jwk.kid!, typ: 'at+jwt' })
        .sign(key);
    expect((await get(await sign('forecourt:api'))).statusCode).toBe(200);
    expect((await get(await sign('https://other.example/api'))).statusCode).toBe(401);
  });
});
