import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, signIn } from './helpers/identity-flow.ts';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 9 item 1, from the outside: an attacker registers a victim's e-mail on a quote, keeps the
 * anonymous token, and changes the account e-mail. Each step must fail (ADR 120).
 */
let t: TestApp;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (token: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

async function quoteFor(email: string, token?: string) {
  const visitor = token ?? (await anonymousToken(t.app));
  const data = sampleProposalData(todayInLondon(new Date()));
  (data.profiles[0]!.data as Record<string, unknown>).email = email;
  const created = await call(visitor, 'POST', '/api/proposals', { schemeCode: 'FCMOTOR1', data });
  expect(created.statusCode).toBe(201);
  return { token: visitor, code: created.json().proposalCode as string };
}

const accountsWith = async (email: string) =>
  (await t.database.query('SELECT party_id FROM customers WHERE lower(email) = $1', [email])).rows.length;

describe('the account takeover of issue 9', () => {
  it('registering a victim’s e-mail on a quote registers nothing without the code sent to it', async () => {
    const attacker = await quoteFor('victim@example.com');
    const sent = await call(attacker.token, 'POST', `/api/proposals/${attacker.code}/account`);
    expect(sent.statusCode).toBe(202);
    expect(await accountsWith('victim@example.com')).toBe(0);
    for (const code of ['000000', '111111', '999999']) {
      const guess = await call(attacker.token, 'POST', `/api/proposals/${attacker.code}/account`, { code });
      expect(guess.statusCode).toBe(400);
    }
    expect(await accountsWith('victim@example.com')).toBe(0);
    // The victim signs in with a code to their own inbox and lands in their own, empty, account.
    const victim = await signIn(t.app, 'victim@example.com');
    const list = await call(victim.access_token, 'GET', '/api/proposals');
    expect(list.json().items).toEqual([]);
    expect((await call(victim.access_token, 'GET', `/api/proposals/${attacker.code}`)).statusCode).toBe(404);
    // And the attacker's token reaches nothing of the victim's.
    expect((await call(attacker.token, 'GET', '/api/policyholder')).statusCode).toBe(404);
  });

  it('an anonymous token whose party became a customer gets 401 everywhere, and refresh is refused', async () => {
    const visitor = await quoteFor('owner.of.quote@example.com');
    const stolenCopy = visitor.token;
    await call(visitor.token, 'POST', `/api/proposals/${visitor.code}/account`);
    const code = await latestCode(t.app, 'owner.of.quote@example.com', 'account-code');
    const done = await call(visitor.token, 'POST', `/api/proposals/${visitor.code}/account`, { code });
    expect(done.statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/policyholder'],
      ['GET', '/api/proposals'],
      ['GET', `/api/proposals/${visitor.code}`],
      ['GET', '/api/policies'],
      ['POST', `/api/proposals/${visitor.code}/account`],
    ] as const) {
      const res = await call(stolenCopy, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const refresh = await call(stolenCopy, 'POST', '/api/session');
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).not.toHaveProperty('accessToken');
    // A stale (expired within the refresh grace) copy is refused the same way.
    offsetMs = 2 * 60 * 60 * 1000;
    try {
      expect((await call(stolenCopy, 'POST', '/api/session')).statusCode).toBe(401);
    } finally {
      offsetMs = 0;
    }
    // Nor can it be merged into another account.
    const other = await signIn(t.app, 'someone.else@example.com');
    const merge = await call(other.access_token, 'POST', '/api/proposals/merge', {
      proposalCode: visitor.code,
      sourceAccessToken: stolenCopy,
    });
    expect(merge.statusCode).toBe(400);
  });

  it('an e-mail change without the code sent to the new address changes nothing', async () => {
    const customer = await signIn(t.app, 'keeper@example.com');
    const asked = await call(customer.access_token, 'PATCH', '/api/policyholder', {
      email: 'attacker@example.com',
    });
    expect(asked.statusCode).toBe(202);
    const wrong = await call(customer.access_token, 'PATCH', '/api/policyholder', {
      email: 'attacker@example.com',
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const me = await call(customer.access_token, 'GET', '/api/policyholder');
    expect(me.json().email).toBe('keeper@example.com');
    // The address that was not proven does not sign in to the account.
    const intruder = await signIn(t.app, 'attacker@example.com');
    const theirs = await call(intruder.access_token, 'GET', '/api/policyholder');
    expect(theirs.json().partyId).not.toBe(me.json().partyId);
  });
});

describe('POST /api/proposals/{code}/account with a code', () => {
  it('refuses another customer, no token and a tampered token', async () => {
    const owner = await quoteFor('matrix.owner@example.com');
    const other = await signIn(t.app, 'matrix.other@example.com');
    const url = `/api/proposals/${owner.code}/account`;
    expect((await call(other.access_token, 'POST', url)).statusCode).toBe(404);
    expect((await call(await anonymousToken(t.app), 'POST', url)).statusCode).toBe(404);
    expect((await call(undefined, 'POST', url)).statusCode).toBe(401);
    const tampered = `${owner.token.slice(0, -3)}${owner.token.endsWith('abc') ? 'xyz' : 'abc'}`;
    expect((await call(tampered, 'POST', url)).statusCode).toBe(401);
    expect(await accountsWith('matrix.owner@example.com')).toBe(0);
  });

  it('rejects NUL bytes, huge and malformed codes with 400 and unknown fields', async () => {
    const owner = await quoteFor('bad.input@example.com');
    const url = `/api/proposals/${owner.code}/account`;
    for (const body of [
      { code: '12345\u0000' },
      { code: '1'.repeat(100_000) },
      { code: 123456 },
      { code: 'abcdef' },
      { code: '123456', email: 'x@example.com' },
    ]) {
      const res = await call(owner.token, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await accountsWith('bad.input@example.com')).toBe(0);
  });

  it('refuses an expired code, and a code after too many wrong attempts', async () => {
    const owner = await quoteFor('slow.visitor@example.com');
    const url = `/api/proposals/${owner.code}/account`;
    await call(owner.token, 'POST', url);
    const code = await latestCode(t.app, 'slow.visitor@example.com', 'account-code');
    offsetMs = 11 * 60 * 1000;
    try {
      const late = await call(owner.token, 'POST', url, { code });
      expect(late.statusCode).toBe(400);
      expect(late.json().fieldErrors.code[0]).toMatch(/expired/);
    } finally {
      offsetMs = 0;
    }
    await call(owner.token, 'POST', url);
    const fresh = await latestCode(t.app, 'slow.visitor@example.com', 'account-code');
    const wrong = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await call(owner.token, 'POST', url, { code: wrong });
    const blocked = await call(owner.token, 'POST', url, { code: fresh });
    expect(blocked.statusCode).toBe(429);
    expect(await accountsWith('slow.visitor@example.com')).toBe(0);
  });

  it('limits the codes sent to one address', async () => {
    const owner = await quoteFor('flooded@example.com');
    const url = `/api/proposals/${owner.code}/account`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(owner.token, 'POST', url)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('PATCH /api/policyholder with a code', () => {
  it('a code sent for one customer’s change does not work for another customer', async () => {
    const alice = await signIn(t.app, 'patch.alice@example.com');
    const bob = await signIn(t.app, 'patch.bob@example.com');
    await call(alice.access_token, 'PATCH', '/api/policyholder', { email: 'patch.new@example.com' });
    const code = await latestCode(t.app, 'patch.new@example.com', 'change-code');
    const stolen = await call(bob.access_token, 'PATCH', '/api/policyholder', {
      email: 'patch.new@example.com',
      code,
    });
    expect(stolen.statusCode).toBe(400);
    expect((await call(bob.access_token, 'GET', '/api/policyholder')).json().email).toBe(
      'patch.bob@example.com',
    );
    expect((await call(undefined, 'PATCH', '/api/policyholder', { email: 'x@example.com' })).statusCode).toBe(
      401,
    );
    const tampered = `${alice.access_token.slice(0, -4)}AAAA`;
    expect((await call(tampered, 'PATCH', '/api/policyholder', { email: 'x@example.com' })).statusCode).toBe(
      401,
    );
    // Alice's own code still works once.
    const mine = await call(alice.access_token, 'PATCH', '/api/policyholder', {
      email: 'patch.new@example.com',
      code,
    });
    expect(mine.statusCode).toBe(200);
  });

  it('rejects bad input, expired codes and too many attempts; nothing changes', async () => {
    const c = await signIn(t.app, 'patch.carol@example.com');
    const patch = (body: object) => call(c.access_token, 'PATCH', '/api/policyholder', body);
    for (const body of [
      { email: 'carol\u0000@example.com' },
      { email: `${'a'.repeat(100_000)}@example.com` },
      { email: 'carol.two@example.com', code: '12\u00003456' },
      { email: 'carol.two@example.com', code: 'x'.repeat(100_000) },
    ])
      expect((await patch(body)).statusCode).toBe(400);
    await patch({ email: 'carol.two@example.com' });
    const code = await latestCode(t.app, 'carol.two@example.com', 'change-code');
    offsetMs = 11 * 60 * 1000;
    try {
      expect((await patch({ email: 'carol.two@example.com', code })).statusCode).toBe(400);
    } finally {
      offsetMs = 0;
    }
    await patch({ email: 'carol.two@example.com' });
    const fresh = await latestCode(t.app, 'carol.two@example.com', 'change-code');
    const wrong = fresh === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) await patch({ email: 'carol.two@example.com', code: wrong });
    expect((await patch({ email: 'carol.two@example.com', code: fresh })).statusCode).toBe(429);
    expect((await call(c.access_token, 'GET', '/api/policyholder')).json().email).toBe(
      'patch.carol@example.com',
    );
  });
});
