import { expect } from 'vitest';
import { caller } from './claims-helpers.ts';
import { signIn } from './helpers/identity-flow.ts';
import { type ListeningApp, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, today, type Visitor } from './proposals-helpers.ts';

const card = {
  name: 'Sam Taylor',
  expiry: '12 / 34',
  cvc: '123',
  postalCode: 'LS1 5HD',
  cardNumber: '4242424242424242',
};

/**
 * A signed-in customer who bought a policy through the real card flow (quote, verification, hosted card
 * page, webhook, bind), so a refund goes back through the card provider. `startToday`: cover starts now
 * (ACTIVE); otherwise tomorrow (PENDING).
 */
export async function customerWithPaidPolicy(
  t: ListeningApp,
  email: string,
  startToday = true,
  schemeCode?: string,
) {
  const token = (await signIn(t.app, email)).access_token;
  const me = { ...caller(t, token), headers: { authorization: `Bearer ${token}` } };
  const { code } = await ratedProposal(
    me,
    (d) => {
      if (startToday) d.quote.startDate = today();
    },
    undefined,
    schemeCode,
  );
  const payment = await buyByCard(t, me, code);
  const proposal = (await me.call('GET', `/api/proposals/${code}`)).json();
  expect(proposal.status).toBe('POLICY');
  const partyId = String(
    (await rows(t, 'SELECT party_id FROM proposals WHERE proposal_code = $1', [code]))[0]?.party_id,
  );
  return {
    ...me,
    partyId,
    policyId: proposal.policyId as string,
    policyNumber: proposal.policyNumber as string,
    paid: payment.amount as number,
  };
}

/**
 * Buys a rated quote through the real card flow, as its owner `me` (a visitor or a customer): verification,
 * the first payment's hosted card page, the webhook and bind. Answers the first payment.
 */
export async function buyByCard(t: ListeningApp, me: Pick<Visitor, 'call'>, code: string) {
  expect((await me.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
  const payment = (
    await me.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code })
  ).json();
  const res = await me.call('POST', '/api/stripe/checkout', {
    paymentId: payment.paymentId,
    successUrl: `http://localhost:80/car-insurance/proposal/${code}/checkout/payment/callback`,
    cancelUrl: `http://localhost:80/car-insurance/proposal/${code}/checkout`,
    lineItem: { name: 'Monthly car insurance' },
  });
  // The hosted page answers on the listening server (the session was made through inject).
  if (res.statusCode !== 200) throw new Error(`card session: ${res.statusCode} ${res.body}`);
  const url = new URL(res.json().url as string);
  await submitForm(`${t.base}${url.pathname}${url.search}`, card);
  return payment as { paymentId: string; amount: number };
}

/** Moves a policy, its versions and its charges `days` into the past, as if bought that long ago. */
export async function boughtDaysAgo(t: ListeningApp, policyId: string, days: number) {
  const by = `${days} days`;
  await t.database.query(
    `UPDATE policies SET status = 'ACTIVE', incepted_at = incepted_at - $2::interval,
       created_at = created_at - $2::interval, expired_at = expired_at - $2::interval WHERE id = $1`,
    [policyId, by],
  );
  await t.database.query(
    'UPDATE policy_versions SET started_at = started_at - $2::interval WHERE policy_id = $1',
    [policyId, by],
  );
  await t.database.query(
    `UPDATE statement_line_items SET service_period_start = service_period_start - $2::interval,
       service_period_end = service_period_end - $2::interval
     WHERE account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)`,
    [policyId, by],
  );
}

/** The policy's ledger lines, oldest first. */
export const ledgerLines = (t: ListeningApp, policyId: string) =>
  rows(
    t,
    `SELECT l.type, l.status, l.amount_pence, l.sub_type, l.description_value, s.kind
       FROM statement_line_items l JOIN statements s ON s.id = l.statement_id
      WHERE l.account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)
      ORDER BY s.statement_number, l.created_at, l.type`,
    [policyId],
  );
