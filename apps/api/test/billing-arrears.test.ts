import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { lastDayOfCover } from '../src/modules/billing/arrears.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  openSettlePage,
  owedOnStatements,
  payOnHostedPage,
  runDays,
  staffCancel,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2027-01-30T12:00:00Z');
});
afterAll(async () => t.close());

const runLog = async (from: string, to: string) => (await runDays(t, from, to)).log;

const mails = async (accountId: string) =>
  (
    await rows(
      t,
      "SELECT payload->>'kind' AS kind FROM outbox WHERE payload->>'accountId' = $1 ORDER BY created_at, payload->>'kind'",
      [accountId],
    )
  ).map((r) => r.kind);

const customerToken = async (partyId: string) =>
  (await signAnonymousToken(t.app.services, partyId)).accessToken;

/**
 * A card that fails from the first monthly statement (28 February), and the customer cancelling on 1 March, at
 * once or from `effectiveAt`.
 */
async function failingThenCancelled(effectiveAt?: string) {
  t.at.set('2027-01-30T12:00:00Z');
  const p = await buySubscription(t, '2027-01-31', 'tok_chargeCustomerFail');
  await runDays(t, '2027-02-28', '2027-02-28');
  t.at.set('2027-03-01T10:00:00Z');
  await staffCancel(t, p, effectiveAt);
  return p;
}

/** An account's billing e-mails are the statement and three failures, no suspension or notice; answers the last. */
async function expectFailedThrice(accountId: string) {
  const told = await rows(
    t,
    "SELECT payload->>'kind' AS kind, body FROM outbox WHERE payload->>'accountId' = $1 ORDER BY created_at",
    [accountId],
  );
  expect(told.map((m) => m.kind)).toEqual([
    'statement-issued',
    'payment-failed',
    'payment-failed',
    'payment-failed',
  ]);
  return String(told.at(-1)?.body);
}

