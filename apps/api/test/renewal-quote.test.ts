import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { visitor } from './proposals-helpers.ts';
import { type BoundPolicy, boundPolicy, DAY, staffFor } from './renewals-helpers.ts';

/**
 * Issue 14 §2: the renewal quote's own changes (PATCH /api/renewals/{code}): a cover added or removed, a
 * voluntary excess picked, re-priced at the anniversary and still capped at new business. The policy was
 * bought "a year ago": its anniversary is moved to 20 days from now, so the owner's session is still live.
 */
let t: ListeningApp;
let p: BoundPolicy;
let code: string;

beforeAll(async () => {
  t = await listeningApp();
  p = await boundPolicy(t);
  const anniversary = new Date(t.clock.now().getTime() + 20 * DAY);
  await t.database.query(
    "UPDATE policies SET incepted_at = $2::timestamptz - interval '1 year', expired_at = $2 WHERE id = $1",
    [p.policyId, anniversary.toISOString()],
  );
  const [invited] = await runRenewalInvitations(t.app.services);
  expect(invited?.outcome).toBe('INVITED');
  code = String(invited?.proposalCode);
}, 60_000);
afterAll(async () => t.close());

const patch = (headers: Record<string, string>, payload: unknown, c = code) =>
  t.app.inject({ method: 'PATCH', url: `/api/renewals/${c}`, headers, payload: payload as object });
const offered = async () =>
  (await rows(t, 'SELECT * FROM renewals WHERE proposal_code = $1', [code]))[0] as {
    offered_total_pence: number;
    new_business_total_pence: number;
  };

describe('PATCH /api/renewals/{code}', () => {
  it('the owner adds a cover: the renewal is re-priced, still no dearer than new business', async () => {
    const before = await offered();
    const res = await patch(p.v.headers, {
      changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('QUOTE');
    expect(body.data.quote.optionalCovers.legal_expenses).toBe(true);
    expect(body.quote.priceBreakdown.map((l: { feature: string }) => l.feature)).toContain('legal_expenses');
    const after = await offered();
    expect(after.offered_total_pence).toBeGreaterThan(before.offered_total_pence);
    expect(after.offered_total_pence).toBe(body.quote.totals.discountedPrice);
    expect(after.offered_total_pence).toBeLessThanOrEqual(after.new_business_total_pence);
    const excess = await patch(p.v.headers, {
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
    });
    expect(excess.statusCode, excess.body).toBe(200);
    expect(excess.json().data.quote.voluntaryExcess).toBe(300);
  });

  it('another customer 404, no token 401, tampered 401, staff not impersonating 403, staff for the owner 200', async () => {
    const change = { changes: [{ changeType: 'REMOVE_COVER', coverCode: 'legal_expenses' }] };
    expect((await patch((await visitor(t.app)).headers, change)).statusCode).toBe(404);
    expect((await patch({}, change)).statusCode).toBe(401);
    expect((await patch({ authorization: `Bearer ${p.v.token.slice(0, -4)}AAAA` }, change)).statusCode).toBe(
      401,
    );
    expect((await patch({ authorization: 'Bearer staff:' }, change)).statusCode).toBe(403);
    expect((await patch(staffFor(p), change)).statusCode).toBe(200);
  });

  it('bad input is a 400 and changes nothing; a plain quote is not a renewal (404)', async () => {
    const before = await offered();
    for (const payload of [
      { changes: [] },
      { changes: [{ changeType: 'ADD_DRIVER' }] },
      { changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 'lots' }] },
      { changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 1e12 }] },
      { changes: [{ changeType: 'ADD_COVER', coverCode: 'x\u0000' }] },
    ])
      expect((await patch(p.v.headers, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect(await offered()).toEqual(before);
    expect(
      (await patch(p.v.headers, { changes: [{ changeType: 'ADD_COVER', coverCode: 'x' }] }, p.proposalCode))
        .statusCode,
    ).toBe(404);
  });

  it('a renewal is not changed through PATCH /api/proposals (409), and not after opting out', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/proposals/${code}`,
      headers: p.v.headers,
      payload: { changes: [] },
    });
    expect(res.statusCode).toBe(409);
    const out = await t.app.inject({
      method: 'PUT',
      url: `/api/policies/${p.policyId}/autoRenewal`,
      headers: p.v.headers,
      payload: { enabled: false, reason: 'Price' },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await patch(p.v.headers, { changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }] }))
        .statusCode,
    ).toBe(409);
  });

  it('the development hook runs the invitation job as of a later day (loopback, not production)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/renewals/invite',
      payload: { daysAhead: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invited).toEqual([]); // the only policy was invited already
    const remote = await t.app.inject({
      method: 'POST',
      url: '/dev/renewals/invite',
      payload: { daysAhead: 1 },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
  });
});
