import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateStartedPolicies } from '../src/modules/policies/activate-policies.ts';
import { settleFirstPaymentWithCard, verifiedQuote } from './checkout-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, today, type Visitor, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const setup = (v: Visitor, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/setup',
    headers: v.headers,
    payload: {
      clientReference: code,
      successUrl: `http://localhost/car-insurance/proposal/${code}/checkout/payment/callback`,
      cancelUrl: `http://localhost/car-insurance/proposal/${code}/checkout`,
    },
  });

describe('checkout rules (issue 5)', () => {
  it('too early: a start date more than 30 days ahead cannot be paid for or bound', async () => {
    const { v, code } = await verifiedQuote(t);
    await t.database.query(
      "UPDATE proposals SET start_at = now() + interval '40 days', end_at = now() + interval '405 days' WHERE proposal_code = $1",
      [code],
    );
    for (const [url, body] of [
      ['/api/customerPayments/checkout/bind', { proposalCode: code }],
      ['/api/customerAccounts', { proposalCode: code }],
      [`/api/proposals/${code}/bind`, undefined],
    ] as const) {
      const res = await v.call('POST', url, body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message).toMatch(
        /too early to buy this policy: cover starts on .+ Checkout opens on/,
      );
    }
    expect(
      Number(
        (await rows(t, 'SELECT count(*) AS n FROM customer_payments WHERE reference = $1', [code]))[0]?.n,
      ),
    ).toBe(0);
  });

  it('cover starting today makes an ACTIVE policy, with the MID event', async () => {
    const { v, code, partyId } = await verifiedQuote(t, (d) => {
      d.quote.startDate = today();
    });
    await settleFirstPaymentWithCard(t, v, code, partyId);
    const bound = await v.call('POST', `/api/proposals/${code}/bind`);
    expect(bound.statusCode).toBe(200);
    expect(bound.json().status).toBe('ACTIVE');
    const [mid] = await rows(
      t,
      "SELECT payload FROM outbox WHERE payload->>'type' = 'mid.policy.created' AND payload->>'policyNumber' = $1",
      [bound.json().policyNumber],
    );
    expect(mid?.payload).toMatchObject({ vrn: expect.any(String), insurer: 'forecourt-underwriting' });
  });

  it('cover starting tomorrow makes a PENDING policy, ACTIVE once cover has started', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    await settleFirstPaymentWithCard(t, v, code, partyId);
    const bound = (await v.call('POST', `/api/proposals/${code}/bind`)).json();
    expect(bound.status).toBe('PENDING');
    const read = async () =>
      (await v.call('GET', `/api/policies/${bound.policyId}`)).json().policyDetail.policyStatus;
    expect(await read()).toBe('PENDING');
    expect(await activateStartedPolicies(t.app.services)).not.toContain(bound.policyNumber);
    // Time passes (the session token would not survive moving the clock): cover started a minute ago.
    await t.database.query("UPDATE policies SET incepted_at = now() - interval '1 minute' WHERE id = $1", [
      bound.policyId,
    ]);
    expect(await read()).toBe('ACTIVE');
    expect(await activateStartedPolicies(t.app.services)).toContain(bound.policyNumber);
    const [row] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [bound.policyId]);
    expect(row?.status).toBe('ACTIVE');
  });

  it('a bound proposal is no longer open for checkout', async () => {
    const { v, code, partyId } = await verifiedQuote(t);
    await settleFirstPaymentWithCard(t, v, code, partyId);
    await v.call('POST', `/api/proposals/${code}/bind`);
    const again = await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This quote is not open for checkout.');
  });

  it("a verification 'consider' stops the purchase, listing the failed check", async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v, (d) => {
      const holder = d.profiles.find((p) => p.policyholder) ?? d.profiles[0];
      if (holder) (holder.data as Record<string, unknown>).dateOfBirth = '1990-01-01';
    });
    const verdict = (await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json();
    expect(verdict.isClear).toBe(false);
    expect(verdict.checks).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'address', result: 'consider' })]),
    );
    expect((await v.call('POST', '/api/customerAccounts', { proposalCode: code })).statusCode).toBe(402);
    const pay = await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().message).toBe('The customer has not passed verification.');
    expect((await v.call('POST', `/api/proposals/${code}/bind`)).statusCode).toBe(422);
    expect(
      Number(
        (await rows(t, 'SELECT count(*) AS n FROM customer_payments WHERE reference = $1', [code]))[0]?.n,
      ),
    ).toBe(0);
  });

  it('a card can be set up alone only when nothing is due today', async () => {
    const due = await verifiedQuote(t);
    const refused = await setup(due.v, due.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Something is due today');

    const free = await verifiedQuote(t, undefined, 'HC3M');
    const prepared = (await free.v.call('POST', '/api/customerAccounts', { proposalCode: free.code })).json();
    expect(prepared.amountDueToday).toBe(0);
    const ok = await setup(free.v, free.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toContain('/sandbox/card/');
  });
});