describe('arrears', () => {
  it('a card failing off-session is retried 3 days later and recovered when the card works again', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_laterInsufficientFunds');
    expect(await runLog('2027-02-27', '2027-02-28')).toEqual(['2027-02-28 raised, failed']);
    // Where the policy stands says why it is owed: a collection that failed (ADR 352).
    const policy = await api(t.base, p.staff, 'GET', `/api/policies/${p.policyId}`);
    expect(policy.body.standing.arrears).toEqual({ amount: p.regular, statementNumbers: [2], why: 'failed' });
    // The customer's bank lets the next attempt through (the same saved card, now good).
    await t.database.query(
      "UPDATE payment_methods SET provider_reference = 'pm_test_4242_recovered' WHERE party_id = $1",
      [p.partyId],
    );
    expect(await runLog('2027-03-01', '2027-03-05')).toEqual(['2027-03-03 collected']);
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
    const list = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body;
    expect(list[0]).toMatchObject({ statementNumber: 2, status: 'settled', amountOutstanding: 0 });
    // Two attempts at the provider under two keys; one payment line on the statement.
    const keys = await rows(
      t,
      "SELECT idempotency_key, status, decline_code FROM sandbox_card_charges WHERE payment_method LIKE 'pm_test_%' AND idempotency_key LIKE (SELECT id::text FROM customer_payments WHERE purpose = 'statement' AND reference = $1) || ':%' ORDER BY idempotency_key",
      [list[0].statementId],
    );
    expect(keys.map((k) => [String(k.idempotency_key).slice(-2), k.status, k.decline_code])).toEqual([
      [':1', 'declined', 'insufficient_funds'],
      [':2', 'succeeded', null],
    ]);
    expect(await mails(p.accountId)).toEqual(['statement-issued', 'payment-failed', 'payment-taken']);
  });

  it('a card that keeps failing: retries on day 3 and 7, suspension, 7 days notice, then cancellation for non-payment', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_chargeCustomerFail');
    // Hand-worked: raised and failed 28 Feb; retries 3 Mar (+3 days) and 7 Mar (+7 days), both failing;
    // suspended 7 Mar with notice to pay by 14 Mar; cover ends at the end of 14 Mar (London midnight starting
    // 15 Mar), and the 15 Mar run cancels it; no statement on 28 Mar (suspended account).
    const log = await runLog('2027-02-28', '2027-03-31');
    expect(log.slice(0, 4)).toEqual([
      '2027-02-28 raised, failed',
      '2027-03-03 failed',
      '2027-03-07 failed',
      '2027-03-15 cancelled',
    ]);
    // (The first test's account, paid up, is billed on 28 Mar; this one, cancelled, is not.)
    expect(log.slice(4)).toEqual(['2027-03-28 raised, collected']);
    const own = await rows(
      t,
      "SELECT count(*)::int AS n FROM statements WHERE account_id = $1 AND kind = 'subscription'",
      [p.accountId],
    );
    expect(own[0]?.n).toBe(1);
    const [policy] = await rows(
      t,
      'SELECT status, terminated_at, cancellation_reason FROM policies WHERE id = $1',
      [p.policyId],
    );
    expect(policy).toEqual({
      status: 'CANCELLED',
      terminated_at: new Date('2027-03-15T00:00:00Z'),
      cancellation_reason: 'NON_PAYMENT',
    });
    const mid = await rows(
      t,
      "SELECT payload->>'reason' AS reason FROM outbox WHERE subject = 'mid.policy.cancelled' AND payload->>'policyNumber' = (SELECT policy_number FROM policies WHERE id = $1)",
      [p.policyId],
    );
    expect(mid).toEqual([{ reason: 'NON_PAYMENT' }]);
    // Partners are told (ADR 362): each failed collection, then the policy lapsed for non-payment.
    const announced = await rows(
      t,
      "SELECT type, payload->>'amountPence' AS amount, payload->>'reason' AS reason FROM partner_events WHERE policy_id = $1 AND type <> 'policy.bound' ORDER BY seq",
      [p.policyId],
    );
    expect(announced.map((e) => [e.type, e.reason ?? null])).toEqual([
      ['payment.failed', null],
      ['payment.failed', null],
      ['payment.failed', null],
      ['policy.lapsed', 'NON_PAYMENT'],
    ]);
    expect(Number(announced[0]?.amount)).toBeGreaterThan(0);
    expect(await mails(p.accountId)).toEqual([
      'statement-issued',
      'payment-failed',
      'payment-failed',
      'account-suspended',
      'notice-of-cancellation',
      'cancelled-non-payment',
    ]);
    // Only the cover had is owed (issue 26 defect 3): 28 Feb – 14 Mar, 15 of the period's 28 days, rounded
    // down; the rest of the month is credited, and the open statements ask for it once.
    const owed = Math.floor((p.regular * 15) / 28);
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({
      accountStatus: 'SUSPENDED',
      outstandingAmount: owed,
      accountBalance: owed,
    });
    expect(await owedOnStatements(t, p.accountId)).toBe(owed);
    const credit = await rows(
      t,
      "SELECT amount_pence, ipt_pence FROM statement_line_items WHERE account_id = $1 AND type = 'credit_note'",
      [p.accountId],
    );
    expect(credit).toEqual([{ amount_pence: owed - p.regular, ipt_pence: expect.any(Number) }]);
    expect(credit[0]?.ipt_pence).toBeLessThan(0);
    const notice = await rows(
      t,
      "SELECT recipient, body FROM outbox WHERE payload->>'kind' = 'notice-of-cancellation' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    expect(notice[0]?.recipient).toBe('sam.taylor@example.com');
    expect(notice[0]?.body).toContain('14 March 2027');
  });

  it('the customer pays the outstanding balance on the hosted card page while suspended: reinstated, not cancelled', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_chargeCustomerFail');
    expect(await runLog('2027-02-28', '2027-03-08')).toEqual([
      '2027-02-28 raised, failed',
      '2027-03-03 failed',
      '2027-03-07 failed',
    ]);
    const token = await customerToken(p.partyId);
    const [suspended] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(suspended).toMatchObject({ accountStatus: 'SUSPENDED', outstandingAmount: p.regular });
    const session = await openSettlePage(t, token, p.accountId);
    expect(session.status).toBe(200);
    expect(await (await fetch(session.body.url)).text()).toContain(`£${(p.regular / 100).toFixed(2)}`);
    await payOnHostedPage(session.body.url);
    const [paid] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(paid).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
    expect(await runLog('2027-03-09', '2027-03-20')).toEqual([]);
    const [policy] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).not.toBe('CANCELLED');
    // Another customer cannot pay (or see) this account.
    const stranger = await customerToken('00000000-0000-4000-8000-000000000001');
    const other = await openSettlePage(t, stranger, p.accountId);
    expect([401, 404]).toContain(other.status);
  });

  it('a card failing, then the policy cancelled: the retry charges only what the statement still asks (ADR 382)', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_laterInsufficientFunds');
    await runDays(t, '2027-02-28', '2027-02-28');
    t.at.set('2027-03-01T10:00:00Z');
    await staffCancel(t, p);
    const [statement] = await rows(
      t,
      "SELECT id, amount_outstanding_pence AS asks FROM statements WHERE account_id = $1 AND kind = 'subscription' AND status = 'failed'",
      [p.accountId],
    );
    const asks = Number(statement?.asks);
    expect(asks).toBeGreaterThan(0);
    expect(asks).toBeLessThan(p.regular);
    await t.database.query(
      "UPDATE payment_methods SET provider_reference = 'pm_test_4242_recovered_again' WHERE party_id = $1",
      [p.partyId],
    );
    await runDays(t, '2027-03-01', '2027-03-05');
    const charges = await rows(
      t,
      "SELECT amount_pence, status FROM sandbox_card_charges WHERE idempotency_key LIKE (SELECT id::text FROM customer_payments WHERE purpose = 'statement' AND reference = $1) || ':%' ORDER BY idempotency_key",
      [statement?.id],
    );
    // The first attempt asked for the instalment; the retry, after the cancellation's credit, only what is owed.
    expect(charges).toEqual([
      { amount_pence: p.regular, status: 'declined' },
      { amount_pence: asks, status: 'succeeded' },
    ]);
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body.filter(
      (a: { accountId: string }) => a.accountId === p.accountId,
    );
    expect(account).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
    expect(
      await rows(
        t,
        'SELECT 1 FROM payment_refunds WHERE customer_payment_id IN (SELECT id FROM customer_payments WHERE reference = $1)',
        [statement?.id],
      ),
    ).toEqual([]);
  });

  it('a card failing, then the policy cancelled: the retries go on, but cover that has ended is neither suspended nor given notice of cancellation (ADR 396)', async () => {
    const p = await failingThenCancelled();
    const owed = await owedOnStatements(t, p.accountId);
    expect(owed).toBeGreaterThan(0);
    // The customer was told the card would be tried on 3 and 7 March: it is, for what the cover had costs.
    await runDays(t, '2027-03-01', '2027-03-31');
    const charges = await rows(
      t,
      "SELECT amount_pence AS amount, status, created_at::date::text AS day FROM sandbox_card_charges WHERE idempotency_key LIKE (SELECT id::text FROM customer_payments WHERE purpose = 'statement' AND reference = (SELECT id::text FROM statements WHERE account_id = $1 AND kind = 'subscription')) || ':%' ORDER BY idempotency_key",
      [p.accountId],
    );
    expect(charges).toEqual([
      { amount: p.regular, status: 'declined', day: '2027-02-28' },
      { amount: owed, status: 'declined', day: '2027-03-03' },
      { amount: owed, status: 'declined', day: '2027-03-07' },
    ]);
    // The last failure: what is still to pay, and that nothing more is collected; no suspension, no notice of a
    // cancellation (the policy was cancelled on 1 March: "you must not drive after 14 March" would be untrue).
    const last = await expectFailedThrice(p.accountId);
    expect(last).toContain(
      `We tried three times and could not take £${(owed / 100).toFixed(2)} from your card.`,
    );
    expect(last).toContain(
      'Cover under this policy has ended, and this is still to pay for the cover you had.',
    );
    expect(last).toContain('We will not try your card again');
    expect(last).not.toMatch(/suspended|cancelled for non-payment/);
    const [account] = await rows(
      t,
      'SELECT status, cancel_for_non_payment_at AS "cancelAt" FROM customer_accounts WHERE id = $1',
      [p.accountId],
    );
    expect(account).toEqual({ status: 'ACTIVE', cancelAt: null });
    const [statement] = await rows(
      t,
      "SELECT status, next_collection_at AS next, collection_attempts AS attempts FROM statements WHERE account_id = $1 AND kind = 'subscription'",
      [p.accountId],
    );
    expect(statement).toEqual({ status: 'failed', next: null, attempts: 3 });
    const [policy] = await rows(t, 'SELECT status, cancellation_reason FROM policies WHERE id = $1', [
      p.policyId,
    ]);
    expect(policy).toEqual({ status: 'CANCELLED', cancellation_reason: 'Price' });
    // Every page reads the same: arrears for cover that has ended, and the customer can pay them.
    const token = await customerToken(p.partyId);
    const seen = await api(t.base, token, 'GET', `/api/policies/${p.policyId}`);
    expect(seen.body.standing.arrears).toEqual({ amount: owed, statementNumbers: [2], why: 'ended' });
    const [listed] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(listed).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: owed, accountBalance: owed });
    const session = await openSettlePage(t, token, p.accountId);
    expect(session.status).toBe(200);
    await payOnHostedPage(session.body.url);
    expect(await owedOnStatements(t, p.accountId)).toBe(0);
    const [paid] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(paid).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
  });

  it('a card failing with a cancellation already set before a notice would end: no suspension, no notice of cancellation, told when cover ends (ADR 396)', async () => {
    // On 1 March the customer asks to cancel from 10 March: cover ends at midnight at the end of 9 March, before
    // a notice given on 7 March would end it (the end of 14 March).
    const p = await failingThenCancelled('2027-03-10T00:00:00.000Z');
    await runDays(t, '2027-03-01', '2027-03-08');
    const last = await expectFailedThrice(p.accountId);
    expect(last).toContain('We tried three times and could not take');
    expect(last).toContain(
      'Your cover ends at midnight at the end of 9 March 2027, as arranged, and this is still to pay for your cover up to then. We will not try your card again',
    );
    const [account] = await rows(
      t,
      'SELECT status, cancel_for_non_payment_at AS "cancelAt" FROM customer_accounts WHERE id = $1',
      [p.accountId],
    );
    expect(account).toEqual({ status: 'ACTIVE', cancelAt: null });
    // Still live (this app runs no activation job, so PENDING), its cancellation set.
    const [policy] = await rows(t, 'SELECT status, terminated_at FROM policies WHERE id = $1', [p.policyId]);
    expect(policy).toEqual({ status: 'PENDING', terminated_at: new Date('2027-03-10T00:00:00.000Z') });
    const token = await customerToken(p.partyId);
    const seen = await api(t.base, token, 'GET', `/api/policies/${p.policyId}`);
    expect(seen.body.standing.arrears).toMatchObject({ statementNumbers: [2], why: 'failed' });
  });

  it('a card failing with a cancellation set after a notice would end: suspended with notice, as before (ADR 396)', async () => {
    // From 20 March: after the notice given on 7 March ends (midnight at the end of 14 March).
    const p = await failingThenCancelled('2027-03-20T00:00:00.000Z');
    await runDays(t, '2027-03-01', '2027-03-08');
    expect(await mails(p.accountId)).toEqual([
      'statement-issued',
      'payment-failed',
      'payment-failed',
      'account-suspended',
      'notice-of-cancellation',
    ]);
    const [account] = await rows(t, 'SELECT status FROM customer_accounts WHERE id = $1', [p.accountId]);
    expect(account?.status).toBe('SUSPENDED');
  });

  it('the last moment of cover in words: midnight at the end of a day, else the time itself (ADR 396)', () => {
    // 10 March 2027 00:00 London (GMT), and an expiry keeping the 14:23 cover started at.
    expect(lastDayOfCover(new Date('2027-03-10T00:00:00Z'))).toBe('midnight at the end of 9 March 2027');
    expect(lastDayOfCover(new Date('2027-03-10T14:23:00Z'))).toBe('14:23 on 10 March 2027');
    // British Summer Time: midnight in London is 23:00 UTC the day before.
    expect(lastDayOfCover(new Date('2027-07-09T23:00:00Z'))).toBe('midnight at the end of 9 July 2027');
  });
});
