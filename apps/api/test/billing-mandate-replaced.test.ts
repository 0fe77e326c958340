import { afterEach, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import type { SandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import {
  accountNotices,
  type BillingApp,
  billingApp,
  buySubscription,
  runDays,
  staffCancel,
  useCardFromBillingTab,
  withMandate,
} from './billing-helpers.ts';
import { api, rows, submitForm } from './payments-helpers.ts';

/**
 * A replaced mandate with a debit on its way (ADR 377). GoCardless cancels a cancelled mandate's payments that
 * are not yet submitted, and the sandbox now does the same. So the app keeps a replaced mandate until its debit
 * is over, and the billing run cancels it then. Lived through with the injectable clock: a Direct Debit
 * subscription from 31 Jan 2027 (first month by card), whose March debit is raised on Sun 28 Feb, charged on
 * Wed 3 Mar and confirmed on Fri 5 Mar.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type Bought = Awaited<ReturnType<typeof buySubscription>>;

const bank = () => (t as BillingApp).app.services.providers.directDebit as SandboxDirectDebit;
const mandateStatus = async (id: string) =>
  (await rows(t as BillingApp, 'SELECT status FROM sandbox_dd_mandates WHERE id = $1', [id]))[0]?.status;
const debits = async () =>
  (
    await rows(
      t as BillingApp,
      'SELECT mandate_id, amount_pence, status FROM sandbox_dd_payments ORDER BY created_at',
    )
  ).map((r) => [r.mandate_id, r.status]);
const notices = (p: Bought) => accountNotices(t as BillingApp, p.accountId);
const account = async (p: Bought) =>
  (await api((t as BillingApp).base, p.staff, 'GET', '/api/customerAccounts')).body[0];

/** The subscription with its March debit created (pending submission) on its first mandate. */
async function debitOnItsWay() {
  t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  const app = t;
  const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, '55779911'));
  await runDays(app, '2027-02-28', '2027-02-28');
  const [first] = await debits();
  expect(first?.[1]).toBe('pending_submission');
  return { p, firstMandate: String(first?.[0]) };
}

/**
 * The customer gives new bank details from the billing tab at `at` (or at the clock's time); the bank approves
 * the mandate.
 */
async function replaceMandate(p: Bought, at?: string) {
  const app = t as BillingApp;
  if (at) app.at.set(at);
  // The bank approves the new mandate when this test says so, not on a timer of its own.
  app.app.services.env.SANDBOX_MANDATE_ACTIVATION_SECONDS = 3600;
  // The customer, signed in now (the clock has moved past the visitor's token).
  const token = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
  const flow = await api(app.base, token, 'POST', '/api/gocardless/flows', {
    mandateDescription: 'Monthly car insurance',
    successUrl: `${app.base}/`,
    clientReference: p.accountId,
  });
  expect(flow.status, JSON.stringify(flow.body)).toBe(200);
  const given = await submitForm(flow.body.redirectUrl, {
    accountHolder: 'Sam Driver',
    sortCode: '20-00-00',
    accountNumber: '55779933',
  });
  expect(given.status, given.html).toBe(303);
  const mandate = await api(app.base, token, 'POST', '/api/gocardless/mandates', {
    redirectFlowId: flow.body.redirectFlowId,
  });
  expect(mandate.status, JSON.stringify(mandate.body)).toBe(200);
  await bank().activateMandate(mandate.body.mandateId);
  return String(mandate.body.mandateId);
}

describe('a mandate replaced while its debit is on its way', { timeout: 400_000 }, () => {
  it('is kept until the debit is confirmed, then cancelled; no payment is said to fail', async () => {
    const { p, firstMandate } = await debitOnItsWay();
    const before = await notices(p);
    const second = await replaceMandate(p, '2027-03-01T10:00:00Z');
    expect((await account(p)).paymentMethod.display).toBe('Direct Debit BARCLAYS BANK PLC ••33');
    // The old mandate is not cancelled yet, so its debit is not either.
    expect(await mandateStatus(firstMandate)).not.toBe('cancelled');
    expect(await debits()).toEqual([[firstMandate, 'pending_submission']]);

    // Charged on Wed 3 Mar from the old account and confirmed on Fri 5 Mar; the billing run of Sat 6 Mar
    // then cancels the old mandate.
    await runDays(t as BillingApp, '2027-03-01', '2027-03-05');
    expect(await mandateStatus(firstMandate)).not.toBe('cancelled');
    await runDays(t as BillingApp, '2027-03-06', '2027-03-06');
    expect(await mandateStatus(firstMandate)).toBe('cancelled');
    expect(await debits()).toEqual([[firstMandate, 'confirmed']]);
    expect((await notices(p)).slice(before.length)).not.toContain('payment-failed');
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountStatus: 'ACTIVE' });

    // April's debit (raised Sun 28 Mar) is taken by the new mandate.
    await runDays(t as BillingApp, '2027-03-07', '2027-03-28');
    expect((await debits()).at(-1)).toEqual([second, 'pending_submission']);
  });

  it('with nothing on its way it is cancelled at once, as before', async () => {
    const { p, firstMandate } = await debitOnItsWay();
    await runDays(t as BillingApp, '2027-03-01', '2027-03-05');
    expect(await debits()).toEqual([[firstMandate, 'confirmed']]);
    await replaceMandate(p, '2027-03-05T10:00:00Z');
    expect(await mandateStatus(firstMandate)).toBe('cancelled');
  });
});

