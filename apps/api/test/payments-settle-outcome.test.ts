import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payFirstByPhone } from './billing-helpers.ts';
import { api, type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

/** Bought by phone with a card that fails later (0341, as the billing run found), then statement 2 failed. */
async function arrears(amount = 6150) {
  const v = await visitor(t.app);
  const { code } = await ratedProposal(v);
  await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`);
  await payFirstByPhone(t, v, code, 'tok_chargeCustomerFail');
  const [account] = (await v.call('GET', '/api/customerAccounts')).json();
  const statementId = randomUUID();
  await t.database.query(
    `INSERT INTO statements (id, account_id, statement_number, status, kind, subtotal_pence, carried_forward_pence,
       amount_outstanding_pence) VALUES ($1, $2, 2, 'failed', 'subscription', $3, $3, $3)`,
    [statementId, account.accountId, amount],
  );
  await t.database.query(
    `INSERT INTO statement_line_items (id, statement_id, account_id, type, status, amount_pence, description_key,
       effective_at) VALUES ($1, $2, $3, 'invoice', 'POSTED', $4, 'billing.lineItem.subscription', now())`,
    [randomUUID(), statementId, account.accountId, amount],
  );
  return { v, accountId: account.accountId as string };
}

/** The billing tab's Pay now: the page returns naming its session (ADR 353). */
const openPage = (token: string, accountId: string) =>
  api(t.base, token, 'POST', '/api/stripe/settle', {
    accountId,
    successUrl: `${t.base}/billing?cardPayment={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${t.base}/billing`,
    lineItem: { name: 'Outstanding balance' },
  });

const pay = (url: string, cardNumber: string) =>
  submitForm(url, { name: 'Sam Taylor', cardNumber, expiry: '12/34', cvc: '123', postalCode: 'LS1 5HD' });

describe('what the billing tab learns after paying arrears on the card page (issue 28, defect 2)', () => {
  it('a declined card: the return names the session, which says failed with the decline code; nothing paid', async () => {
    const { v, accountId } = await arrears();
    const page = await openPage(v.token, accountId);
    expect(page.status).toBe(200);
    expect(page.body.amount).toBe(6150); // what the page will charge, for the confirmation before it
    const back = await pay(page.body.url, '4000 0000 0000 0002');
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${t.base}/billing?cardPayment=${page.body.sessionId}`);
    const session = await api(t.base, v.token, 'GET', `/api/stripe/sessions/${page.body.sessionId}`);
    expect(session.body).toMatchObject({
      status: 'failed',
      declineCode: 'card_declined',
      kind: 'settle',
      card: null,
    });
    expect((await v.call('GET', '/api/customerAccounts')).json()[0].outstandingAmount).toBe(6150);
    const other = await visitor(t.app);
    expect(
      (await api(t.base, other.token, 'GET', `/api/stripe/sessions/${page.body.sessionId}`)).status,
    ).toBe(404);
  });

  it('paid with a new card: the amount and the card; the failing card stays until the customer keeps the new one, once', async () => {
    const { v, accountId } = await arrears(4321);
    const page = await openPage(v.token, accountId);
    await pay(page.body.url, '4242 4242 4242 4242');
    const session = await api(t.base, v.token, 'GET', `/api/stripe/sessions/${page.body.sessionId}`);
    expect(session.body).toMatchObject({
      status: 'complete',
      amount: 4321,
      card: { display: 'VISA •••• 4242' },
    });
    let [account] = (await v.call('GET', '/api/customerAccounts')).json();
    expect(account.outstandingAmount).toBe(0);
    expect(account.paymentMethod.display).toBe('VISA •••• 0341');

    const stranger = await visitor(t.app);
    const theirs = await api(
      t.base,
      stranger.token,
      'POST',
      `/api/stripe/sessions/${page.body.sessionId}/keepCard`,
    );
    expect(theirs.status).toBe(404);
    // A double click: both answer the card, one change is written.
    const kept = await Promise.all([
      api(t.base, v.token, 'POST', `/api/stripe/sessions/${page.body.sessionId}/keepCard`),
      api(t.base, v.token, 'POST', `/api/stripe/sessions/${page.body.sessionId}/keepCard`),
    ]);
    expect(kept.map((k) => [k.status, k.body.display])).toEqual([
      [200, 'VISA •••• 4242'],
      [200, 'VISA •••• 4242'],
    ]);
    [account] = (await v.call('GET', '/api/customerAccounts')).json();
    expect(account.paymentMethod.display).toBe('VISA •••• 4242');
    expect(account.paymentMethodType).toBe('CARD');
    const changes = await rows(
      t,
      'SELECT count(*)::int AS n FROM payment_method_changes WHERE account_id = $1',
      [accountId],
    );
    expect(changes[0]?.n).toBe(1);
  });

  it('a declined page saved no card to keep (409); paying twice from two pages at once charges once', async () => {
    const { v, accountId } = await arrears(2500);
    const declined = await openPage(v.token, accountId);
    await pay(declined.body.url, '4000 0000 0000 0002');
    const keep = await api(
      t.base,
      v.token,
      'POST',
      `/api/stripe/sessions/${declined.body.sessionId}/keepCard`,
    );
    expect(keep.status).toBe(409);
    // Pay now pressed twice: the second page replaces the first (one open settlement, ADR 341).
    const [a, b] = await Promise.all([openPage(v.token, accountId), openPage(v.token, accountId)]);
    const results = [
      await pay(a.body.url, '4242 4242 4242 4242'),
      await pay(b.body.url, '4242 4242 4242 4242'),
    ];
    expect(results.map((r) => r.status).sort()).toEqual([303, 404]);
    const charged = await rows(
      t,
      `SELECT count(*)::int AS n FROM statement_line_items l JOIN customer_payments p ON p.id = l.customer_payment_id
        WHERE l.account_id = $1 AND l.type = 'payment' AND p.purpose = 'settle'`,
      [accountId],
    );
    expect(charged[0]?.n).toBe(1);
    expect((await v.call('GET', '/api/customerAccounts')).json()[0].outstandingAmount).toBe(0);
  });
});
