import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from './helpers/identity-flow.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A second, separate issuer started by the test: an HTTP server publishing OIDC discovery and a JWKS,
 * with an RS256 key the test signs access tokens with. OIDC_ISSUER/OIDC_AUDIENCE point the API at it.
 */
let server: Server;
let issuer: string;
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: PrivateKey;
let t: TestApp;
const AUDIENCE = 'https://api.forecourt.example';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration')
      return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    if (req.url === '/keys') return res.end(JSON.stringify({ keys: [jwk] }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: AUDIENCE } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

async function token(
  claims: Record<string, unknown>,
  options: { aud?: string; iss?: string; key?: PrivateKey } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(options.iss ?? issuer)
    .setAudience(options.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(options.key ?? privateKey);
}

const get = (url: string, accessToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${accessToken}`, ...headers } });

describe('an outside OIDC issuer (OIDC_ISSUER, OIDC_AUDIENCE)', () => {
  it('accepts its access tokens and maps the subject to a customer party', async () => {
    const access = await token({
      sub: 'auth0|42',
      email: 'ext@example.com',
      email_verified: true,
      given_name: 'Ext',
    });
    const me = await get('/api/policyholder', access);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ext@example.com',
      firstName: 'Ext',
      readOnlySettings: ['email'],
    });
    const again = await get('/api/policyholder', await token({ sub: 'auth0|42' }));
    expect(again.json().partyId).toBe(me.json().partyId);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/policyholder',
      headers: { authorization: `Bearer ${access}` },
      payload: { email: 'changed@example.com' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('refuses tokens for another audience, from another issuer or signed by another key', async () => {
    const other = await generateKeyPair('RS256');
    expect(
      (await get('/api/policyholder', await token({ sub: 'x' }, { aud: 'forecourt:api' }))).statusCode,
    ).toBe(401);
    expect(
      (await get('/api/policyholder', await token({ sub: 'x' }, { iss: 'https://evil.example' }))).statusCode,
    ).toBe(401);
    expect(
      (await get('/api/policyholder', await token({ sub: 'x' }, { key: other.privateKey }))).statusCode,
    ).toBe(401);
  });

  it('takes staff permissions from the token claims', async () => {
    const customer = await get(
      '/api/policyholder',
      await token({ sub: 'auth0|7', email: 'seven@example.com', email_verified: true }),
    );
    const party = customer.json().partyId as string;
    const staff = await token({ sub: 'auth0|staff', permissions: ['access:impersonate'] });
    const acting = await get('/api/policyholder', staff, { 'x-impersonate': party });
    expect(acting.statusCode).toBe(200);
    expect(acting.json().email).toBe('seven@example.com');
    const noPermission = await token({ sub: 'auth0|finance', permissions: ['finance'] });
    expect((await get('/api/policyholder', noPermission, { 'x-impersonate': party })).statusCode).toBe(403);
  });

  it('links an account set up from a quote to the first sign-in with that verified e-mail', async () => {
    const visitor = await anonymousToken(t.app);
    const data = sampleProposalData(todayInLondon(new Date()));
    (data.profiles[0]!.data as Record<string, unknown>).email = 'ahead@example.com';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers: { authorization: `Bearer ${visitor}` },
      payload: { schemeCode: 'FCMOTOR1', data },
    });
    const code = created.json().proposalCode as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/account`,
      headers: { authorization: `Bearer ${visitor}` },
    });
    expect(sent.statusCode).toBe(202);
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/proposals/${code}/account`,
      headers: { authorization: `Bearer ${visitor}` },
      payload: { code: await latestCode(t.app, 'ahead@example.com', 'account-code') },
    });
    expect(reg.statusCode).toBe(200);
    // An outside issuer signs the customer in itself: no ticket.
    expect(reg.json().signInTicket).toBeUndefined();
    const unverified = await get(
      '/api/policyholder',
      await token({ sub: 'auth0|spoof', email: 'ahead@example.com' }),
    );
    expect((await get(`/api/proposals/${code}`, await token({ sub: 'auth0|spoof' }))).statusCode).toBe(404);
    expect(unverified.json().email).toBeNull();
    const verified = await token({ sub: 'auth0|ahead', email: 'ahead@example.com', email_verified: true });
    expect((await get(`/api/proposals/${code}`, verified)).statusCode).toBe(200);
  });

  it('does not mount the embedded issuer, and tells the web app where to sign in', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().auth).toMatchObject({ issuer, audience: AUDIENCE });
  });
});