/** A Direct Debit subscription from 31 Jan 2027 (first month by card), before its March debit is raised. */
async function subscribed() {
  t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  const app = t;
  const p = await buySubscription(app, '2027-01-31', 'tok_visa', withMandate(app.base, '55779911'));
  return { app, p, before: await notices(p) };
}

type MakeDebit = SandboxDirectDebit['createPayment'];

/** Runs `run` with the sandbox's payment creation passed through `around` (given the real call), then restores it. */
async function whileMakingDebits(
  around: (make: () => ReturnType<MakeDebit>) => ReturnType<MakeDebit>,
  run: () => Promise<unknown>,
) {
  const sandbox = bank();
  const createPayment = sandbox.createPayment.bind(sandbox);
  sandbox.createPayment = (input) => around(() => createPayment(input));
  try {
    await run();
  } finally {
    sandbox.createPayment = createPayment;
  }
}

describe('a mandate replaced while the billing run is making its debit', { timeout: 400_000 }, () => {
  it('the debit the run was making on the old mandate is made and kept; no payment is said to fail', async () => {
    const { app, p, before } = await subscribed();
    // The customer's new mandate becomes active while the billing run of Sun 28 Feb is asking the provider
    // for March's debit: after the run read the account's mandate, before the provider answered.
    let second: string | undefined;
    await whileMakingDebits(
      async (make) => {
        if (second === undefined) {
          second = '';
          second = await replaceMandate(p);
        }
        return make();
      },
      () => runDays(app, '2027-02-28', '2027-02-28'),
    );
    expect(second).toMatch(/^MD/);
    expect((await account(p)).paymentMethod.display).toBe('Direct Debit BARCLAYS BANK PLC ••33');
    const [[firstMandate, status] = []] = await debits();
    expect(firstMandate).not.toBe(second);
    // The old mandate is kept for its debit, which is taken from the old account as its notice said.
    expect(status).toBe('pending_submission');
    expect(await mandateStatus(String(firstMandate))).not.toBe('cancelled');
    await runDays(app, '2027-03-01', '2027-03-06');
    expect(await debits()).toEqual([[firstMandate, 'confirmed']]);
    expect(await mandateStatus(String(firstMandate))).toBe('cancelled');
    expect((await notices(p)).slice(before.length)).not.toContain('payment-failed');
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountStatus: 'ACTIVE' });
  });
});

/** March's debit made at the provider on Sun 28 Feb, but its answer lost: the collection is a claim. */
async function claimLeft() {
  const sub = await subscribed();
  await whileMakingDebits(
    async (make) => {
      await make();
      throw new Error('socket hang up');
    },
    () => expect(runDays(sub.app, '2027-02-28', '2027-02-28')).rejects.toThrow('socket hang up'),
  );
  const [[mandate] = []] = await debits();
  return { ...sub, mandate: String(mandate) };
}

describe('a debit whose provider answer was lost (a run stopped half-way)', { timeout: 400_000 }, () => {
  it('is made once: the next run finds the claim and asks again with the same key; the mandate is kept for it', async () => {
    const { app, p, before, mandate: firstMandate } = await claimLeft();
    const claim = async () => (await rows(app, 'SELECT status, provider_payment_id FROM dd_collections'))[0];
    expect(await claim()).toEqual({ status: 'claimed', provider_payment_id: null });
    // A new mandate now: the old one is kept, since the claim says a debit may be on its way on it.
    await replaceMandate(p, '2027-02-28T12:00:00Z');
    expect(await mandateStatus(String(firstMandate))).not.toBe('cancelled');
    // The next run makes the claimed debit on the old mandate: the provider answers the payment it made.
    await runDays(app, '2027-03-01', '2027-03-01');
    const [made] = await rows(app, 'SELECT id FROM sandbox_dd_payments');
    expect(await claim()).toEqual({ status: 'pending_submission', provider_payment_id: made?.id });
    await runDays(app, '2027-03-02', '2027-03-06');
    expect(await debits()).toEqual([[firstMandate, 'confirmed']]);
    expect(await mandateStatus(String(firstMandate))).toBe('cancelled');
    expect((await notices(p)).slice(before.length)).not.toContain('payment-failed');
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountStatus: 'ACTIVE' });
  });
});

