import { addDays } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/registry.ts';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { expireQuotes, quoteExpiryJob } from '../src/modules/proposals/expire-quotes.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let current = new Date();
const clock = { now: () => current };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { JOBS: 'true', QUOTE_VALIDITY_DAYS: '30' } });
});
afterAll(async () => t.close());

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

describe('quote validity', () => {
  it('a quote is valid for its start day at most, and stays QUOTE until then', async () => {
    current = new Date();
    const v = await visitor(t.app);
    const { body } = await ratedProposal(v);
    const expires = new Date(body.quoteExpiresAt);
    expect(expires.getTime()).toBeGreaterThan(current.getTime());
    expect(expires.getTime()).toBeLessThanOrEqual(addDays(current, 30).getTime());
    expect(await expireQuotes(t.app.services)).toBe(0);
  });

  it('the expiry job moves expired quotes to QUOTE_EXPIRED; a new start date re-rates to QUOTE', async () => {
    current = new Date();
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const referral = await ratedProposal(v, (d) => {
      d.asset.modifications = true;
    });
    current = addDays(new Date(body.quoteExpiresAt), 1);
    await enqueue(t.app.services, quoteExpiryJob, {});
    const status = async (c: string) =>
      (await t.database.query('SELECT status FROM proposals WHERE proposal_code = $1', [c])).rows[0]?.status;
    await waitFor(async () => ((await status(code)) === 'QUOTE_EXPIRED' ? true : undefined));
    // The visitor comes back weeks later: their session is refreshed for the same party.
    const party = (await t.database.query('SELECT party_id FROM proposals WHERE proposal_code = $1', [code]))
      .rows[0]!;
    const { accessToken } = await signAnonymousToken(t.app.services, party.party_id as string);
    v.headers.authorization = `Bearer ${accessToken}`;
    const expired = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(expired.status).toBe('QUOTE_EXPIRED');
    expect(expired.quote.totals.gross).toBe(body.quote.totals.gross);
    expect(await status(referral.code)).toBe('REFERRAL');

    const sameDate = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], applyRating: true });
    expect(sameDate.statusCode).toBe(400);
    expect(sameDate.json().fieldErrors['quote.startDate']).toContain('validation.startDateInPast');

    const newStart = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      addDays(current, 2),
    );
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'startDate', value: newStart } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('QUOTE');
    expect(res.json().quote.ratingDate).toBe(newStart);
    expect(new Date(res.json().quoteExpiresAt).getTime()).toBeGreaterThan(current.getTime());
  });

  it('reads as expired as soon as its validity ends, before the job runs', async () => {
    current = new Date();
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    current = new Date(new Date(body.quoteExpiresAt).getTime() + 1000);
    const party = (await t.database.query('SELECT party_id FROM proposals WHERE proposal_code = $1', [code]))
      .rows[0]!;
    const { accessToken } = await signAnonymousToken(t.app.services, party.party_id as string);
    v.headers.authorization = `Bearer ${accessToken}`;
    expect((await v.call('GET', `/api/proposals/${code}`)).json().status).toBe('QUOTE_EXPIRED');
    const row = await t.database.query('SELECT status FROM proposals WHERE proposal_code = $1', [code]);
    expect(row.rows[0]!.status).toBe('QUOTE');
  });
});
