import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('embedded identity provider', () => {
  it('signs a customer in by e-mail code and issues a JWT access token for the API', async () => {
    const tokens = await signIn(t.app, 'Jo@Example.com');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe('forecourt:api');
    expect(tokens.refresh_token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/policyholder',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('jo@example.com');
  });
});
