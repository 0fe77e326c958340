import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('reading and deleting proposals', () => {
  it('lists only the caller’s proposals, newest first, with filters', async () => {
    const v = await visitor(t.app);
    const other = await visitor(t.app);
    await other.call('POST', '/api/proposals', { schemeCode: SCHEME });
    const a = (
      await v.call('POST', '/api/proposals', { schemeCode: SCHEME, externalReference: 'LIST-A' })
    ).json();
    const { code: rated } = await ratedProposal(v, (d) => {
      d.profiles[0]!.data.bankrupt = true;
    });
    const all = (await v.call('GET', '/api/proposals')).json().items;
    expect(all.map((p: { proposalCode: string }) => p.proposalCode)).toEqual([rated, a.proposalCode]);
    const byRef = (await v.call('GET', '/api/proposals?externalReference=list-a')).json().items;
    expect(byRef.map((p: { proposalCode: string }) => p.proposalCode)).toEqual([a.proposalCode]);
    const byStatus = (await v.call('GET', '/api/proposals?status=REFERRAL')).json().items;
    expect(byStatus.map((p: { proposalCode: string }) => p.proposalCode)).toEqual([rated]);
    expect((await v.call('GET', `/api/proposals?schemeCode=${SCHEME}`)).json().items).toHaveLength(2);
    expect((await v.call('GET', '/api/proposals?schemeCode=OTHER')).json().items).toEqual([]);
    expect((await v.call('GET', '/api/proposals?status=quote')).statusCode).toBe(400);
  });

  it('gets one proposal and deletes it', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const got = await v.call('GET', `/api/proposals/${code}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().quote.ratingStatus).toBe('QUOTE');
    expect((await v.call('DELETE', `/api/proposals/${code}`)).statusCode).toBe(204);
    expect((await v.call('GET', `/api/proposals/${code}`)).statusCode).toBe(404);
  });

  it('keeps a proposal that became a policy (409 on delete)', async () => {
    const v = await visitor(t.app);
    const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    await t.database.query(`UPDATE proposals SET status = 'POLICY' WHERE proposal_code = $1`, [code]);
    expect((await v.call('DELETE', `/api/proposals/${code}`)).statusCode).toBe(409);
  });
});

describe('ownership: another visitor gets 404 for everything', () => {
  it.each([
    ['GET', ''],
    ['DELETE', ''],
    ['PATCH', '', { changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 100 }] }],
    ['POST', '/retain', { email: 'x@example.com' }],
    ['POST', '/tracking', { values: { utm_source: 'x' } }],
    ['PATCH', '/promotions/promo', { promotionActivationCode: 'HC3M' }],
  ] as const)('%s %s', async (method, suffix, body?: object) => {
    const owner = await visitor(t.app);
    const stranger = await visitor(t.app);
    const code = (await owner.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode;
    const res = await stranger.call(method, `/api/proposals/${code}${suffix}`, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const mine = await owner.call('GET', `/api/proposals/${code}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ asset: {}, profiles: [], quote: {} });
    expect(mine.json().trackingRecorded).toBe(false);
  });

  it('PATCH that rates (its read leaves the stored quote out, issue 29): another visitor gets 404', async () => {
    const owner = await visitor(t.app);
    const stranger = await visitor(t.app);
    const { code, body } = await ratedProposal(owner);
    const res = await stranger.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const mine = (await owner.call('GET', `/api/proposals/${code}`)).json();
    expect(mine.quote).toEqual(body.quote);
    expect(mine.updatedAt).toBe(body.updatedAt);
  });

  it('PATCH that rates: a token whose party has become a customer is refused (the takeover check)', async () => {
    const owner = await visitor(t.app);
    const { code } = await ratedProposal(owner);
    const { sub } = JSON.parse(Buffer.from(owner.token.split('.')[1]!, 'base64url').toString());
    await t.database.query(`UPDATE parties SET kind = 'customer' WHERE id = $1`, [sub]);
    const res = await owner.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 100 }],
      applyRating: true,
    });
    expect(res.statusCode).toBe(401);
    await t.database.query(`UPDATE parties SET kind = 'anonymous' WHERE id = $1`, [sub]);
    const again = await owner.call('GET', `/api/proposals/${code}`);
    expect(again.json().data.quote.voluntaryExcess).not.toBe(100);
  });

  it('no token: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/proposals' })).statusCode).toBe(401);
  });
});
