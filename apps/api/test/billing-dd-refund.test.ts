import { formatGBP } from '@forecourt/domain/money';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { statements } from '../src/db/schema/index.ts';
import { ledgerBreaks, payOutCancellationRefund } from '../src/modules/billing/index.ts';
import { payOutPendingRefunds } from '../src/modules/billing/refund-payout.ts';
import { runBillingDay } from '../src/modules/billing/run-billing.ts';
import { pendingStatementPayments } from '../src/modules/billing/statement-payments.ts';
import {
  amendDebitAskingTooMuch,
  claimsNoLongerOwed,
  debitsAskingTooMuch,
  makeClaimNoLongerOwed,
} from '../src/modules/billing/submit-debits.ts';
import { DirectDebitRefundRefused } from '../src/providers/direct-debit/direct-debit-provider.ts';
import { advanceSandboxDirectDebit, type SandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import { signGoCardlessStyle } from '../src/providers/direct-debit/signature.ts';
import {
  accountNotices,
  type BillingApp,
  billingApp,
  buySubscription,
  runDays,
  staffCancel,
  staffChange,
  useCardFromBillingTab,
  withMandate,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Direct Debit refunds (issue 13 item 5, ADR 305), lived through with the injectable clock: a customer paying
 * monthly by Direct Debit cancels after the first collection; the refund of the cover not used goes back through
 * GoCardless against the last confirmed payment; the sandbox pays it (or fails it) three working days later
 * by signed webhook, and the ledger's refund line follows.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const GOOD = '55779911';
const REFUND_FAILS = '55779933';

type Bought = Awaited<ReturnType<typeof buySubscription>>;

/** A Direct Debit subscription from 31 Jan 2027 (first month by card), its first debit confirmed on 5 Mar. */
async function debitCollected(accountNumber: string) {
  t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  const app = t;
  const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, accountNumber));
  await runDays(app, '2027-02-28', '2027-03-05');
  return p;
}

