import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnonymousSession, FRESH_MS } from './anonymous-session.ts';

/** POST /api/session answered by a stub server: a new token each time, or 401 for a refused one. */
function stubServer(refuse = new Set<string>()) {
  const seen: (string | null)[] = [];
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization ?? null;
      seen.push(auth);
      await new Promise((r) => setTimeout(r, 5));
      if (auth && refuse.has(auth.replace('Bearer ', '')))
        return new Response(JSON.stringify({ code: 'UNAUTHORIZED' }), { status: 401 });
      n += 1;
      return new Response(JSON.stringify({ accessToken: `t${n}`, expiresIn: 3600, tokenType: 'Bearer' }));
    }),
  );
  return seen;
}

/** A token this tab kept from earlier (`issuedAt` absent, as stored before ADR 274). */
const storeToken = (accessToken: string, issuedAt?: number) =>
  window.sessionStorage.setItem(
    'forecourt.anonymousToken',
    JSON.stringify({ accessToken, expiresAt: Date.now() + 3_600_000, issuedAt }),
  );

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the anonymous session on a first page (ADR 274)', () => {
  it('two sessions over one storage asking at once make one call', async () => {
    const seen = stubServer();
    const app = new AnonymousSession();
    const quote = new AnonymousSession();
    const [a, b] = await Promise.all([app.getToken(), quote.freshToken()]);
    expect(a).toBe('t1');
    expect(b).toBe('t1');
    expect(seen).toEqual([null]);
    app.stop();
  });

  it('a token issued moments ago counts as refreshed; an older one is refreshed with the same party', async () => {
    const seen = stubServer();
    const s = new AnonymousSession();
    await s.getToken();
    expect(await s.freshToken()).toBe('t1');
    expect(seen).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FRESH_MS + 1);
    expect(await s.freshToken()).toBe('t2');
    expect(seen).toEqual([null, 'Bearer t1']);
    s.stop();
  });

  it('a token stored before issue times were kept is refreshed', async () => {
    const seen = stubServer();
    storeToken('old');
    const s = new AnonymousSession();
    expect(await s.freshToken()).toBe('t1');
    expect(seen).toEqual(['Bearer old']);
    expect(s.takeNewParty()).toBe(false);
    s.stop();
  });

  it('says once that a token went to a new party, and never for a refreshed one', async () => {
    stubServer();
    const s = new AnonymousSession();
    await s.getToken();
    expect(new AnonymousSession().takeNewParty()).toBe(true);
    expect(s.takeNewParty()).toBe(false);
    await s.refreshToken();
    expect(s.takeNewParty()).toBe(false);
    s.stop();
  });

  it('a refused token starts a new party', async () => {
    const seen = stubServer(new Set(['gone']));
    storeToken('gone', 0);
    const s = new AnonymousSession();
    expect(await s.freshToken()).toBe('t1');
    expect(seen).toEqual(['Bearer gone', null]);
    expect(s.takeNewParty()).toBe(true);
    s.stop();
  });

  it('a token swapped in by retrieve-by-reference is not a new party', async () => {
    stubServer();
    const s = new AnonymousSession();
    await s.getToken();
    s.setToken({ accessToken: 'retrieved', expiresIn: 3600, tokenType: 'Bearer' });
    expect(s.takeNewParty()).toBe(false);
    expect(await s.freshToken()).toBe('retrieved');
    s.stop();
  });
});
