import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { ledgerBreaks } from '../src/modules/billing/ledger-check.ts';
import {
  accountNotices,
  type BillingApp,
  billingApp,
  buySubscription,
  openSettlePage,
  payOnHostedPage,
  runDays,
  withMandate,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Issue 26 defect 8, "money races" (ADR 341): settling an account's arrears ten times at once, by phone and
 * on the hosted page, and while a Direct Debit is in flight. Accounts fall into arrears through the real
 * operations (bought by phone on a card that fails off-session, then the billing run). Real concurrency:
 * ten requests in one Promise.all. Runs on PGlite and, through `npm run test:postgres`, on PostgreSQL.
 */
let t: BillingApp;
/** The provider references of the card charges that went through at the card provider, by phone. */
let charged: string[] = [];
beforeAll(async () => {
  t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  const provider = t.app.services.providers.cardPayments;
  const chargeToken = provider.chargeToken.bind(provider);
  provider.chargeToken = async (input) => {
    const result = await chargeToken(input);
    if (result.status === 'succeeded') charged.push(result.paymentReference);
    return result;
  };
});
afterAll(async () => t.close());

/** A subscription whose first collection (28 Feb 2027) the saved card declined: statement 2 is failed. */
async function inArrears() {
  t.at.set('2027-01-30T12:00:00Z');
  const p = await buySubscription(t, '2027-01-31', 'tok_chargeCustomerFail');
  await runDays(t, '2027-02-28', '2027-02-28');
  const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
  expect(account).toMatchObject({ outstandingAmount: p.regular });
  charged = [];
  return p;
}

type Party = Awaited<ReturnType<typeof inArrears>>;

/** The account's customer, signed in now (the clock moved past the visitor's token). */
const customerToken = async (p: Party) => (await signAnonymousToken(t.app.services, p.partyId)).accessToken;

const phoneSettle = (p: Party, token = p.staff) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/moto/settle',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    payload: {
      accountId: p.accountId,
      itemName: 'Arrears',
      token: 'tok_visa',
      postalCode: 'LS1 5HD',
      dateOfBirth: p.dob,
    },
  });

