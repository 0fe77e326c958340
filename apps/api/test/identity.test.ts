import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env.ts';
import { purgeExpiredIdentityRecords } from '../src/modules/identity/jobs.ts';
import {
  finishSignIn,
  latestCode,
  sendCodeRequest,
  signIn,
  startSignIn,
  verifyCodeRequest,
} from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('embedded identity provider', () => {
  it('publishes discovery with PKCE, refresh tokens and its keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.issuer).toBe('http://localhost:80/auth');
    expect(d.code_challenge_methods_supported).toContain('S256');
    expect(d.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    const jwks = await t.app.inject({ method: 'GET', url: '/auth/jwks' });
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });

  it('signs a customer in by e-mail code and issues a JWT access token for the API', async () => {
    const tokens = await signIn(t.app, 'Jo@Example.com');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe('forecourt:api');
    expect(claims.iss).toBe('http://localhost:80/auth');
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({ email: 'jo@example.com', roles: ['customer'], connection: 'email' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('jo@example.com');
    const party = await t.database.query('SELECT kind FROM parties WHERE id = $1', [me.json().partyId]);
    expect(party.rows).toEqual([{ kind: 'customer' }]);
  });

  it('userinfo (the discovery document’s userinfo_endpoint) accepts the access token it issued (issue 27 §12)', async () => {
    const tokens = await signIn(t.app, 'userinfo@example.com');
    const discovery = (
      await t.app.inject({ method: 'GET', url: '/auth/.well-known/openid-configuration' })
    ).json();
    const path = new URL(discovery.userinfo_endpoint).pathname;
    expect(path).toBe('/auth/me');
    for (const method of ['GET', 'POST'] as const) {
      const me = await t.app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({
        sub: decodeJwt(tokens.access_token).sub,
        email: 'userinfo@example.com',
        email_verified: true,
        roles: ['customer'],
      });
      expect(me.headers['cache-control']).toBe('no-store');
    }
    // Nothing, a tampered token or an ID token is refused as RFC 6750 says.
    const tampered = `${tokens.access_token.slice(0, -4)}AAAA`;
    for (const authorization of [undefined, `Bearer ${tampered}`, `Bearer ${tokens.id_token}`]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: path,
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('signs in by a code sent by SMS to a UK mobile', async () => {
    const tokens = await signIn(t.app, '07700 900456');
    const sms = await t.database.query("SELECT channel FROM outbox WHERE recipient = '+447700900456'");
    expect(sms.rows).toEqual([{ channel: 'sms' }]);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ phone_number: '+447700900456', connection: 'sms' });
  });

  it('rotates refresh tokens: a new one each time, the old one no longer works', async () => {
    const tokens = await signIn(t.app, 'rotate@example.com');
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/token',
        headers: FORM,
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: 'forecourt-web',
        }).toString(),
      });
    const first = await refresh(tokens.refresh_token!);
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(first.json().access_token).aud).toBe('forecourt:api');
    const reused = await refresh(tokens.refresh_token!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('refuses an address that is neither an e-mail nor a UK mobile', async () => {
    const s = await startSignIn(t.app);
    const res = await sendCodeRequest(t.app, s, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a valid e-mail address or a UK mobile number');
  });

  it('kills a code after 5 wrong guesses, even if the right one follows', async () => {
    const s = await startSignIn(t.app);
    await sendCodeRequest(t.app, s, 'guess@example.com');
    const right = await latestCode(t.app, 'guess@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await verifyCodeRequest(t.app, s, 'guess@example.com', wrong)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const late = await verifyCodeRequest(t.app, s, 'guess@example.com', right);
    expect(late.statusCode).toBe(429);
    expect(late.body).toContain('Too many wrong attempts');
  });

  it('limits codes sent to one address to 5 in 15 minutes', async () => {
    const s = await startSignIn(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await sendCodeRequest(t.app, s, 'flood@example.com')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const outbox = await t.database.query(
      "SELECT count(*)::int AS n FROM outbox WHERE recipient = 'flood@example.com'",
    );
    expect(outbox.rows[0]?.n).toBe(5);
    offsetMs = 16 * 60 * 1000;
    try {
      expect((await sendCodeRequest(t.app, s, 'flood@example.com')).statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('SIGN_IN_CODES_PER_ADDRESS raises the limit outside production only (the browser journeys’ server)', async () => {
    expect(loadEnv({ SIGN_IN_CODES_PER_ADDRESS: '500' }).SIGN_IN_CODES_PER_ADDRESS).toBe(500);
    expect(loadEnv({}).SIGN_IN_CODES_PER_ADDRESS).toBe(5);
    expect(
      loadEnv({ NODE_ENV: 'production', SIGN_IN_CODES_PER_ADDRESS: '500' }).SIGN_IN_CODES_PER_ADDRESS,
    ).toBe(5);
    const raised = await createTestApp({ env: { SIGN_IN_CODES_PER_ADDRESS: '7' } });
    try {
      const s = await startSignIn(raised.app);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await sendCodeRequest(raised.app, s, 'many@example.com')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await raised.close();
    }
  });

  it('limits codes one client may ask for, whatever the addresses', async () => {
    const s = await startSignIn(t.app);
    const send = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: `/auth/interaction/${s.uid}/send`,
        headers: { ...FORM, cookie: s.jar.header() },
        remoteAddress: '203.0.113.9',
        payload: new URLSearchParams({ address }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await send(`pump${i}@example.com`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it('expires codes after 10 minutes', async () => {
    const s = await startSignIn(t.app);
    await sendCodeRequest(t.app, s, 'late@example.com');
    const code = await latestCode(t.app, 'late@example.com');
    offsetMs = 11 * 60 * 1000;
    try {
      const res = await verifyCodeRequest(t.app, s, 'late@example.com', code);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('expired');
    } finally {
      offsetMs = 0;
    }
  });

  it('a code only works in the sign-in it was sent for', async () => {
    const a = await startSignIn(t.app);
    const b = await startSignIn(t.app);
    await sendCodeRequest(t.app, a, 'twice@example.com');
    const code = await latestCode(t.app, 'twice@example.com');
    expect((await verifyCodeRequest(t.app, b, 'twice@example.com', code)).statusCode).toBe(400);
    const ok = await verifyCodeRequest(t.app, a, 'twice@example.com', code);
    expect(ok.statusCode).toBe(303);
    a.jar.store(ok.headers['set-cookie']);
    const tokens = await finishSignIn(t.app, a, String(ok.headers.location));
    expect(tokens.access_token).toBeTruthy();
  });

  it('shows the sandbox outbox at /dev/outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('jo@example.com');
    expect(res.body).toMatch(/sign-in code is \d{6}/);
  });
});

describe('housekeeping', () => {
  it('purges expired sessions, tokens and old codes; a purged refresh token no longer works', async () => {
    const tokens = await signIn(t.app, 'purge@example.com');
    offsetMs = 15 * 24 * 60 * 60 * 1000;
    try {
      const purged = await purgeExpiredIdentityRecords(t.app.services);
      expect(purged.models).toBeGreaterThan(0);
      expect(purged.codes).toBeGreaterThan(0);
      const left = await t.database.query('SELECT count(*)::int AS n FROM login_codes');
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      offsetMs = 0;
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: FORM,
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: 'forecourt-web',
      }).toString(),
    });
    expect(res.json().error).toBe('invalid_grant');
  });
});

describe('outside development', () => {
  it('serves no outbox page in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.body).not.toContain('Development outbox');
    } finally {
      await prod.close();
    }
  });
});
