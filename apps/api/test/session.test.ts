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
