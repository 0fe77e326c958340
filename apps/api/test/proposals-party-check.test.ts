import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmParty } from '../src/lib/auth.ts';
import type { Caller } from '../src/lib/context.ts';
import { owned } from '../src/lib/party-scope.ts';
import { createStaffUser } from '../src/modules/identity/demo-identities.ts';
import { signIn } from './helpers/identity-flow.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { completeData, ratedProposal, SCHEME, type Visitor, visitor } from './proposals-helpers.ts';

/**
 * The quote journey's PATCH asks whether an anonymous token's party is still anonymous in its own read rather
 * than in a statement before it (ADR 372). Whatever the request, a token whose party a verified identity now
 * holds gets the 401 the auth hook gave it before, and nothing is written or told.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const partyOf = (v: Visitor) =>
  JSON.parse(Buffer.from(v.token.split('.')[1]!, 'base64url').toString()).sub as string;
const setKind = (v: Visitor, kind: 'anonymous' | 'customer') =>
  t.database.query('UPDATE parties SET kind = $2 WHERE id = $1', [partyOf(v), kind]);
const stored = async (code: string) => {
  const { rows } = await t.database.query(
    'SELECT data::text AS data, quote::text AS quote, version FROM proposals WHERE proposal_code = $1',
    [code],
  );
  return rows[0] as { data: string; quote: string | null; version: number };
};
const excess = (amount: number) => ({ changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: amount }] });
const expired = 'Your session has expired. Please sign in again.';
/** A PATCH of the proposal with these headers (another caller's, or none). */
const patch = (code: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/proposals/${code}`, headers, payload });

describe('PATCH /api/proposals/{code}: the takeover check asked in the read', () => {
  it('a token whose party became a customer’s gets 401 for every PATCH, valid or not, and nothing changes', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    const before = await stored(code);
    await setKind(owner, 'customer');
    const attempts: [string, unknown][] = [
      [code, { ...excess(200), applyRating: true }], // rates: the read without the quote
      [code, { ...excess(200), applyRating: false }], // does not rate: the read with the quote
      [code, excess(200)], // left out: re-rates the quote it holds
      ['ZZZZZZZZ', excess(200)], // no such proposal: 401, not 404
      [code, { changes: 'not a list' }], // the contract refuses it: 401, not 400
      [code, { changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 'x'.repeat(10_000) }] }],
      [code, { ...excess(1_000_000_000_000), applyRating: true }], // the domain refuses it: 401, not 400
      [code, { changes: [{ changeType: 'ANSWER', path: 'asset.vrn', value: 'AB\u000019CDE' }] }], // NUL
    ];
    for (const [target, body] of attempts) {
      const res = await owner.call('PATCH', `/api/proposals/${target}`, body);
      expect({ target, body, status: res.statusCode }).toEqual({ target, body, status: 401 });
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expired });
    }
    expect(await stored(code)).toEqual(before);
    // Every other route still refuses it in the auth hook.
    expect((await owner.call('GET', `/api/proposals/${code}`)).statusCode).toBe(401);
  });

  it('the same PATCHes from a live token: 200, 404 and 400 as before', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    const ok = await owner.call('PATCH', `/api/proposals/${code}`, { ...excess(200), applyRating: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.quote.voluntaryExcess).toBe(200);
    expect((await owner.call('PATCH', '/api/proposals/ZZZZZZZZ', excess(100))).statusCode).toBe(404);
    const bad = await owner.call('PATCH', `/api/proposals/${code}`, { changes: 'not a list' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    // Another visitor's live token: the proposal is not theirs.
    const stranger = await visitor(t.app);
    expect((await stranger.call('PATCH', `/api/proposals/${code}`, excess(100))).statusCode).toBe(404);
    expect((await stored(code)).version).toBe(3);
  });

  it('a party taken over between two saves: the first is written, the second refused', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    expect((await owner.call('PATCH', `/api/proposals/${code}`, excess(100))).statusCode).toBe(200);
    await setKind(owner, 'customer');
    expect((await owner.call('PATCH', `/api/proposals/${code}`, excess(200))).statusCode).toBe(401);
    expect(JSON.parse((await stored(code)).data).quote.voluntaryExcess).toBe(100);
  });

  it('a tampered or missing token is refused by the auth hook as before', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    const [head, payload, signature] = owner.token.split('.');
    const tampered = `${head}.${payload}.${signature!.slice(0, -2)}xx`;
    for (const headers of [{ authorization: `Bearer ${tampered}` }, {}] as Record<string, string>[]) {
      const res = await patch(code, headers, excess(1));
      expect(res.statusCode).toBe(401);
    }
  });

  it('two saves of one proposal at once are both written, one after the other', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    const version = (await stored(code)).version as number;
    const [a, b] = await Promise.all([
      owner.call('PATCH', `/api/proposals/${code}`, { ...excess(100), applyRating: true }),
      owner.call('PATCH', `/api/proposals/${code}`, { ...excess(200), applyRating: true }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await stored(code)).version).toBe(version + 2);
  });

  it('a signed-in customer and staff acting for them save as before (their callers are not deferred)', async () => {
    const customer = await signIn(t.app, 'party-check@example.com');
    const headers = { authorization: `Bearer ${customer.access_token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: SCHEME, data: completeData() },
    });
    expect(created.statusCode).toBe(201);
    const code = created.json().proposalCode as string;
    const own = await patch(code, headers, excess(100));
    expect(own.statusCode).toBe(200);
    const party = (await t.app.inject({ method: 'GET', url: '/api/policyholder', headers })).json().partyId;
    await createStaffUser(t.app.services.db, {
      email: 'party-check-staff@forecourt.example',
      permissions: ['access:impersonate'],
    });
    const admin = await signIn(t.app, 'party-check-staff@forecourt.example', 'forecourt-admin');
    const staff = { authorization: `Bearer ${admin.access_token}` };
    const acting = await patch(code, { ...staff, 'x-impersonate': party }, excess(200));
    expect(acting.statusCode).toBe(200);
    expect(acting.json().data.quote.voluntaryExcess).toBe(200);
    // Staff acting for nobody: 403, as on every customer route.
    const nobody = await patch(code, staff, excess(1));
    expect(nobody.statusCode).toBe(403);
  });
});

describe('a caller whose party is not confirmed', () => {
  it('reaches no data through owned(ctx) unless the use case asks in its own statements', async () => {
    const owner = await visitor(t.app);
    const caller: Caller = { kind: 'anonymous', partyId: partyOf(owner), partyUnconfirmed: true };
    const ctx = { caller, db: t.app.services.db };
    expect(() => owned(ctx)).toThrow(/not confirmed/);
    expect(owned(ctx, { partyCheckedInQuery: true }).partyId).toBe(partyOf(owner));
  });

  it('confirmParty confirms a party still anonymous, and refuses one that is not with 401', async () => {
    const owner = await visitor(t.app);
    const live: Caller = { kind: 'anonymous', partyId: partyOf(owner), partyUnconfirmed: true };
    await confirmParty(t.app.services, live);
    expect(live).toEqual({ kind: 'anonymous', partyId: partyOf(owner) });
    expect(() => owned({ caller: live, db: t.app.services.db })).not.toThrow();
    await setKind(owner, 'customer');
    const dead: Caller = { kind: 'anonymous', partyId: partyOf(owner), partyUnconfirmed: true };
    await expect(confirmParty(t.app.services, dead)).rejects.toMatchObject({ status: 401, message: expired });
    expect(dead.partyUnconfirmed).toBe(true);
  });
});
