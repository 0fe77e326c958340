import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettlePage, payFirstByPhone, payOnHostedPage } from './billing-helpers.ts';
import { api, type ListeningApp, listeningApp } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

/** A policy bought by phone (staff, tok_visa), then a second statement left unpaid. */
async function policyWithArrears(amount = 6150) {
  const v = await visitor(t.app);
  const { code } = await ratedProposal(v);
  await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`);
  const { staff, dob } = await payFirstByPhone(t, v, code);
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
  return { v, staff, dob: String(dob), accountId: account.accountId as string };
}

/** The partner events of the account's policy after its purchase (ADR 362). */
const announced = async (accountId: string) =>
  (
    await t.database.query(
      `SELECT e.type, e.payload->>'amountPence' AS amount FROM partner_events e
        JOIN customer_accounts a ON a.policy_id = e.policy_id
       WHERE a.id = $1 AND e.type <> 'policy.bound' ORDER BY e.seq`,
      [accountId],
    )
  ).rows;

describe('settling an outstanding balance', () => {
  it('the customer pays it on the hosted card page; the statement is settled by the webhook', async () => {
    const { v, accountId } = await policyWithArrears();
    expect((await v.call('GET', '/api/customerAccounts')).json()[0].outstandingAmount).toBe(6150);
    const session = await openSettlePage(t, v.token, accountId);
    expect(session.status).toBe(200);
    expect(await (await fetch(session.body.url)).text()).toContain('£61.50');
    await payOnHostedPage(session.body.url);
    const [account] = (await v.call('GET', '/api/customerAccounts')).json();
    expect(account.outstandingAmount).toBe(0);
    expect(account.accountBalance).toBe(0);
    const list = (await v.call('GET', `/api/customerAccounts/${accountId}/statements`)).json();
    expect(
      list.map((x: { statementNumber: number; status: string }) => [x.statementNumber, x.status]),
    ).toEqual([
      [2, 'settled'],
      [1, 'settled'],
    ]);
    const detail = (
      await v.call('GET', `/api/customerAccounts/${accountId}/statements/${list[0].statementId}`)
    ).json();
    expect(detail.lineItems.map((l: { type: string; amount: number }) => [l.type, l.amount])).toEqual([
      ['invoice', 6150],
      ['payment', -6150],
    ]);
    expect(detail).toMatchObject({ statementBalance: 0, amountOutstanding: 0 });
    // Partners are told the balance was paid (ADR 362), once.
    expect(await announced(accountId)).toEqual([{ type: 'payment.succeeded', amount: '6150' }]);
    const stranger = await visitor(t.app);
    expect((await stranger.call('GET', `/api/customerAccounts/${accountId}/statements`)).statusCode).toBe(
      404,
    );
    const nothing = await openSettlePage(t, v.token, accountId);
    expect(nothing.status).toBe(422);
  });

  it('staff settle it by phone with a card token and the date of birth on record', async () => {
    const { v, staff, dob, accountId } = await policyWithArrears(2500);
    const body = {
      accountId,
      itemName: 'Arrears',
      token: 'tok_visa',
      postalCode: 'ls1 5hd',
      dateOfBirth: dob,
    };
    const declined = await api(t.base, staff, 'POST', '/api/stripe/moto/settle', {
      ...body,
      token: 'tok_chargeDeclinedInsufficientFunds',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.declineCode).toBe('insufficient_funds');
    const ok = await api(t.base, staff, 'POST', '/api/stripe/moto/settle', body);
    expect(ok.status).toBe(200);
    expect((await v.call('GET', '/api/customerAccounts')).json()[0].outstandingAmount).toBe(0);
    // The declined attempt announced nothing; the payment taken, once.
    expect(await announced(accountId)).toEqual([{ type: 'payment.succeeded', amount: '2500' }]);
    const asCustomer = await api(t.base, v.token, 'POST', '/api/stripe/moto/settle', body);
    expect(asCustomer.status).toBe(403);
  });
});
