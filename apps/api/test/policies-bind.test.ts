import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { api, type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, type Visitor, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const card = { name: 'Sam Taylor', expiry: '12 / 34', cvc: '123', postalCode: 'LS1 5HD' };

async function verifiedQuote() {
  const v = await visitor(t.app);
  const { code, body } = await ratedProposal(v);
  expect(body.status).toBe('QUOTE');
  const verified = await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`);
  expect(verified.json().isClear).toBe(true);
  return { v, code };
}

async function payByCard(v: Visitor, code: string, number: string) {
  const payment = await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code });
  expect(payment.statusCode).toBe(200);
  const session = await api(t.base, v.token, 'POST', '/api/stripe/checkout', {
    paymentId: payment.json().paymentId,
    successUrl: `${t.base}/car-insurance/proposal/${code}/checkout/payment/callback`,
    cancelUrl: `${t.base}/car-insurance/proposal/${code}/checkout`,
    lineItem: { name: 'Monthly car insurance' },
  });
  expect(session.status).toBe(200);
  await submitForm(session.body.url, { ...card, cardNumber: number });
  return payment.json() as { paymentId: string; amount: number };
}

const count = async (sql: string, values: unknown[]) => Number((await rows(t, sql, values))[0]?.n);

describe('bind', () => {
  it('a card payment settled by webhook makes the policy, account, ledger, MID event and documents', async () => {
    const { v, code } = await verifiedQuote();
    const payment = await payByCard(v, code, '4242424242424242');
    expect(payment.amount).toBeGreaterThan(0);

    const proposal = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(proposal.status).toBe('POLICY');
    expect(proposal.policyNumber).toMatch(/^FCM\d{13}$/);
    const [policy] = await rows(t, 'SELECT id, status FROM policies WHERE proposal_code = $1', [code]);
    expect(policy?.status).toBe('PENDING');

    const accounts = (
      await v.call('GET', `/api/customerAccounts?policyNumber=${proposal.policyNumber}`)
    ).json();
    expect(accounts).toEqual([
      expect.objectContaining({
        accountCode: proposal.policyNumber,
        paymentMethodType: 'CARD',
        accountBalance: 0,
        outstandingAmount: 0,
        accountStatus: 'ACTIVE',
        // The card saved by the first payment collects the months (home's payment-method banner: ADR 241).
        paymentMethodUsable: true,
      }),
    ]);
    const lines = await rows(
      t,
      'SELECT type, amount_pence FROM statement_line_items WHERE account_id = $1 ORDER BY amount_pence DESC',
      [accounts[0].accountId],
    );
    expect(lines).toEqual([
      { type: 'invoice', amount_pence: payment.amount },
      { type: 'payment', amount_pence: -payment.amount },
    ]);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE payload->>'type' = 'mid.policy.created' AND payload->>'policyNumber' = $1",
        [proposal.policyNumber],
      ),
    ).toBe(1);

    const [mail] = await rows(
      t,
      "SELECT recipient, subject, body FROM outbox WHERE channel = 'email' AND subject LIKE $1",
      [`%${proposal.policyNumber}`],
    );
    expect(mail).toMatchObject({
      recipient: 'sam.taylor@example.com',
      subject: `You're covered: policy ${proposal.policyNumber}`,
    });
    expect(mail?.body).toContain('Your cover starts at 00:00 on');
    const read = (await v.call('GET', `/api/policies/${policy?.id}`)).json();
    expect(read).toMatchObject({
      policyNumber: proposal.policyNumber,
      policyDetail: { policyStatus: 'PENDING', autoRenewalEnabled: true },
      currentPolicyVersion: { versionNumber: 1 },
    });
    // What the policy page's details and documents tabs read: every version, and the price with its IPT.
    expect(read.versions).toEqual([{ versionNumber: 1, startedAt: read.currentPolicyVersion.startedAt }]);
    expect(read.currentPolicyVersion.quote.totals).toMatchObject({ iptRate: 0.12 });
    expect(read.currentPolicyVersion.quote.totals.ipt).toBeGreaterThan(0);
    expect((await v.call('GET', '/api/policies')).json()[0].versions).toHaveLength(1);
    expect((await v.call('GET', '/api/policies?schemeCode=FCMOTOR1')).json()).toHaveLength(1);
    const stranger = await visitor(t.app);
    expect((await stranger.call('GET', `/api/policies/${policy?.id}`)).statusCode).toBe(404);
    expect((await stranger.call('GET', '/api/policies')).json()).toEqual([]);
    const pdf = await v.call('GET', `/api/documents/policy/${policy?.id}/policy-certificate`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('a Direct Debit customer pays the first month by card and later months by mandate', async () => {
    const { v, code } = await verifiedQuote();
    const flow = await api(t.base, v.token, 'POST', '/api/gocardless/flows', {
      mandateDescription: 'Forecourt car insurance',
      successUrl: `${t.base}/car-insurance/proposal/${code}/checkout`,
    });
    await submitForm(flow.body.redirectUrl, {
      accountHolder: 'Sam Taylor',
      sortCode: '200000',
      accountNumber: '55779911',
    });
    const mandate = await v.call('POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.body.redirectFlowId,
    });
    expect(mandate.json().status).toBe('PENDING_CUSTOMER_APPROVAL');
    await payByCard(v, code, '4242424242424242');
    const [account] = (await v.call('GET', '/api/customerAccounts')).json();
    expect(account.paymentMethodType).toBe('BACS_DEBIT');
    expect(account.paymentMethodUsable).toBe(true);
    // The bank cancels the mandate (its webhook: payments-direct-debit.test.ts): nothing left to collect by,
    // which home's missing-payment-method banner reads (ADR 241).
    await t.database.query(
      "UPDATE payment_methods SET mandate_status = 'CANCELLED' WHERE provider_reference = $1",
      [mandate.json().mandateId],
    );
    expect((await v.call('GET', '/api/customerAccounts')).json()[0].paymentMethodUsable).toBe(false);
  });

  it('a declined card leaves no policy', async () => {
    const { v, code } = await verifiedQuote();
    await payByCard(v, code, '4000000000000002');
    expect((await v.call('GET', `/api/proposals/${code}`)).json().status).toBe('QUOTE');
    expect(await count('SELECT count(*) AS n FROM policies WHERE proposal_code = $1', [code])).toBe(0);
  });

  it('POST /api/customerAccounts says what is due today (402 until verified)', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const early = await v.call('POST', '/api/customerAccounts', { proposalCode: code });
    expect(early.statusCode).toBe(402);
    await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`);
    const res = await v.call('POST', '/api/customerAccounts', { proposalCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paymentMethodType: 'CARD',
      hasPaymentMethod: false,
      bindRequired: false,
    });
    expect(res.json().customerPayment.amount).toBe(res.json().amountDueToday);
    const again = await v.call('POST', '/api/customerAccounts', { proposalCode: code });
    expect(again.json().customerPayment.paymentId).toBe(res.json().customerPayment.paymentId);
  });

  it('refuses to bind without a first payment (402) and for another party (404)', async () => {
    const { v, code } = await verifiedQuote();
    const unpaid = await v.call('POST', `/api/proposals/${code}/bind`);
    expect(unpaid.statusCode).toBe(402);
    const stranger = await visitor(t.app);
    expect((await stranger.call('POST', `/api/proposals/${code}/bind`)).statusCode).toBe(404);
  });

  it('ten concurrent binds with one idempotency key make one policy, one account and one payment', async () => {
    const { v, code } = await verifiedQuote();
    const due = (await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code })).json();
    const partyId = (await rows(t, 'SELECT party_id FROM proposals WHERE proposal_code = $1', [code]))[0]
      ?.party_id;
    await t.database.query(
      "UPDATE customer_payments SET status = 'SETTLED', settled_at = now() WHERE id = $1",
      [due.paymentId],
    );
    await createCustomerPayment(t.app.services, {
      partyId: String(partyId),
      purpose: 'settle',
      reference: 'unrelated',
      amountPence: 1,
    });
    await t.database.query(
      `INSERT INTO payment_methods (id, party_id, type, provider, provider_reference, display, card_brand, card_last4)
       VALUES (gen_random_uuid(), $1, 'CARD', 'sandbox', 'pm_test_concurrent', 'VISA •••• 4242', 'visa', '4242')`,
      [partyId],
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/proposals/${code}/bind`,
          headers: { ...v.headers, 'idempotency-key': `bind-${code}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().policyId)).size).toBe(1);
    expect(await count('SELECT count(*) AS n FROM policies WHERE proposal_code = $1', [code])).toBe(1);
    const policyNumber = results[0]?.json().policyNumber;
    expect(
      await count('SELECT count(*) AS n FROM customer_accounts WHERE account_code = $1', [policyNumber]),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM statement_line_items WHERE type = 'payment' AND customer_payment_id = $1",
        [due.paymentId],
      ),
    ).toBe(1);
  });
});
