import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/session', () => {
  it('issues a short-lived signed anonymous token for a new party', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.expiresIn).toBe(900);
    const claims = decodeJwt(body.accessToken);
    expect(claims.iss).toBe('forecourt:anonymous');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    const party = await t.database.query('SELECT kind FROM parties WHERE id = $1', [claims.sub]);
    expect(party.rows).toEqual([{ kind: 'anonymous' }]);
  });

  it('refreshes a token, keeping the same party', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/session' })).json().accessToken;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(again.json().accessToken).sub).toBe(decodeJwt(first).sub);
    expect(again.json().accessToken).not.toBe(first);
  });

  it('starts a new party when the presented token is forged', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/session' })).json().accessToken;
    const forged = await new SignJWT({ kind: 'anonymous' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('forecourt:anonymous')
      .setAudience('forecourt:api')
      .setSubject(decodeJwt(first).sub as string)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().accessToken).sub).not.toBe(decodeJwt(first).sub);
  });

  it('answers 401 to a forged token on any other API route', async () => {
    const res = await t.app.inject({ url: '/api/config', headers: { authorization: 'Bearer not.a.token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('a token already verified (remembered to spare the HMAC check, issue 15)', () => {
  it('still expires: a token used while valid is refused once its 15 minutes are over', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const timed = await createTestApp({ clock: { now: () => now } });
    try {
      const token = (await timed.app.inject({ method: 'POST', url: '/api/session' })).json().accessToken;
      const headers = { authorization: `Bearer ${token}` };
      expect((await timed.app.inject({ url: '/api/proposals', headers })).statusCode).toBe(200);
      now = new Date(now.getTime() + 899_000);
      expect((await timed.app.inject({ url: '/api/proposals', headers })).statusCode).toBe(200);
      now = new Date(now.getTime() + 1_000);
      const late = await timed.app.inject({ url: '/api/proposals', headers });
      expect(late.statusCode).toBe(401);
      // Refreshing moments after expiry still keeps the party (the grace of POST /api/session).
      const refreshed = await timed.app.inject({ method: 'POST', url: '/api/session', headers });
      expect(decodeJwt(refreshed.json().accessToken).sub).toBe(decodeJwt(token).sub);
    } finally {
      await timed.close();
    }
  });

  it('is not trusted by an app signing with another secret (each fresh database makes its own)', async () => {
    const other = await createTestApp();
    try {
      const token = (await t.app.inject({ method: 'POST', url: '/api/session' })).json().accessToken;
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ url: '/api/proposals', headers })).statusCode).toBe(200);
      expect((await other.app.inject({ url: '/api/proposals', headers })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