describe('a debit made again for less after the mandate was replaced (ADR 382)', { timeout: 400_000 }, () => {
  it('is made on the new mandate, which the customer now collects by; the old one is then released', async () => {
    const { p, firstMandate } = await debitOnItsWay();
    const app = t as BillingApp;
    const second = await replaceMandate(p, '2027-03-01T10:00:00Z');
    expect(await mandateStatus(firstMandate)).not.toBe('cancelled');
    app.at.set('2027-03-02T10:00:00Z');
    await staffCancel(app, p);
    await runDays(app, '2027-03-03', '2027-03-03');
    expect(await debits()).toEqual([
      [firstMandate, 'cancelled'],
      [second, 'pending_submission'],
    ]);
    expect(await mandateStatus(firstMandate)).toBe('cancelled');
    await runDays(app, '2027-03-04', '2027-03-12');
    expect((await debits()).at(-1)).toEqual([second, 'confirmed']);
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });
});

describe('a claim whose mandate is gone, or whose payment moved on, before it was made', {
  timeout: 400_000,
}, () => {
  it('the bank cancels the mandate: the claim is given up, a failed collection, and the next runs go on', async () => {
    const { app, p, before, mandate } = await claimLeft();
    app.at.set('2027-02-28T12:00:00Z');
    await bank().cancelMandate(mandate);
    const log = (await runDays(app, '2027-03-01', '2027-03-02')).log;
    expect(log[0]).toMatch(/^2027-03-01 failed/);
    expect(await rows(app, 'SELECT status FROM dd_collections')).toEqual([]);
    const [payment] = await rows(
      app,
      "SELECT status, decline_code FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at DESC LIMIT 1",
    );
    expect(payment).toEqual({ status: 'FAILED', decline_code: 'no_mandate' });
    expect((await notices(p)).slice(before.length)).toEqual(['statement-issued', 'payment-failed']);
  });

  it('its payment cancelled at the provider meanwhile: the answer is taken as the outcome, not left pending', async () => {
    const { app, p, before } = await claimLeft();
    // GoCardless answers a repeated key with the payment as it is now: cancelled (from its dashboard, say).
    await app.database.query("UPDATE sandbox_dd_payments SET status = 'cancelled'");
    await runDays(app, '2027-03-01', '2027-03-01');
    expect(await rows(app, 'SELECT status FROM dd_collections')).toEqual([{ status: 'cancelled' }]);
    const [payment] = await rows(
      app,
      "SELECT status FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at DESC LIMIT 1",
    );
    expect(payment?.status).toBe('FAILED');
    expect((await notices(p)).slice(before.length)).toEqual(['statement-issued', 'payment-failed']);
  });
});

describe('an account that moves to a card while its debit is on its way', { timeout: 400_000 }, () => {
  it('is not charged by card as well: the debit decides the month; the old mandate is released after it', async () => {
    const { p, firstMandate } = await debitOnItsWay();
    const app = t as BillingApp;
    const before = await notices(p);
    app.at.set('2027-03-01T10:00:00Z');
    await useCardFromBillingTab(app, p);
    expect((await account(p)).paymentMethod.display).toBe('VISA •••• 4242');
    // The statement's payment date (Wed 3 Mar) comes while the debit is on its way: no card charge for it.
    await runDays(app, '2027-03-01', '2027-03-06');
    expect(await debits()).toEqual([[firstMandate, 'confirmed']]);
    const charged = await rows(
      app,
      "SELECT c.amount_pence FROM sandbox_card_charges c JOIN customer_payments p ON c.idempotency_key LIKE p.id::text || ':%' WHERE p.purpose = 'statement'",
    );
    expect(charged).toEqual([]);
    expect(await account(p)).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
    expect(await mandateStatus(firstMandate)).toBe('cancelled');
    expect((await notices(p)).slice(before.length)).not.toContain('payment-failed');
  });
});

describe('a mandate the bank cancels while its debit is on its way', { timeout: 400_000 }, () => {
  it('cancels the debit too, as GoCardless does: a failed collection, the customer told, no usable method left', async () => {
    const { p, firstMandate } = await debitOnItsWay();
    const before = await notices(p);
    (t as BillingApp).at.set('2027-03-01T10:00:00Z');
    await bank().cancelMandate(firstMandate);
    expect(await debits()).toEqual([[firstMandate, 'cancelled']]);
    const [payment] = await rows(
      t as BillingApp,
      "SELECT status, decline_code FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at DESC LIMIT 1",
    );
    expect(payment).toEqual({ status: 'FAILED', decline_code: 'mandate_cancelled' });
    expect((await notices(p)).slice(before.length)).toEqual(['payment-failed']);
    expect(await account(p)).toMatchObject({ paymentMethodUsable: false });
    // The notice does not promise another debit on a mandate that is gone.
    const [mail] = await rows(
      t as BillingApp,
      "SELECT body FROM outbox WHERE payload->>'accountId' = $1 AND payload->>'kind' = 'payment-failed'",
      [p.accountId],
    );
    expect(mail?.body).toContain('Your Direct Debit instruction is no longer active');
    expect(mail?.body).not.toContain('by Direct Debit again');
  });
});
