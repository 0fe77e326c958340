import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from './checkout-helpers.ts';
import { api, type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

describe('GET /api/customerAccounts?proposalCode=', () => {
  it("answers only the account of that proposal, not a returning customer's Direct Debit account", async () => {
    // A first policy, bought by phone, whose account is then paid by Direct Debit.
    const v = await visitor(t.app);
    const first = await ratedProposal(v);
    await v.call('PUT' as 'POST', `/api/proposals/${first.code}/verify`);
    const due = (
      await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: first.code })
    ).json();
    const [{ dob } = {}] = await rows(
      t,
      "SELECT data->'profiles'->0->'data'->>'dateOfBirth' AS dob FROM proposals WHERE proposal_code = $1",
      [first.code],
    );
    const partyId = await ownerOf(t, first.code);
    const paid = await api(t.base, `staff:${partyId}`, 'POST', '/api/stripe/moto/checkout', {
      paymentId: due.paymentId,
      itemName: 'Monthly car insurance',
      token: 'tok_visa',
      postalCode: 'LS1 5HD',
      dateOfBirth: dob,
    });
    expect(paid.status).toBe(200);
    await t.database.query(
      "UPDATE customer_accounts SET payment_method_type = 'BACS_DEBIT' WHERE party_id = $1",
      [partyId],
    );
    const all = (await v.call('GET', '/api/customerAccounts')).json();
    expect(all).toEqual([expect.objectContaining({ paymentMethodType: 'BACS_DEBIT' })]);

    // A new quote of the same customer has no account until it is bound.
    const second = await ratedProposal(v);
    const forSecond = await v.call('GET', `/api/customerAccounts?proposalCode=${second.code}`);
    expect(forSecond.statusCode).toBe(200);
    expect(forSecond.json()).toEqual([]);

    const forFirst = (await v.call('GET', `/api/customerAccounts?proposalCode=${first.code}`)).json();
    expect(forFirst).toEqual([expect.objectContaining({ accountId: all[0].accountId })]);
  });
});