const account = async (p: Party) =>
  (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body[0] as {
    outstandingAmount: number;
    accountBalance: number;
    accountStatus: string;
  };

/** The account's payment and refund lines (type, amount, key), oldest first. */
const moneyLines = async (p: Party) =>
  (
    await rows(
      t,
      "SELECT type, amount_pence, description_key FROM statement_line_items WHERE account_id = $1 AND type IN ('payment', 'refund') ORDER BY created_at, type",
      [p.accountId],
    )
  ).map((r) => [r.type, r.amount_pence, r.description_key]);

const surpluses = async (p: Party) =>
  (
    await rows(
      t,
      'SELECT d.status, d.amount_pence FROM duplicate_payments d WHERE d.party_id = $1 ORDER BY d.created_at',
      [p.partyId],
    )
  ).map((r) => [r.status, r.amount_pence]);

/**
 * An account in arrears whose customer opens the settle page on 3 March 2027, and whose saved card then works
 * again (a new provider reference, unique per test), so the billing run's retry that day can collect.
 */
async function openPageThenCardRecovers(cardReference: string) {
  const p = await inArrears();
  t.at.set('2027-03-03T05:00:00Z');
  const page = await openSettlePage(t, await customerToken(p), p.accountId);
  expect(page.status).toBe(200);
  await t.database.query('UPDATE payment_methods SET provider_reference = $1 WHERE party_id = $2', [
    cardReference,
    p.partyId,
  ]);
  return { p, page };
}

/**
 * One surplus of a month's payment, flagged and refunded to the card through the given purpose's payment,
 * and the account neither owes nor is owed anything.
 */
async function expectOneSurplusRefunded(p: Party, purpose: 'settle' | 'statement') {
  expect(await surpluses(p)).toEqual([['refunded', p.regular]]);
  const refunds = await rows(
    t,
    'SELECT r.amount_pence FROM payment_refunds r JOIN customer_payments c ON c.id = r.customer_payment_id WHERE c.purpose = $1 AND c.party_id = $2',
    [purpose, p.partyId],
  );
  expect(refunds).toEqual([{ amount_pence: p.regular }]);
  expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
}

/** The billing day of 3 March 2027, the settle page at `url` paid while the run charges the saved card. */
async function runWhilePagePaid(url: string) {
  const provider = t.app.services.providers.cardPayments;
  const charge = provider.chargeSavedCard.bind(provider);
  provider.chargeSavedCard = async (input) => {
    provider.chargeSavedCard = charge;
    expect((await payOnHostedPage(url)).status).toBe(303);
    return charge(input);
  };
  try {
    return await runDays(t, '2027-03-03', '2027-03-03');
  } finally {
    provider.chargeSavedCard = charge;
  }
}

const FIRST_PAYMENT = ['payment', expect.any(Number), 'billing.lineItem.cardPayment'];

describe('settling arrears at once (issue 26 defect 8)', () => {
  it('ten phone settlements at once with different keys: one charge, nine 409s, one payment line', async () => {
    const p = await inArrears();
    const replies = await Promise.all(Array.from({ length: 10 }, () => phoneSettle(p)));
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses, replies.map((r) => r.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    expect(charged).toHaveLength(1);
    expect(await account(p)).toMatchObject({
      outstandingAmount: 0,
      accountBalance: 0,
      accountStatus: 'ACTIVE',
    });
    expect(await moneyLines(p)).toEqual([
      FIRST_PAYMENT,
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
    ]);
    expect(await surpluses(p)).toEqual([]);
    // Each settlement attempt shared the account's one open settlement payment.
    const payments = await rows(
      t,
      "SELECT status FROM customer_payments WHERE purpose = 'settle' AND reference = $1",
      [p.accountId],
    );
    expect(payments).toEqual([{ status: 'SETTLED' }]);
  });

  it("the customer's open settle page refuses money once staff settled the balance by phone", async () => {
    const p = await inArrears();
    const customer = await customerToken(p);
    const page = await openSettlePage(t, customer, p.accountId);
    expect(page.status).toBe(200);
    expect((await phoneSettle(p)).statusCode).toBe(200);
    expect((await payOnHostedPage(page.body.url)).status).toBe(404);
    const session = await api(t.base, customer, 'GET', `/api/stripe/sessions/${page.body.sessionId}`);
    expect(session.body.status).toBe('expired');
    expect(charged).toHaveLength(1);
    expect(await moneyLines(p)).toEqual([
      FIRST_PAYMENT,
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
    ]);
  });

  it('the balance grew after the page was opened: a phone settlement takes the new balance and closes the page', async () => {
    const p = await inArrears();
    const page = await openSettlePage(t, await customerToken(p), p.accountId);
    expect(page.status).toBe(200);
    // A later charge falls due unpaid (statement 3, as an adjustment's charge would be).
    const statementId = randomUUID();
    await t.database.query(
      `INSERT INTO statements (id, account_id, statement_number, status, kind, subtotal_pence, carried_forward_pence,
         amount_outstanding_pence) VALUES ($1, $2, 3, 'failed', 'adjustment', 1000, 1000, 1000)`,
      [statementId, p.accountId],
    );
    await t.database.query(
      `INSERT INTO statement_line_items (id, statement_id, account_id, type, status, amount_pence, description_key,
         effective_at) VALUES ($1, $2, $3, 'invoice', 'POSTED', 1000, 'billing.lineItem.adjustment', now())`,
      [randomUUID(), statementId, p.accountId],
    );
    const settled = await phoneSettle(p);
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ amount: p.regular + 1000, status: 'SETTLED' });
    expect((await payOnHostedPage(page.body.url)).status).toBe(404);
    expect(charged).toHaveLength(1);
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });

  it('a page the provider could not close takes money anyway: recorded as a payment and a refund, and refunded', async () => {
    const p = await inArrears();
    const customer = await customerToken(p);
    const page = await openSettlePage(t, customer, p.accountId);
    const provider = t.app.services.providers.cardPayments;
    const expire = provider.expireSession;
    provider.expireSession = async () => {
      throw new Error('provider unreachable');
    };
    try {
      expect((await phoneSettle(p)).statusCode).toBe(200);
    } finally {
      provider.expireSession = expire;
    }
    expect((await payOnHostedPage(page.body.url)).status).toBe(303);
    expect(await moneyLines(p)).toEqual([
      FIRST_PAYMENT,
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['refund', p.regular, 'billing.lineItem.surplusRefund'],
    ]);
    expect(await surpluses(p)).toEqual([['refunded', p.regular]]);
    const [paid] = await rows(t, 'SELECT refunded_at FROM sandbox_card_sessions WHERE id = $1', [
      page.body.sessionId,
    ]);
    expect(paid?.refunded_at).not.toBeNull();
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });

  it('the page paid while staff charge the card by phone: the phone charge is a 409, recorded and refunded', async () => {
    const p = await inArrears();
    const page = await openSettlePage(t, await customerToken(p), p.accountId);
    const provider = t.app.services.providers.cardPayments;
    const charge = provider.chargeToken;
    // The customer pays on the open page while the phone charge is at the card provider.
    provider.chargeToken = async (input) => {
      const result = await charge(input);
      expect((await payOnHostedPage(page.body.url)).status).toBe(303);
      return result;
    };
    let reply: Awaited<ReturnType<typeof phoneSettle>>;
    try {
      reply = await phoneSettle(p);
    } finally {
      provider.chargeToken = charge;
    }
    expect(reply.statusCode, reply.body).toBe(409);
    expect(await moneyLines(p)).toEqual([
      FIRST_PAYMENT,
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['refund', p.regular, 'billing.lineItem.surplusRefund'],
    ]);
    expect(await surpluses(p)).toEqual([['refunded', p.regular]]);
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });

  it('a settle page paid after the balance was collected another way: the surplus is refunded, not dropped', async () => {
    // The billing run's retry on 3 March collects the failed statement from the (now good) saved card.
    const { p, page } = await openPageThenCardRecovers('pm_test_4242_recovered');
    await runDays(t, '2027-03-03', '2027-03-03');
    expect(await account(p)).toMatchObject({ outstandingAmount: 0 });
    expect((await payOnHostedPage(page.body.url)).status).toBe(303);
    const lines = await moneyLines(p);
    expect(lines.slice(2)).toEqual([
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['refund', p.regular, 'billing.lineItem.surplusRefund'],
    ]);
    await expectOneSurplusRefunded(p, 'settle');
  });

  it('the billing run charges the card while the customer pays the settle page: the second charge is refunded, not left as credit', async () => {
    const { p, page } = await openPageThenCardRecovers('pm_test_4242_recovered_race');
    // The run of 3 March has read its list and is charging the saved card when the customer's page is paid.
    await runWhilePagePaid(page.body.url);
    // Two charges reached the card: the settlement's and the run's. One pays the statement; the other is a
    // payment line and a refund line, and is paid back to the card.
    const lines = await moneyLines(p);
    expect(lines.slice(1)).toEqual([
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['payment', -p.regular, 'billing.lineItem.cardPayment'],
      ['refund', p.regular, 'billing.lineItem.surplusRefund'],
    ]);
    await expectOneSurplusRefunded(p, 'statement');
    expect(await ledgerBreaks(t.app.services.db)).toEqual([]);
  });

  it('the billing run charges the card while the customer pays the settle page, and the card declines: nothing more owed or told', async () => {
    const p = await inArrears();
    t.at.set('2027-03-03T05:00:00Z');
    const page = await openSettlePage(t, await customerToken(p), p.accountId);
    expect(page.status).toBe(200);
    const notices = () => accountNotices(t, p.accountId);
    const before = await notices();
    // The run of 3 March has read its list and is charging the saved card (which still declines) when the
    // customer's page is paid.
    const run = await runWhilePagePaid(page.body.url);
    expect(run.totals.failed).toBe(1);
    // The page paid the statement; the declined charge neither fails it again nor sends a failure notice.
    expect(await account(p)).toMatchObject({
      outstandingAmount: 0,
      accountBalance: 0,
      accountStatus: 'ACTIVE',
    });
    expect((await notices()).slice(before.length)).not.toContain('payment-failed');
    const statuses = await rows(
      t,
      "SELECT status FROM statements WHERE account_id = $1 AND status <> 'draft' ORDER BY statement_number",
      [p.accountId],
    );
    expect(statuses.map((r) => r.status)).not.toContain('failed');
    expect(await ledgerBreaks(t.app.services.db)).toEqual([]);
  });

  it('a statement whose Direct Debit is in flight is not due for settlement; the bank collects it once', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_visa', withMandate(t.base, '55779911'));
    await runDays(t, '2027-02-28', '2027-02-28');
    const inFlight = await rows(
      t,
      "SELECT d.status FROM dd_collections d JOIN customer_payments c ON c.id = d.customer_payment_id WHERE c.purpose = 'statement' AND c.party_id = $1",
      [p.partyId],
    );
    expect(inFlight).toHaveLength(1);
    const customer = await customerToken(p);
    const page = await openSettlePage(t, customer, p.accountId);
    expect(page.status).toBe(422);
    expect(page.body.message).toContain('being collected by Direct Debit');
    charged = [];
    expect((await phoneSettle(p)).statusCode).toBe(409);
    expect(charged).toEqual([]);
    await runDays(t, '2027-03-01', '2027-03-05');
    expect(await moneyLines(p)).toEqual([
      FIRST_PAYMENT,
      ['payment', -p.regular, 'billing.lineItem.directDebitPayment'],
    ]);
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });

  it('settling by phone and the refunded double payments need the finance permission (issue 27 point 10)', async () => {
    const p = await inArrears();
    const clerk = `clerk:${p.partyId}`;
    const refused = await phoneSettle(p, clerk);
    expect(refused.statusCode).toBe(403);
    expect(charged).toEqual([]);
    expect((await api(t.base, clerk, 'GET', '/api/customerPayments/duplicates')).status).toBe(403);
    expect((await api(t.base, p.staff, 'GET', '/api/customerPayments/duplicates')).status).toBe(200);
    expect((await phoneSettle(p)).statusCode).toBe(200);
  });
});
