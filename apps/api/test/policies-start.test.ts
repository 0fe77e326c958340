import { TZDate } from '@date-fns/tz';
import { addDaysIso, LONDON, todayInLondon } from '@forecourt/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

/** Issue 10 §1: cover starts when it is bought, not when the quote was last rated. */
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
  // Minutes pass (on the test's clock) between a quote and its purchase here. Within half an hour of London
  // midnight the quote's start date would be over by then: the tests live an hour after that midnight instead.
  const now = t.clock.now();
  const midnight = new TZDate(`${addDaysIso(todayInLondon(now), 1)}T00:00:00`, LONDON).getTime();
  if (midnight - now.getTime() < 30 * 60 * 1000) t.clock.advance(midnight - now.getTime() + 60 * 60 * 1000);
});
afterAll(async () => t.close());

const card = {
  name: 'Sam Taylor',
  cardNumber: '4242424242424242',
  expiry: '12 / 34',
  cvc: '123',
  postalCode: 'LS1 5HD',
};

async function quoteStarting(startDate: string) {
  const v = await visitor(t.app);
  const { code, body } = await ratedProposal(v, (d) => {
    d.quote.startDate = startDate;
  });
  expect(body.status).toBe('QUOTE');
  expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  return { v, code, ratedStartAt: new Date(body.startAt) };
}

async function payByCard(v: Visitor, code: string) {
  const payment = await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
  expect(payment.statusCode, payment.body).toBe(200);
  const session = await api(t.base, v.token, 'POST', '/api/stripe/checkout', {
    paymentId: payment.json().paymentId,
    successUrl: `${t.base}/car-insurance/proposal/${code}/checkout/payment/callback`,
    cancelUrl: `${t.base}/car-insurance/proposal/${code}/checkout`,
    lineItem: { name: 'Monthly car insurance' },
  });
  expect(session.status).toBe(200);
  expect((await submitForm(session.body.url, card)).status).toBe(303);
}

async function boundPolicy(code: string) {
  const [row] = await rows(
    t,
    `SELECT p.status, p.incepted_at, p.expired_at, v.started_at, v.document_input
       FROM policies p JOIN policy_versions v ON v.policy_id = p.id WHERE p.proposal_code = $1`,
    [code],
  );
  expect(row).toBeDefined();
  const input = row?.document_input as { issuedAt: string; cover: { startAt: string } };
  return {
    status: row?.status,
    inceptedAt: new Date(row?.incepted_at as string),
    expiredAt: new Date(row?.expired_at as string),
    versionStartedAt: new Date(row?.started_at as string),
    issuedAt: new Date(input.issuedAt),
    documentStartAt: new Date(input.cover.startAt),
  };
}

describe('when cover starts', () => {
  it('start "today", paid 3 minutes after rating: cover starts when bought, and the documents say so', async () => {
    const { v, code, ratedStartAt } = await quoteStarting(todayInLondon(t.clock.now()));
    t.clock.advance(3 * 60 * 1000);
    const before = t.clock.now();
    await payByCard(v, code);
    const after = t.clock.now();

    const p = await boundPolicy(code);
    expect(p.status).toBe('ACTIVE');
    expect(p.inceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(p.inceptedAt.getTime()).toBeLessThanOrEqual(after.getTime());
    expect(p.inceptedAt.getTime() - ratedStartAt.getTime()).toBeGreaterThanOrEqual(3 * 60 * 1000);
    // Effective = issued: the certificate never shows cover before the purchase.
    expect(p.documentStartAt).toEqual(p.inceptedAt);
    expect(p.versionStartedAt).toEqual(p.inceptedAt);
    expect(p.issuedAt).toEqual(p.inceptedAt);
    const oneYear = new Date(p.inceptedAt);
    oneYear.setUTCFullYear(oneYear.getUTCFullYear() + 1);
    expect(Math.abs(p.expiredAt.getTime() - oneYear.getTime())).toBeLessThanOrEqual(60 * 60 * 1000);
    const [mid] = await rows(
      t,
      "SELECT payload->>'coverStart' AS start FROM outbox WHERE payload->>'type' = 'mid.policy.created' AND payload->>'policyNumber' = (SELECT policy_number FROM policies WHERE proposal_code = $1)",
      [code],
    );
    expect(new Date(String(mid?.start))).toEqual(p.inceptedAt);
  });

  it('a later start date starts at 00:00 London that day, however late it is bought', async () => {
    const tomorrow = addDaysIso(todayInLondon(t.clock.now()), 1);
    const { v, code } = await quoteStarting(tomorrow);
    t.clock.advance(5 * 60 * 1000);
    await payByCard(v, code);
    const p = await boundPolicy(code);
    expect(p.status).toBe('PENDING');
    expect(p.inceptedAt).toEqual(new Date(new TZDate(`${tomorrow}T00:00:00`, LONDON).getTime()));
    expect(p.documentStartAt).toEqual(p.inceptedAt);
  });
});
