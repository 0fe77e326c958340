import { afterEach, describe, expect, it } from 'vitest';
import type { WebConfig } from '../config.tsx';
import type { AnonymousSession } from '../session/anonymous-session.ts';
import { AuthClient, signedInHere } from './auth-client.ts';

const config = (issuer: string) =>
  ({ basename: '/', auth: { issuer, clientId: 'web', audience: 'api' } }) as unknown as WebConfig;
const embedded = config(`${window.location.origin}/auth`);
const external = config('https://login.partner.example/');
const client = (config: WebConfig) => new AuthClient(config, {} as AnonymousSession);

afterEach(() => window.localStorage.clear());

describe('who may be signed in (ADR 273)', () => {
  it('nobody on a first visit with the embedded provider: no user, no token, no oidc-client-ts', async () => {
    const c = client(embedded);
    expect(c.mayBeSignedIn()).toBe(false);
    expect(await c.load()).toBeNull();
    expect(await c.getTokenSilently()).toBeUndefined();
    expect((c as unknown as { manager?: unknown }).manager).toBeUndefined();
  });

  it('someone, once a user signed in here or oidc-client-ts keeps one', () => {
    window.localStorage.setItem('forecourt.signedInHere', '1');
    expect(client(embedded).mayBeSignedIn()).toBe(true);
    window.localStorage.clear();
    window.localStorage.setItem('oidc.user:http://localhost/auth:web', '{}');
    expect(signedInHere(window.localStorage)).toBe(true);
    expect(client(embedded).mayBeSignedIn()).toBe(true);
  });

  it('always, with an external provider that may hold a single sign-on session', () => {
    expect(client(external).mayBeSignedIn()).toBe(true);
  });
});
