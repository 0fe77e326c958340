import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousToken, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A visitor's rated quote through the proposals API, for a policyholder with the given surname. */
async function ratedQuote(lastName: string) {
  const token = await anonymousToken(t.app);
  const headers = { authorization: `Bearer ${token}` };
  const data = sampleProposalData(new Date().toISOString().slice(0, 10));
  (data.profiles[0] as { data: { lastName: string } }).data.lastName = lastName;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers,
    payload: { schemeCode: 'FCMOTOR1', data },
  });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const code = created.json().proposalCode as string;
  const rated = await t.app.inject({
    method: 'PATCH',
    url: `/api/proposals/${code}`,
    headers,
    payload: { changes: [], applyRating: true },
  });
  expect(rated.json().quote?.ratingStatus).toBe('QUOTE');
  return { headers, code };
}

const bind = (code: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/proposals/${code}/bind`,
    headers: { ...headers, 'idempotency-key': `k-${code}` },
  });

describe('verification before purchase', () => {
  it("stops the purchase when verification is 'consider', listing the failed check", async () => {
    const { headers, code } = await ratedQuote('Sanctioned');
    const verify = await t.app.inject({ method: 'PUT', url: `/api/proposals/${code}/verify`, headers });
    expect(verify.json()).toMatchObject({ isClear: false });
    expect(verify.json().checks).toContainEqual({ name: 'sanctions', result: 'consider' });
    const res = await bind(code, headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/verification/i);
    const proposal = await t.app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers });
    expect(proposal.json().status).toBe('QUOTE');
  });

  it('refuses to bind before any verification has run', async () => {
    const { headers, code } = await ratedQuote('Taylor');
    expect((await bind(code, headers)).statusCode).toBe(422);
  });

  it('lets a clear verification through to the payment step', async () => {
    const { headers, code } = await ratedQuote('Taylor');
    const verify = await t.app.inject({ method: 'PUT', url: `/api/proposals/${code}/verify`, headers });
    expect(verify.json().isClear).toBe(true);
    // Past verification, bind now wants the first payment (402), not a verification (422).
    expect((await bind(code, headers)).statusCode).toBe(402);
  });
});