/** The underwriter voids the policy now, for a misrepresentation found out (every premium goes back). */
async function voidNow(p: Bought) {
  const app = t as BillingApp;
  const policy = (await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`)).body;
  const voided = await api(app.base, `uw:${p.partyId}`, 'POST', `/api/policies/${p.policyId}/void`, {
    reason: 'CARELESS_MISREPRESENTATION',
    note: 'Undisclosed conviction',
    policyNumber: policy.policyNumber,
  });
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
}

/** Staff acting for the customer cancel the policy now (Standard: cooling-off is long over). */
async function cancelNow(p: Bought) {
  const { made, done } = await staffCancel(t as BillingApp, p);
  expect(made.cancellation).toMatchObject({ type: 'Standard', refundWorkingDays: { min: 7, max: 10 } });
  return done.cancellation.refundPence as number;
}

const refundLines = async (p: Bought) =>
  rows(
    t as BillingApp,
    `SELECT id, type, status, amount_pence, sub_type FROM statement_line_items
      WHERE account_id = $1 AND type IN ('refund', 'refund_reversal') ORDER BY created_at`,
    [p.accountId],
  );
const balance = async (p: Bought) =>
  (await api((t as BillingApp).base, p.staff, 'GET', '/api/customerAccounts')).body[0].accountBalance;
const sandboxRefunds = async () =>
  (
    await rows(
      t as BillingApp,
      'SELECT status, amount_pence, payment_id FROM sandbox_dd_refunds ORDER BY created_at',
    )
  ).map((r) => [r.status, r.amount_pence]);
const lastDebit = async () =>
  (
    await rows(
      t as BillingApp,
      "SELECT id, amount_pence FROM sandbox_dd_payments WHERE status = 'confirmed' ORDER BY charge_date DESC LIMIT 1",
    )
  )[0];

/** The first line of each "we could not pay your money back" e-mail to the account (ADR 405). */
const refundFailedMails = async (p: Bought) =>
  (
    await rows(
      t as BillingApp,
      "SELECT body FROM outbox WHERE payload->>'kind' = 'refund-failed' AND payload->>'accountId' = $1",
      [p.accountId],
    )
  ).map((r) => String(r.body).match(/We tried to pay [^\n]*/)?.[0]);

/** The sandbox bank's day at 06:00 on each date; answers the days something moved. */
async function bankDays(from: string, to: string) {
  const app = t as BillingApp;
  const moved: string[] = [];
  for (
    let d = new Date(`${from}T06:00:00Z`);
    d <= new Date(`${to}T06:00:00Z`);
    d = new Date(d.getTime() + 864e5)
  ) {
    app.at.set(d.toISOString());
    if ((await advanceSandboxDirectDebit(app.app.services)) > 0) moved.push(d.toISOString().slice(0, 10));
  }
  return moved;
}

describe('Direct Debit refund of a cancellation', { timeout: 400_000 }, () => {
  it('is paid back through GoCardless against the last debit: PENDING, then POSTED when the bank pays it', async () => {
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    app.at.set('2027-03-08T10:00:00Z'); // Monday
    const debit = await lastDebit();
    const refund = await cancelNow(p);
    // The cover not used of the month the debit of 5 Mar paid for; never more than that debit.
    expect(refund).toBeGreaterThan(0);
    expect(refund).toBeLessThanOrEqual(Number(debit?.amount_pence));
    const [line] = await refundLines(p);
    expect(line).toMatchObject({
      type: 'refund',
      status: 'PENDING',
      amount_pence: refund,
      sub_type: 'GOCARDLESS',
    });
    // The customer is owed the refund until the money reaches them.
    expect(await balance(p)).toBe(-refund);
    expect(await sandboxRefunds()).toEqual([['created', refund]]);
    const [provider] = await rows(app, 'SELECT payment_id FROM sandbox_dd_refunds');
    expect(provider?.payment_id).toBe(debit?.id);

    // Paid out again (the retry job, two at once): still one refund at the provider, one part.
    await Promise.all([1, 2].map(() => payOutCancellationRefund(app.app.services, String(line?.id))));
    app.at.set('2027-03-08T12:00:00Z');
    expect(await payOutPendingRefunds(app.app.services)).toBe(0);
    expect(await sandboxRefunds()).toEqual([['created', refund]]);
    expect((await rows(app, 'SELECT count(*)::int AS n FROM payment_refunds'))[0]?.n).toBe(1);

    // Created that day (webhook `created`), submitted the next working day, paid on the third (Thu 11 Mar).
    expect(await bankDays('2027-03-08', '2027-03-16')).toEqual(['2027-03-08', '2027-03-09', '2027-03-11']);
    expect(await sandboxRefunds()).toEqual([['paid', refund]]);
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'POSTED', amount_pence: refund }),
    ]);
    expect(await balance(p)).toBe(0);
    const [part] = await rows(app, 'SELECT status, method FROM payment_refunds');
    expect(part).toEqual({ status: 'paid', method: 'BACS_DEBIT' });
  });

  it('the sandbox bank killed between paying a refund and sending its event: the next tick sends it (ADR 409)', async () => {
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    app.at.set('2027-03-08T10:00:00Z');
    const refund = await cancelNow(p);
    expect(await bankDays('2027-03-08', '2027-03-10')).toEqual(['2027-03-08', '2027-03-09']);
    app.at.set('2027-03-11T06:00:00Z');
    // The tick's one write, as it stands when the process dies before sending: paid, the app not yet told.
    await app.database.query(
      "UPDATE sandbox_dd_refunds SET status = 'paid', untold_from = 'submitted', tells = tells + 1",
    );
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'PENDING', amount_pence: refund }),
    ]);
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'POSTED', amount_pence: refund }),
    ]);
    expect(await balance(p)).toBe(0);
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(0);
  });

  it('a refund the bank fails: the line FAILED and the customer still in credit to the penny', async () => {
    const p = await debitCollected(REFUND_FAILS);
    const app = t as BillingApp;
    app.at.set('2027-03-08T10:00:00Z');
    const refund = await cancelNow(p);
    expect(await bankDays('2027-03-08', '2027-03-16')).toEqual(['2027-03-08', '2027-03-09', '2027-03-11']);
    expect(await sandboxRefunds()).toEqual([['failed', refund]]);
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'FAILED', amount_pence: refund }),
    ]);
    expect(await balance(p)).toBe(-refund);
    // The retry job does not pay a failed refund again.
    app.at.set('2027-03-12T10:00:00Z');
    expect(await payOutPendingRefunds(app.app.services)).toBe(0);
    expect(await sandboxRefunds()).toEqual([['failed', refund]]);
    // The customer is told, once, and asked to call (ADR 405).
    expect(await refundFailedMails(p)).toEqual([
      `We tried to pay £${(refund / 100).toFixed(2)} back to the bank account your Direct Debit is paid from, and it did not reach you.`,
    ]);
  });

  it('a repeated, tampered or late refund webhook changes nothing more; money that comes back is reversed once', async () => {
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    app.at.set('2027-03-08T10:00:00Z');
    const refund = await cancelNow(p);
    // The sandbox bank's deliveries go nowhere now (a route that answers 404, so they are not tried again): the
    // test sends the events itself.
    await app.database.query('UPDATE sandbox_dd_refunds SET webhook_url = $1', [`${app.base}/api/nowhere`]);
    const [r] = await rows(app, 'SELECT id, payment_id FROM sandbox_dd_refunds');
    const secret = (await rows(app, "SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))[0]
      ?.value as string;
    const event = (id: string, action: string) =>
      JSON.stringify({
        events: [
          {
            id,
            resource_type: 'refunds',
            action,
            links: { refund: r?.id, payment: r?.payment_id },
            details: {},
          },
        ],
      });
    const post = (body: string, signature = signGoCardlessStyle(body, secret)) =>
      fetch(`${app.base}/api/gocardless/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        body,
      });
    const paid = event('EV_REFUND_PAID', 'paid');
    const tampered = await post(paid.replace('"paid"', '"failed"'), signGoCardlessStyle(paid, secret));
    expect(tampered.status).toBe(400);
    expect((await post(paid, 'not-a-signature')).status).toBe(400);
    expect(await refundLines(p)).toEqual([expect.objectContaining({ status: 'PENDING' })]);

    const acks = await Promise.all([1, 2].map(async () => (await post(paid)).json()));
    expect(acks.map((a) => (a as { duplicate: boolean }).duplicate).sort()).toEqual([false, true]);
    expect(await (await post(paid)).json()).toEqual({ received: true, duplicate: true });
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'POSTED', amount_pence: refund }),
    ]);
    expect(await balance(p)).toBe(0);

    // The money comes back after it was paid (the customer's account closed): one reversal, however told.
    for (const e of [event('EV_REFUND_BACK', 'funds_returned'), event('EV_REFUND_FAILED', 'failed')]) {
      expect((await post(e)).status).toBe(200);
    }
    expect((await refundLines(p)).map((l) => [l.type, l.status, l.amount_pence])).toEqual([
      ['refund', 'POSTED', refund],
      ['refund_reversal', 'POSTED', -refund],
    ]);
    expect(await balance(p)).toBe(-refund);
    // Told once that it came back (ADR 405), however often the bank said so; the pages no longer say it is on its
    // way, but that the account holds it and asks for a call.
    expect(await refundFailedMails(p)).toHaveLength(1);
    const policy = await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`);
    expect(policy.body.standing.payingBack).toEqual({
      state: 'held',
      amount: refund,
      method: 'BACS_DEBIT',
      reachesBy: null,
    });
  });
});

describe('a debit still on its way at the cancellation', { timeout: 400_000 }, () => {
  it('is refunded by the refund job once GoCardless has confirmed it, and the account ends at nothing', async () => {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, GOOD));
    // Statement 2 raised Sun 28 Feb; its debit is charged Wed 3 Mar and confirmed Fri 5 Mar.
    await runDays(app, '2027-02-28', '2027-03-01');
    app.at.set('2027-03-02T10:00:00Z');
    // Nothing to refund yet: the month is owed until the debit is confirmed (GoCardless refunds only then).
    expect(await cancelNow(p)).toBe(0);
    expect(await refundLines(p)).toEqual([]);
    const owed = await balance(p);
    expect(owed).toBeGreaterThan(0);
    // The job waits while the debit is on its way.
    expect(await payOutPendingRefunds(app.app.services)).toBe(0);
    expect(await refundLines(p)).toEqual([]);

    expect(await bankDays('2027-03-03', '2027-03-05')).toEqual(['2027-03-03', '2027-03-05']);
    const credit = p.regular - owed;
    expect(await balance(p)).toBe(-credit);
    // The job's next run: a refund of the credit against that debit, paid three working days later.
    app.at.set('2027-03-05T07:17:00Z');
    await Promise.all([1, 2].map(() => payOutPendingRefunds(app.app.services)));
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({
        type: 'refund',
        status: 'PENDING',
        amount_pence: credit,
        sub_type: 'GOCARDLESS',
      }),
    ]);
    expect(await sandboxRefunds()).toEqual([['created', credit]]);
    expect(await bankDays('2027-03-05', '2027-03-12')).toEqual(['2027-03-05', '2027-03-08', '2027-03-10']);
    expect(await refundLines(p)).toEqual([
      expect.objectContaining({ status: 'POSTED', amount_pence: credit }),
    ]);
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountBalance: 0, outstandingAmount: 0 });
    app.at.set('2027-03-12T08:17:00Z');
    await payOutPendingRefunds(app.app.services);
    expect(await refundLines(p)).toHaveLength(1);
  });
});

describe('a debit on its way when the policy is voided from inception', { timeout: 400_000 }, () => {
  const notices = (p: Bought) => accountNotices(t as BillingApp, p.accountId);
  const statementStatuses = async (p: Bought) =>
    (
      await rows(t as BillingApp, 'SELECT status FROM statements WHERE account_id = $1 ORDER BY created_at', [
        p.accountId,
      ])
    ).map((r) => r.status);

  const lastDebitStatus = async () =>
    (
      await rows(
        t as BillingApp,
        "SELECT status FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at DESC LIMIT 1",
      )
    )[0]?.status;
  const bankPayments = async () =>
    (await rows(t as BillingApp, 'SELECT status FROM sandbox_dd_payments ORDER BY created_at')).map(
      (r) => r.status,
    );
  const refundParts = async () =>
    rows(t as BillingApp, 'SELECT method, amount_pence, status FROM payment_refunds ORDER BY created_at');

  /**
   * A subscription whose second month's debit is on its way (raised Sun 28 Feb, charged Wed 3 Mar), voided on
   * `voidAt`: by default on 28 Feb, before the debit is submitted to the banks (on its charge date).
   */
  async function voidedWithDebitOnItsWay(accountNumber: string, voidAt = '2027-02-28T10:00:00Z') {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, accountNumber));
    await runDays(app, '2027-02-28', '2027-02-28');
    if (voidAt.slice(0, 10) > '2027-02-28') await bankDays('2027-03-01', voidAt.slice(0, 10));
    app.at.set(voidAt);
    await voidNow(p);
    // Every charge credited: no statement asks for anything, while the March debit is still on its way.
    expect(await statementStatuses(p)).not.toContain('pending');
    expect(await lastDebitStatus()).toBe('PENDING');
    return p;
  }

  it('claimed by a run whose provider answer was lost: the next run makes it (the same key) and cancels it', async () => {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, GOOD));
    const bank = app.app.services.providers.directDebit;
    const createPayment = bank.createPayment.bind(bank);
    bank.createPayment = async (input) => {
      await createPayment(input);
      throw new Error('socket hang up');
    };
    await expect(runDays(app, '2027-02-28', '2027-02-28')).rejects.toThrow('socket hang up');
    bank.createPayment = createPayment;
    app.at.set('2027-02-28T10:00:00Z');
    await voidNow(p);
    const before = await notices(p);
    const owed = await balance(p);
    expect(await rows(app, 'SELECT status FROM dd_collections')).toEqual([{ status: 'claimed' }]);
    await runDays(app, '2027-03-01', '2027-03-08');
    // The one payment the provider made is found by its key, and cancelled before it is submitted.
    expect(await bankPayments()).toEqual(['cancelled']);
    expect(await lastDebitStatus()).toBe('FAILED');
    expect(await rows(app, 'SELECT status FROM dd_collections')).toEqual([{ status: 'cancelled' }]);
    expect(await balance(p)).toBe(owed);
    expect(await notices(p)).toEqual([...before, 'debit-cancelled']);
    expect(await refundParts()).not.toContainEqual(expect.objectContaining({ method: 'BACS_DEBIT' }));
  });

  it('not yet submitted: the next billing run cancels it; nothing is taken or paid back, and the customer is told', async () => {
    const p = await voidedWithDebitOnItsWay(GOOD);
    const app = t as BillingApp;
    const before = await notices(p);
    const owed = await balance(p);
    expect(await bankPayments()).toEqual(['pending_submission']);
    // The billing runs of the days after (06:00), each with the sandbox bank's day.
    await runDays(app, '2027-03-01', '2027-03-08');
    expect(await bankPayments()).toEqual(['cancelled']);
    expect(await lastDebitStatus()).toBe('FAILED');
    const [collection] = await rows(app, 'SELECT status FROM dd_collections');
    expect(collection?.status).toBe('cancelled');
    expect(await balance(p)).toBe(owed);
    // The advance notice had promised the debit: the customer is told, once, that it will not be taken.
    expect(await notices(p)).toEqual([...before, 'debit-cancelled']);
    const [told] = await rows(
      app,
      "SELECT subject, body FROM outbox WHERE payload->>'kind' = 'debit-cancelled' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    expect(told?.subject).toMatch(/^Your Direct Debit will not be collected: policy /);
    expect(told?.body).toContain('that was to be collected on or after 3 March 2027');
    expect(await statementStatuses(p)).not.toContain('failed');
    // Only the first month's card payment goes back (at the void); there is no debit to pay back.
    app.at.set('2027-03-12T08:17:00Z');
    await payOutPendingRefunds(app.app.services);
    expect(await refundParts()).toEqual([{ method: 'CARD', amount_pence: p.first, status: 'paid' }]);
    expect(await balance(p)).toBe(0);
    // Asked again (a second run, a retried job), nothing moves and nobody is told again.
    await runDays(app, '2027-03-09', '2027-03-09');
    expect(await bankPayments()).toEqual(['cancelled']);
    expect(await notices(p)).toEqual([...before, 'debit-cancelled']);
  });

  it('fails at the bank before any run could cancel it: the webhook is taken, and no failure notice is sent', async () => {
    const p = await voidedWithDebitOnItsWay('55779922');
    const before = await notices(p);
    const owed = await balance(p);
    // No billing run between: the bank fails the debit on Fri 5 Mar (the sandbox's failing account).
    await bankDays('2027-03-01', '2027-03-08');
    expect(await bankPayments()).toContain('failed');
    expect(await lastDebitStatus()).toBe('FAILED');
    expect(await balance(p)).toBe(owed);
    expect(await notices(p)).toEqual(before);
    expect(await statementStatuses(p)).not.toContain('failed');
  });

  it('submitted before the void: the run cannot cancel it; it is collected and paid back in full', async () => {
    const p = await voidedWithDebitOnItsWay(GOOD, '2027-03-03T10:00:00Z');
    const app = t as BillingApp;
    const owed = await balance(p);
    const [debit] = await rows(
      app,
      "SELECT amount_pence FROM sandbox_dd_payments WHERE status = 'submitted'",
    );
    expect(debit).toBeDefined();
    // A billing run after the void does not ask (the debit's own event said it was submitted)...
    app.at.set('2027-03-03T11:00:00Z');
    await runBillingDay(app.app.services, app.at.now());
    expect(await bankPayments()).toEqual(['submitted']);
    // ...nor, had that event been lost, could the provider cancel it: it answers that it is too late.
    const [pm] = await rows(app, 'SELECT id FROM sandbox_dd_payments');
    expect(await app.app.services.providers.directDebit.cancelPayment(String(pm?.id))).toBe('refused');
    expect(await lastDebitStatus()).toBe('PENDING');
    expect(await bankDays('2027-03-04', '2027-03-05')).toEqual(['2027-03-05']);
    expect(await balance(p)).toBe(owed - Number(debit?.amount_pence));
    app.at.set('2027-03-05T07:17:00Z');
    await payOutPendingRefunds(app.app.services);
    await bankDays('2027-03-05', '2027-03-12');
    app.at.set('2027-03-12T08:17:00Z');
    await payOutPendingRefunds(app.app.services);
    await bankDays('2027-03-12', '2027-03-19');
    // The first month's card payment went back to the card at the void; the March debit back through GoCardless.
    expect(await refundParts()).toEqual([
      { method: 'CARD', amount_pence: p.first, status: 'paid' },
      { method: 'BACS_DEBIT', amount_pence: Number(debit?.amount_pence), status: 'paid' },
    ]);
    expect(await balance(p)).toBe(0);
  });
});

describe('a cancellation part-way through a month whose debit is on its way (ADR 382)', {
  timeout: 400_000,
}, () => {
  const bankPayments = async () =>
    (
      await rows(t as BillingApp, 'SELECT amount_pence, status FROM sandbox_dd_payments ORDER BY created_at')
    ).map((r) => [Number(r.amount_pence), r.status]);
  const ddRefunds = async () =>
    rows(t as BillingApp, "SELECT amount_pence, status FROM payment_refunds WHERE method = 'BACS_DEBIT'");
  const lastDebitStatus = async () =>
    (
      await rows(
        t as BillingApp,
        "SELECT status FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at DESC LIMIT 1",
      )
    )[0]?.status;
  const notices = (p: Bought) => accountNotices(t as BillingApp, p.accountId);
  const statementAsks = async (p: Bought) =>
    Number(
      (
        await rows(
          t as BillingApp,
          `SELECT amount_outstanding_pence AS n FROM statements WHERE account_id = $1 AND kind = 'subscription'
             AND status <> 'draft' ORDER BY statement_number DESC LIMIT 1`,
          [p.accountId],
        )
      )[0]?.n,
    );

  /** March's debit raised on Sun 28 Feb (charged Wed 3 Mar); the policy cancelled at `at`. */
  async function cancelledWithDebitOnItsWay(at: string, first?: (p: Bought) => Promise<void>) {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, GOOD));
    await runDays(app, '2027-02-28', '2027-02-28');
    const [[instalment] = []] = await bankPayments();
    if (at.slice(0, 10) > '2027-02-28') await bankDays('2027-03-01', at.slice(0, 10));
    app.at.set(at);
    await first?.(p);
    const before = await notices(p);
    expect(await cancelNow(p)).toBe(0);
    // The cancellation's credit leaves the statement asking for the days on cover only.
    const asks = await statementAsks(p);
    expect(asks).toBeGreaterThan(0);
    expect(asks).toBeLessThan(Number(instalment));
    return { p, instalment: Number(instalment), asks, before };
  }

  it('not yet submitted: cancelled and made again for what the statement asks, with a new notice; nothing paid back', async () => {
    const { p, instalment, asks, before } = await cancelledWithDebitOnItsWay(
      '2027-03-02T10:00:00Z',
      async (p) => {
        // The debit on its way collects what is owed: the cancel form leaves nothing for the customer to pay
        // themselves (ADR 383), and neither does the cancellation.
        const options = await api(
          (t as BillingApp).base,
          p.staff,
          'GET',
          `/api/policies/${p.policyId}/cancellation`,
        );
        expect(options.body).toMatchObject({ refundIfNowPence: 0, owedIfNowPence: 0 });
      },
    );
    const app = t as BillingApp;
    const [cancellation] = await rows(
      app,
      "SELECT owed_pence FROM policy_adjustments WHERE adjustment_type = 'CANCELLATION'",
    );
    expect(cancellation).toEqual({ owed_pence: 0 });
    // The run of Wed 3 Mar, before the bank submits the debit that day, cancels it and makes one for what is
    // owed, charged after the Bacs notice.
    await runDays(app, '2027-03-03', '2027-03-03');
    expect(await bankPayments()).toEqual([
      [instalment, 'cancelled'],
      [asks, 'pending_submission'],
    ]);
    const [made] = await rows(app, 'SELECT status, remade, amend_to_pence FROM dd_collections');
    expect(made).toEqual({ status: 'pending_submission', remade: 1, amend_to_pence: null });
    const told = (await notices(p)).slice(before.length);
    expect(told.filter((k) => k === 'debit-amended')).toHaveLength(1);
    expect(told).not.toContain('payment-failed');
    const [mail] = await rows(
      app,
      "SELECT body FROM outbox WHERE payload->>'kind' = 'debit-amended' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    expect(mail?.body).toContain(
      `We will collect ${formatGBP(asks)} by Direct Debit on or after 8 March 2027`,
    );
    // Collected on Mon 8 Mar, confirmed two working days later; nothing more is taken, nothing paid back.
    await runDays(app, '2027-03-04', '2027-03-16');
    expect(await bankPayments()).toEqual([
      [instalment, 'cancelled'],
      [asks, 'confirmed'],
    ]);
    expect(await balance(p)).toBe(0);
    expect(await ddRefunds()).toEqual([]);
    expect((await notices(p)).slice(before.length)).not.toContain('payment-failed');
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('made cheaper the same day: the debit made again asks for what is owed net of the change, so nothing is taken to be paid back (seed 167)', async () => {
    let credit = 0;
    const { p, instalment, asks } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z', async (p) => {
      credit = -(await staffChange(t as BillingApp, p, [
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 },
      ]));
      expect(credit).toBeGreaterThan(0);
    });
    const app = t as BillingApp;
    // What the statement asks is what the account owes: the change's credit, waiting on the draft for a next
    // statement the cancellation means never comes, is taken off it too.
    expect(asks).toBe(await balance(p));
    await runDays(app, '2027-03-03', '2027-03-16');
    expect(await bankPayments()).toEqual([
      [instalment, 'cancelled'],
      [asks, 'confirmed'],
    ]);
    expect(await balance(p)).toBe(0);
    expect(await ddRefunds()).toEqual([]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('two runs at once: made again once, and told once', async () => {
    const { p, instalment, asks, before } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z');
    const app = t as BillingApp;
    app.at.set('2027-03-03T06:00:00Z');
    // One run read the list before another had made the debit again: it must leave the new debit alone.
    const stale = await debitsAskingTooMuch(app.app.services.db);
    expect(stale).toHaveLength(1);
    await Promise.all([1, 2].map(() => runBillingDay(app.app.services, app.at.now())));
    expect(await amendDebitAskingTooMuch(app.app.services, stale[0]!)).toBe(false);
    expect(await bankPayments()).toEqual([
      [instalment, 'cancelled'],
      [asks, 'pending_submission'],
    ]);
    expect(await rows(app, 'SELECT remade, remade_told FROM dd_collections')).toEqual([
      { remade: 1, remade_told: 1 },
    ]);
    expect((await notices(p)).slice(before.length).filter((k) => k === 'debit-amended')).toHaveLength(1);
  });

  it('told of before it is made: a run stopped before the provider answered makes it next time, told once', async () => {
    const { p, asks, before } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z');
    const app = t as BillingApp;
    const bank = app.app.services.providers.directDebit;
    const createPayment = bank.createPayment.bind(bank);
    bank.createPayment = async () => {
      throw new Error('socket hang up');
    };
    app.at.set('2027-03-03T06:00:00Z');
    await expect(runBillingDay(app.app.services, app.at.now())).rejects.toThrow('socket hang up');
    bank.createPayment = createPayment;
    // The notice went with the claim: on or after Mon 8 Mar.
    expect((await notices(p)).slice(before.length).filter((k) => k === 'debit-amended')).toHaveLength(1);
    expect(await rows(app, 'SELECT status, remade FROM dd_collections')).toEqual([
      { status: 'claimed', remade: 1 },
    ]);
    // The next day's run makes it: charged later than the notice said, never sooner; nobody told again.
    await runDays(app, '2027-03-04', '2027-03-04');
    const [made] = await rows(
      app,
      "SELECT charge_date::text AS d FROM dd_collections WHERE status = 'pending_submission'",
    );
    expect(made?.d).toBe('2027-03-09');
    expect((await bankPayments()).at(-1)).toEqual([asks, 'pending_submission']);
    expect((await notices(p)).slice(before.length).filter((k) => k === 'debit-amended')).toHaveLength(1);
  });

  it('its cancelled event lost: the run makes it again all the same; the event, late or twice, changes nothing', async () => {
    const { p, instalment, asks, before } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z');
    const app = t as BillingApp;
    // The sandbox bank's deliveries go nowhere now (a route that answers 404, so they are not tried again): the
    // run hears only the provider's answer.
    await app.database.query('UPDATE sandbox_dd_payments SET webhook_url = $1', [`${app.base}/api/nowhere`]);
    const [old] = await rows(app, 'SELECT id, mandate_id FROM sandbox_dd_payments');
    app.at.set('2027-03-03T06:00:00Z');
    await runBillingDay(app.app.services, app.at.now());
    expect(await bankPayments()).toEqual([
      [instalment, 'cancelled'],
      [asks, 'pending_submission'],
    ]);
    const [made] = await rows(app, 'SELECT status, remade, provider_payment_id FROM dd_collections');
    expect(made).toMatchObject({ status: 'pending_submission', remade: 1 });
    expect(made?.provider_payment_id).not.toBe(old?.id);
    // GoCardless's event for the cancelled debit arrives later, twice at once: it names no debit of the app's.
    const secret = (await rows(app, "SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))[0]
      ?.value as string;
    const body = (n: number) =>
      JSON.stringify({
        events: [
          {
            id: `EV_OLD_CANCELLED_${n}`,
            resource_type: 'payments',
            action: 'cancelled',
            links: { payment: old?.id, mandate: old?.mandate_id },
            details: { origin: 'api', cause: 'payment_cancelled' },
          },
        ],
      });
    const sent = await Promise.all(
      [1, 2].map((n) =>
        fetch(`${app.base}/api/gocardless/webhooks`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-signature': signGoCardlessStyle(body(n), secret),
          },
          body: body(n),
        }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    expect(await rows(app, 'SELECT status, remade FROM dd_collections')).toEqual([
      { status: 'pending_submission', remade: 1 },
    ]);
    expect(await lastDebitStatus()).toBe('PENDING');
    const told = (await notices(p)).slice(before.length);
    expect(told.filter((k) => k === 'debit-amended')).toHaveLength(1);
    expect(told).not.toContain('payment-failed');
  });

  it('a debit failed, then the policy cancelled: the debit presented again asks only for what is owed', async () => {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, '55779922'));
    await runDays(app, '2027-02-28', '2027-03-05');
    const [[instalment, failed] = []] = await bankPayments();
    expect(failed).toBe('failed');
    app.at.set('2027-03-06T10:00:00Z');
    expect(await cancelNow(p)).toBe(0);
    const asks = await statementAsks(p);
    expect(asks).toBeLessThan(Number(instalment));
    await runDays(app, '2027-03-07', '2027-03-20');
    const presented = await bankPayments();
    expect(presented.length).toBe(2);
    expect(presented[1]?.[0]).toBe(asks);
    // The failure notice said the whole instalment would be collected again: the customer is told the new amount,
    // once, before it is presented.
    const mails = await rows(
      app,
      "SELECT body, payload->>'attempt' AS attempt FROM outbox WHERE payload->>'kind' = 'debit-amended' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attempt).toBe('2');
    expect(mails[0]?.body).toContain(`We will collect ${formatGBP(asks)} by Direct Debit on or after`);
  });

  it('a re-presentation on its way when the policy is cancelled: made again for what is owed', async () => {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, '55779922'));
    // March's debit fails on Fri 5 Mar; it is presented again from Mon 8 Mar (charged Thu 11 Mar).
    await runDays(app, '2027-02-28', '2027-03-08');
    const [[instalment] = []] = await bankPayments();
    expect((await bankPayments()).map(([, s]) => s)).toEqual(['failed', 'pending_submission']);
    app.at.set('2027-03-09T10:00:00Z');
    expect(await cancelNow(p)).toBe(0);
    const asks = await statementAsks(p);
    await runDays(app, '2027-03-10', '2027-03-10');
    expect(await bankPayments()).toEqual([
      [instalment, 'failed'],
      [instalment, 'cancelled'],
      [asks, 'pending_submission'],
    ]);
  });

  it('made again while the account moved to a card: not told of, never asked; the card pays what is owed', async () => {
    const { p, instalment, asks, before } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z', (p) =>
      useCardFromBillingTab(t as BillingApp, p),
    );
    const app = t as BillingApp;
    await runDays(app, '2027-03-03', '2027-03-05');
    // The debit is cancelled and not made again: the card is charged what the statement asks, once.
    expect(await bankPayments()).toEqual([[instalment, 'cancelled']]);
    const charged = await rows(
      app,
      "SELECT c.amount_pence FROM sandbox_card_charges c JOIN customer_payments p ON c.idempotency_key LIKE p.id::text || ':%' WHERE p.purpose = 'statement' AND c.status = 'succeeded'",
    );
    expect(charged).toEqual([{ amount_pence: asks }]);
    expect(await balance(p)).toBe(0);
    const told = (await notices(p)).slice(before.length);
    expect(told).not.toContain('debit-amended');
    expect(told).not.toContain('payment-failed');
  });

  it('made again and not yet told of, then no longer owed: withdrawn without asking the provider', async () => {
    const { p, instalment, before } = await cancelledWithDebitOnItsWay('2027-03-02T10:00:00Z', (p) =>
      useCardFromBillingTab(t as BillingApp, p),
    );
    const app = t as BillingApp;
    await runDays(app, '2027-03-03', '2027-03-03');
    expect(await rows(app, 'SELECT status, remade, remade_told FROM dd_collections')).toEqual([
      { status: 'claimed', remade: 1, remade_told: 0 },
    ]);
    // Were nothing owed now (a credit that settled the statement; the card run has not charged it yet), the run
    // would withdraw it: the provider is not asked, the collection is cancelled and the payment FAILED, told once.
    const [due] = await pendingStatementPayments(app.app.services.db).where(
      sql`${statements.accountId} = ${p.accountId} AND ${statements.kind} = 'subscription'`,
    );
    // (No operation settles a cancelled policy's statement while its debit is claimed: the credit is written here.)
    await app.database.query(
      "UPDATE statements SET status = 'settled', amount_outstanding_pence = 0 WHERE id = $1",
      [due?.statementId],
    );
    expect(await claimsNoLongerOwed(app.app.services.db)).toEqual([due]);
    app.at.set('2027-03-03T10:00:00Z');
    await makeClaimNoLongerOwed(app.app.services, due!, app.at.now());
    expect(await bankPayments()).toEqual([[instalment, 'cancelled']]);
    expect(await rows(app, 'SELECT status FROM dd_collections')).toEqual([{ status: 'cancelled' }]);
    expect(await lastDebitStatus()).toBe('FAILED');
    const told = (await notices(p)).slice(before.length);
    expect(told.filter((k) => k === 'debit-cancelled')).toHaveLength(1);
    expect(told).not.toContain('payment-failed');
  });

  it('submitted before the cancellation: the provider will not cancel it; collected whole, the difference paid back', async () => {
    const { p, instalment, asks } = await cancelledWithDebitOnItsWay('2027-03-03T10:00:00Z');
    const app = t as BillingApp;
    await runDays(app, '2027-03-04', '2027-03-05');
    expect(await bankPayments()).toEqual([[instalment, 'confirmed']]);
    app.at.set('2027-03-05T07:17:00Z');
    await payOutPendingRefunds(app.app.services);
    await bankDays('2027-03-06', '2027-03-12');
    expect(await ddRefunds()).toEqual([{ amount_pence: instalment - asks, status: 'paid' }]);
    expect(await balance(p)).toBe(0);
  });
});

describe('a refund paid back two ways: to the card at once, by GoCardless days later', {
  timeout: 400_000,
}, () => {
  it('has a line per part, so every penny paid back has its line when it is paid (ADR 380)', async () => {
    // The first month paid by card, March's debit confirmed on 5 Mar; voided on 8 Mar: everything goes back.
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    const debit = await lastDebit();
    app.at.set('2027-03-08T10:00:00Z');
    await voidNow(p);
    const lines = async () =>
      (
        await rows(
          app,
          `SELECT l.amount_pence, l.status, l.sub_type, l.payment_method_description AS by,
                  (SELECT string_agg(r.method, ',') FROM payment_refunds r WHERE r.reference = l.id::text) AS parts
             FROM statement_line_items l WHERE l.account_id = $1 AND l.type = 'refund' ORDER BY l.amount_pence`,
          [p.accountId],
        )
      ).map((r) => [r.amount_pence, r.status, r.sub_type, r.by, r.parts]);
    // The card's part is paid at once and its line posted; the debit's waits for GoCardless, in a line of its own.
    const both = [p.first, Number(debit?.amount_pence)].sort((a, b) => a - b);
    expect(await lines()).toEqual(
      expect.arrayContaining([
        [p.first, 'POSTED', 'STRIPE', 'Card', 'CARD'],
        [Number(debit?.amount_pence), 'PENDING', 'GOCARDLESS', 'Direct Debit', 'BACS_DEBIT'],
      ]),
    );
    expect((await lines()).map((l) => l[0])).toEqual(both);
    // Received less paid back equals the cash lines, while the debit's refund is on its way (the nightly check).
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    // The hourly job, an hour on, with the debit's refund still on its way: it pays nothing again.
    app.at.set('2027-03-08T11:17:00Z');
    await payOutPendingRefunds(app.app.services);
    expect(await rows(app, 'SELECT count(*)::int AS n FROM payment_refunds')).toEqual([{ n: 2 }]);
    expect((await lines()).map((l) => l[1]).sort()).toEqual(['PENDING', 'POSTED']);
    // Paid by GoCardless on the third working day: its line is posted, and nothing is owed either way.
    await bankDays('2027-03-08', '2027-03-12');
    expect((await lines()).map((l) => l[1])).toEqual(['POSTED', 'POSTED']);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    expect(await balance(p)).toBe(0);
  });

  /** Voided on 8 Mar with a provider's refunds failing as `fail` says, until `restore` is called. */
  async function voidedWhileRefundsFail(by: 'directDebit' | 'cardPayments', fail: () => never) {
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    const providers = app.app.services.providers;
    const saved = {
      directDebit: providers.directDebit.createRefund,
      cardPayments: providers.cardPayments.refundPayment,
    };
    if (by === 'directDebit') providers.directDebit.createRefund = async () => fail();
    else providers.cardPayments.refundPayment = async () => fail();
    app.at.set('2027-03-08T10:00:00Z');
    await voidNow(p);
    const restore = () => {
      providers.directDebit.createRefund = saved.directDebit;
      providers.cardPayments.refundPayment = saved.cardPayments;
    };
    return { p, restore };
  }
  const refundCount = async () =>
    (await rows(t as BillingApp, 'SELECT count(*)::int AS n FROM payment_refunds'))[0]?.n;

  it('GoCardless refusing its part: the card part is posted at once, the rest waits in a line of its own', async () => {
    const { p, restore } = await voidedWhileRefundsFail('directDebit', () => {
      throw new DirectDebitRefundRefused('not confirmed yet');
    });
    const app = t as BillingApp;
    const debit = await lastDebit();
    const statuses = async () =>
      (
        await rows(
          app,
          `SELECT l.amount_pence, l.status, (SELECT count(*)::int FROM payment_refunds r WHERE r.reference = l.id::text) AS parts
             FROM statement_line_items l WHERE l.account_id = $1 AND l.type = 'refund' ORDER BY l.amount_pence`,
          [p.accountId],
        )
      ).map((r) => [r.amount_pence, r.status, r.parts]);
    const [small, large] = [p.first, Number(debit?.amount_pence)].sort((a, b) => a - b);
    const cardFirst = small === p.first;
    expect(await statuses()).toEqual(
      cardFirst
        ? [
            [small, 'POSTED', 1],
            [large, 'PENDING', 0],
          ]
        : [
            [small, 'PENDING', 0],
            [large, 'POSTED', 1],
          ],
    );
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    // GoCardless takes it an hour on: the job pays the rest out; once paid, both lines are posted, nothing twice.
    restore();
    app.at.set('2027-03-08T11:17:00Z');
    await payOutPendingRefunds(app.app.services);
    await bankDays('2027-03-09', '2027-03-12');
    expect((await statuses()).map((l) => l[1])).toEqual(['POSTED', 'POSTED']);
    expect(await refundCount()).toBe(2);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    expect(await balance(p)).toBe(0);
  });

  it('an error whose outcome is unknown: the line stays whole, and the retry asks again with the same keys', async () => {
    // GoCardless makes its part (the newest payment's); the card provider's answer is lost.
    const { p, restore } = await voidedWhileRefundsFail('cardPayments', () => {
      throw new Error('socket hang up');
    });
    const app = t as BillingApp;
    const lineStatuses = async () =>
      (
        await rows(app, "SELECT status FROM statement_line_items WHERE account_id = $1 AND type = 'refund'", [
          p.accountId,
        ])
      ).map((r) => r.status);
    expect(await lineStatuses()).toEqual(['PENDING']);
    const [whole] = await rows(
      app,
      "SELECT id FROM statement_line_items WHERE account_id = $1 AND type = 'refund'",
      [p.accountId],
    );
    restore();
    app.at.set('2027-03-08T11:17:00Z');
    await payOutPendingRefunds(app.app.services);
    await bankDays('2027-03-09', '2027-03-12');
    expect((await lineStatuses()).sort()).toEqual(['POSTED', 'POSTED']);
    expect(await refundCount()).toBe(2);
    const keys = (await rows(app, 'SELECT idempotency_key FROM payment_refunds')).map((r) =>
      String(r.idempotency_key),
    );
    expect(keys.every((k) => k.startsWith(`refund-${whole?.id}-`))).toBe(true);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    expect(await balance(p)).toBe(0);
  });
});

describe('a debit charged back while its refund waits (ADR 386)', { timeout: 400_000 }, () => {
  /**
   * March's debit collected; on 8 Mar the policy ends (`end`) while GoCardless refuses the refund against that
   * debit (not yet confirmed, say) and the card provider is down, so the refund line waits whole; on 9 Mar the customer's bank charges the debit back.
   */
  async function refundWaitingThenChargedBack(end: (p: Bought) => Promise<unknown>) {
    const p = await debitCollected(GOOD);
    const app = t as BillingApp;
    const debit = await lastDebit();
    const { directDebit: dd, cardPayments: card } = app.app.services.providers;
    const saved = { createRefund: dd.createRefund, refundPayment: card.refundPayment };
    dd.createRefund = async () => {
      throw new DirectDebitRefundRefused('not confirmed yet');
    };
    // The card provider is down for the hour too, so nothing of a refund is paid at once.
    card.refundPayment = async () => {
      throw new Error('card provider unavailable');
    };
    app.at.set('2027-03-08T10:00:00Z');
    const ended = await end(p);
    dd.createRefund = saved.createRefund;
    card.refundPayment = saved.refundPayment;
    expect((await refundLines(p)).filter((l) => l.status === 'PENDING')).toHaveLength(1);
    app.at.set('2027-03-09T10:00:00Z');
    expect(await (dd as SandboxDirectDebit).chargeBack(String(debit?.id))).toEqual({
      chargedBack: true,
      delivered: true,
    });
    // The hourly job, two hours on: GoCardless would take the refund now, and the card has room for one.
    app.at.set('2027-03-09T12:17:00Z');
    await payOutPendingRefunds(app.app.services);
    const [statement] = await rows(
      app,
      `SELECT s.status, s.amount_outstanding_pence AS outstanding FROM statements s
         JOIN statement_line_items l ON l.statement_id = s.id WHERE l.type = 'payment_reversal' AND s.account_id = $1`,
      [p.accountId],
    );
    const [mail] = await rows(
      app,
      "SELECT body FROM outbox WHERE payload->>'kind' = 'payment-charged-back' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    return { p, app, ended, debit: Number(debit?.amount_pence), statement, mail: String(mail?.body) };
  }

  it('voided: the refund waiting keeps back the money the bank returned, and pays the rest; nothing is owed', async () => {
    const { p, app, debit, statement, mail } = await refundWaitingThenChargedBack(voidNow);
    // Everything was to go back (the first month by card, March's debit): the bank has returned the debit, so
    // the refund pays back the first month only, to the card. Before ADR 386 it stayed waiting for the whole.
    expect((await refundLines(p)).map((l) => [l.amount_pence, l.status, l.sub_type])).toEqual([
      [p.first, 'POSTED', 'STRIPE'],
    ]);
    expect(await rows(app, 'SELECT count(*)::int AS n FROM payment_refunds')).toEqual([{ n: 1 }]);
    // The debit's statement does not ask for the amount again, and the customer is told why.
    expect(statement).toEqual({ status: 'settled', outstanding: 0 });
    expect(await balance(p)).toBe(0);
    expect(mail).toContain(`Your bank returned ${formatGBP(debit)} to you`);
    expect(mail).toContain('there is nothing more to pay');
    expect(mail).toContain(`The rest of your refund, ${formatGBP(p.first)}, is on its way.`);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('cancelled: the refund waiting is kept against the amount returned, and only the rest is owed', async () => {
    const { p, app, ended, debit, statement, mail } = await refundWaitingThenChargedBack(cancelNow);
    const refund = ended as number;
    expect(refund).toBeGreaterThan(0);
    expect(refund).toBeLessThan(debit);
    // Before ADR 386 the job paid the refund back to the card, and the statement asked for the whole debit.
    expect((await refundLines(p)).map((l) => [l.amount_pence, l.status])).toEqual([[refund, 'FAILED']]);
    // The Billing tab says why it was not paid (the statement's line, through the API).
    const [kept] = await rows(
      app,
      "SELECT description_key FROM statement_line_items WHERE account_id = $1 AND type = 'refund'",
      [p.accountId],
    );
    expect(kept?.description_key).toBe('billing.lineItem.refundKeptBack');
    expect(await rows(app, 'SELECT count(*)::int AS n FROM payment_refunds')).toEqual([{ n: 0 }]);
    expect(statement).toEqual({ status: 'failed', outstanding: debit - refund });
    expect(await balance(p)).toBe(debit - refund);
    expect(mail).toContain(
      `We have kept ${formatGBP(refund)} of it from the refund that was still due to you; ${formatGBP(debit - refund)} is owed again`,
    );
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);

    // 12 Mar: the bank cancels its charge back (ADR 390). The debit stands, so the refund kept back is due
    // again: the hourly job pays it, the kept-back line being no failed refund that would stop it (ADR 386).
    app.at.set('2027-03-12T10:00:00Z');
    const [chargedBack] = await rows(app, "SELECT id FROM sandbox_dd_payments WHERE status = 'charged_back'");
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    expect(await bank.cancelChargeBack(String(chargedBack?.id))).toEqual({
      cancelled: true,
      delivered: true,
    });
    expect(await balance(p)).toBe(-refund);
    app.at.set('2027-03-12T11:17:00Z');
    await payOutPendingRefunds(app.app.services);
    expect((await refundLines(p)).map((l) => [l.amount_pence, l.status])).toEqual([
      [refund, 'FAILED'],
      [refund, 'PENDING'],
    ]);
    // GoCardless pays it on the third working day: the line is posted, and the account ends at nothing.
    for (const day of ['2027-03-15', '2027-03-16', '2027-03-17']) {
      app.at.set(`${day}T06:00:00Z`);
      await advanceSandboxDirectDebit(app.app.services);
    }
    expect((await refundLines(p)).map((l) => [l.amount_pence, l.status])).toEqual([
      [refund, 'FAILED'],
      [refund, 'POSTED'],
    ]);
    expect(await balance(p)).toBe(0);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });
});
