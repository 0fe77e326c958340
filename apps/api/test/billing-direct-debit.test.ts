import { afterEach, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { ledgerBreaks, runBillingDay } from '../src/modules/billing/index.ts';
import { payOutPendingRefunds } from '../src/modules/billing/refund-payout.ts';
import { advanceSandboxDirectDebit, type SandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import { signGoCardlessStyle } from '../src/providers/direct-debit/signature.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  openSettlePage,
  payOnHostedPage,
  runDays,
  staffCancel,
  withMandate as withMandateAt,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Direct Debit collection of the billing run (ADR 204), lived through with the injectable clock: the run
 * submits a GoCardless payment for each statement (charge date = the statement's payment date), the sandbox
 * bank submits it on the charge date and confirms or fails it two working days later by signed webhook.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const GOOD = '55779911';
const FAILING = '55779922';

/** The customer sets up a mandate on the sandbox's bank-details page before buying: the account is BACS_DEBIT. */
const withMandate = (accountNumber: string) => withMandateAt((t as BillingApp).base, accountNumber);

async function ddSubscription(accountNumber: string) {
  t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  const p = await buySubscription(t, '2027-01-31', 'tok_visa', withMandate(accountNumber));
  const app = t;
  const account = async () => (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body[0];
  // The bank approves the mandate at once (activation 0 s), but by its own job and signed webhook: heard
  // within seconds, however busy the machine (ADR 366).
  await expect
    .poll(async () => (await account())?.paymentMethod?.mandateStatus, { timeout: 30_000, interval: 200 })
    .toBe('ACTIVE');
  expect(await account()).toMatchObject({
    paymentMethodType: 'BACS_DEBIT',
    paymentDay: 28,
    paymentMethod: { display: expect.any(String), mandateStatus: 'ACTIVE' },
  });
  return p;
}

const mails = async (accountId: string) =>
  (
    await rows(
      t as BillingApp,
      "SELECT payload->>'kind' AS kind FROM outbox WHERE payload->>'accountId' = $1 ORDER BY created_at, payload->>'kind'",
      [accountId],
    )
  ).map((r) => r.kind);

const mailText = async (accountId: string, kind: string) =>
  (
    await rows(
      t as BillingApp,
      "SELECT body FROM outbox WHERE payload->>'accountId' = $1 AND payload->>'kind' = $2 ORDER BY created_at",
      [accountId, kind],
    )
  ).map((r) => String(r.body));

/** A statement's lines as the Billing tab gets them (staff, through the API): type and amount, in order. */
const lineAmounts = async (p: { staff: string; accountId: string }, statementId: string) =>
  (
    await api(
      (t as BillingApp).base,
      p.staff,
      'GET',
      `/api/customerAccounts/${p.accountId}/statements/${statementId}`,
    )
  ).body.lineItems.map((l: { type: string; amount: number }) => [l.type, l.amount]);

const sandboxPayments = async () =>
  (
    await rows(
      t as BillingApp,
      'SELECT right(idempotency_key, 2) AS attempt, charge_date::text AS charge, status, amount_pence FROM sandbox_dd_payments ORDER BY created_at',
    )
  ).map((r) => [r.attempt, r.charge, r.status, r.amount_pence]);

/** Statement 2's debit (collected 5 Mar) charged back on 10 Mar: the account suspended, notice to 17 Mar. */
async function chargedBack() {
  const p = await ddSubscription(GOOD);
  const app = t as BillingApp;
  await runDays(app, '2027-01-31', '2027-03-09');
  const [debit] = await rows(app, "SELECT id FROM sandbox_dd_payments WHERE status = 'confirmed'");
  app.at.set('2027-03-10T10:00:00Z');
  const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
  expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
  const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
  expect(account).toMatchObject({ accountStatus: 'SUSPENDED', accountBalance: p.regular });
  return { p, app, bank, debitId: String(debit?.id) };
}

describe('Direct Debit collection', () => {
  it('bills a Direct Debit subscription for 3 months, each payment confirmed two working days after its charge date', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    // Two runs at once and the same day again: one statement, one provider payment.
    await runDays(app, '2027-01-31', '2027-02-27');
    app.at.set('2027-02-28T06:00:00Z');
    const once = await Promise.all([1, 2, 3].map(() => runBillingDay(app.app.services, app.at.now())));
    expect(once.reduce((n, r) => n + r.raised, 0)).toBe(1);
    // Hand-worked: statement 2 raised Sun 28 Feb; charge date = 3 working days later, Wed 3 Mar; submitted
    // then, confirmed Fri 5 Mar. Statement 3 raised Sun 28 Mar: Easter Monday (29 Mar) is not a working day,
    // so Thu 1 Apr, confirmed Mon 5 Apr. Statement 4 raised Wed 28 Apr: Mon 3 May is the early May bank
    // holiday, so Tue 4 May, confirmed Thu 6 May (R8, ADR 342).
    const { log, totals } = await runDays(app, '2027-02-28', '2027-05-06');
    expect(log).toEqual([
      '2027-03-03 bank',
      '2027-03-05 bank',
      '2027-03-28 raised',
      '2027-04-01 bank',
      '2027-04-05 bank',
      '2027-04-28 raised',
      '2027-05-04 bank',
      '2027-05-06 bank',
    ]);
    expect(totals).toMatchObject({ collected: 0, failed: 0, cancelled: 0 });
    expect(await sandboxPayments()).toEqual([
      [':1', '2027-03-03', 'confirmed', p.regular],
      [':1', '2027-04-01', 'confirmed', p.regular],
      [':1', '2027-05-04', 'confirmed', p.regular],
    ]);

    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
    const list = (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`))
      .body;
    expect(list.map((s: { statementNumber: number }) => s.statementNumber)).toEqual([4, 3, 2, 1]);
    const due = ['2027-05-03T23:00:00.000Z', '2027-03-31T23:00:00.000Z', '2027-03-03T00:00:00.000Z'];
    for (const [i, s] of list.slice(0, 3).entries()) {
      expect(s).toMatchObject({
        status: 'settled',
        broughtForwardBalance: 0,
        subtotalBalance: 0,
        carriedForwardBalance: 0,
        amountOutstanding: 0,
        paymentDueAt: due[i],
      });
      const detail = (
        await api(
          app.base,
          p.staff,
          'GET',
          `/api/customerAccounts/${p.accountId}/statements/${s.statementId}`,
        )
      ).body;
      expect(
        detail.lineItems.map(
          (l: { type: string; amount: number; subType: string | null; status: string }) => [
            l.type,
            l.amount,
            l.subType,
            l.status,
          ],
        ),
      ).toEqual([
        ['invoice', p.regular, null, 'POSTED'],
        ['payment', -p.regular, 'GOCARDLESS', 'POSTED'],
      ]);
    }
    const payments = await rows(
      app,
      "SELECT status, provider, count(*)::int AS n FROM customer_payments WHERE purpose = 'statement' GROUP BY status, provider",
    );
    expect(payments).toEqual([{ status: 'SETTLED', provider: 'sandbox', n: 3 }]);
    expect(await mails(p.accountId)).toEqual([
      'statement-issued',
      'payment-taken',
      'statement-issued',
      'payment-taken',
      'statement-issued',
      'payment-taken',
    ]);
    const [notice] = await mailText(p.accountId, 'statement-issued');
    expect(notice).toContain('will be collected by Direct Debit on or after 3 March 2027');
    expect((await mailText(p.accountId, 'payment-taken'))[0]).toContain('by Direct Debit');
  });

  it('a statement raised on Wed 23 Dec 2026 is charged Wed 30 Dec: never on a bank holiday (R8, ADR 342)', async () => {
    t = await billingApp('2026-11-22T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const p = await buySubscription(t, '2026-11-23', 'tok_visa', withMandate(GOOD));
    const app = t;
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ paymentMethodType: 'BACS_DEBIT', paymentDay: 23 });
    // Christmas (Fri 25), Boxing Day's substitute (Mon 28) and the weekend are not working days: the 3 working
    // days of notice given on the 23rd are the 24th, 29th and 30th. The customer is told the same date ahead.
    const estimate = async () =>
      (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/nextStatementEstimate`))
        .body;
    expect((await estimate()).paymentDueAt).toBe('2026-12-30T00:00:00.000Z');
    const { log } = await runDays(app, '2026-11-23', '2027-01-05');
    // Submitted on its charge date, Wed 30 Dec; confirmed two working days later: Thu 31 Dec, (Fri 1 Jan is New
    // Year's Day) Mon 4 Jan.
    expect(log).toEqual(['2026-12-23 raised', '2026-12-30 bank', '2027-01-04 bank']);
    expect(await sandboxPayments()).toEqual([[':1', '2026-12-30', 'confirmed', p.regular]]);
    const [statement] = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statement).toMatchObject({
      statementNumber: 2,
      status: 'settled',
      paymentDueAt: '2026-12-30T00:00:00.000Z',
    });
    const [notice] = await mailText(p.accountId, 'statement-issued');
    expect(notice).toContain('will be collected by Direct Debit on or after 30 December 2026');
  });

  it('a failing Direct Debit is presented again once, then the account is suspended and the policy cancelled for non-payment', async () => {
    const p = await ddSubscription(FAILING);
    const app = t as BillingApp;
    // Hand-worked: charge Wed 3 Mar fails Fri 5 Mar (06:00); retry day +3 = Mon 8 Mar, re-presented with the
    // Bacs notice for Thu 11 Mar, which fails Mon 15 Mar: suspended, notice to pay by 22 Mar; cover ends at the
    // end of 22 Mar and the 23 Mar run cancels it (ADR 344); no statement on 28 Mar (suspended account).
    const { log } = await runDays(app, '2027-01-31', '2027-03-31');
    expect(log).toEqual([
      '2027-02-28 raised',
      '2027-03-03 bank',
      '2027-03-05 bank',
      '2027-03-11 bank',
      '2027-03-15 bank',
      '2027-03-23 cancelled',
    ]);
    expect(await sandboxPayments()).toEqual([
      [':1', '2027-03-03', 'failed', p.regular],
      [':2', '2027-03-11', 'failed', p.regular],
    ]);
    expect(await mails(p.accountId)).toEqual([
      'statement-issued',
      'payment-failed',
      'account-suspended',
      'notice-of-cancellation',
      'cancelled-non-payment',
    ]);
    const [failedMail] = await mailText(p.accountId, 'payment-failed');
    expect(failedMail).toContain('by Direct Debit again on or after 11 March 2027');
    expect((await mailText(p.accountId, 'notice-of-cancellation'))[0]).toContain('22 March 2027');
    // Only the cover had is owed: 28 Feb – 22 Mar, 23 of the period's 28 days, rounded down (ADR 344).
    const owed = Math.floor((p.regular * 23) / 28);
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({
      accountStatus: 'SUSPENDED',
      outstandingAmount: owed,
      accountBalance: owed,
    });
    const statements = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    const statement = statements.find((s: { statementNumber: number }) => s.statementNumber === 2);
    expect(statement).toMatchObject({
      statementNumber: 2,
      status: 'failed',
      amountOutstanding: owed,
      paymentDueAt: '2027-03-11T00:00:00.000Z',
    });
    const [policy] = await rows(app, 'SELECT status, cancellation_reason FROM policies WHERE id = $1', [
      p.policyId,
    ]);
    expect(policy).toEqual({ status: 'CANCELLED', cancellation_reason: 'NON_PAYMENT' });
  });

  it('a failing Direct Debit, then the policy cancelled: presented again for what is owed, and when that fails cover that has ended is not suspended (ADR 396)', async () => {
    const p = await ddSubscription(FAILING);
    const app = t as BillingApp;
    // The debit of 3 March fails on 5 March; the customer cancels on 6 March, before it is presented again.
    await runDays(app, '2027-01-31', '2027-03-05');
    app.at.set('2027-03-06T10:00:00Z');
    await staffCancel(app, p);
    const { log } = await runDays(app, '2027-03-06', '2027-03-31');
    expect(log).toEqual(['2027-03-11 bank', '2027-03-15 bank']);
    // 28 February to 6 March, the day of the cancellation counted: 7 of the period's 28 days, rounded down.
    const owed = Math.floor((p.regular * 7) / 28);
    expect(await sandboxPayments()).toEqual([
      [':1', '2027-03-03', 'failed', p.regular],
      [':2', '2027-03-11', 'failed', owed],
    ]);
    const told = await mails(p.accountId);
    expect(told).not.toContain('account-suspended');
    expect(told).not.toContain('notice-of-cancellation');
    const last = (await mailText(p.accountId, 'payment-failed')).at(-1);
    expect(last).toContain(`We tried twice and could not take £${(owed / 100).toFixed(2)} by Direct Debit.`);
    expect(last).toContain('We will not collect it by Direct Debit again');
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: owed, accountBalance: owed });
    const seen = await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`);
    expect(seen.body.standing.arrears).toEqual({ amount: owed, statementNumbers: [2], why: 'ended' });
  });

  it('a Direct Debit charged back by the bank is owed again: reversed once, no debit taken again, then cancelled for non-payment (ADR 384)', async () => {
    // Wed 10 Mar: the customer's bank takes statement 2's debit back (a Direct Debit Guarantee claim), and its
    // webhook comes twice (a new event each time, as a bank's second report would).
    const { p, app, bank, debitId } = await chargedBack();
    expect(await bank.chargeBack(debitId)).toEqual({ chargedBack: true, delivered: true });

    const payments = await rows(
      app,
      "SELECT id, status, decline_code FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at",
    );
    expect(payments).toEqual([
      { id: expect.any(String), status: 'REVERSED', decline_code: 'authorisation_disputed' },
    ]);
    // Partners told of the payment are told, once, that it went back (ADR 386).
    const announced = await rows(
      app,
      `SELECT e.type, e.payload->>'amountPence' AS amount, e.payload->>'reversedAt' AS at FROM partner_events e
        WHERE e.policy_id = $1 AND e.type LIKE 'payment.%' ORDER BY e.seq`,
      [p.policyId],
    );
    expect(announced.map((e) => [e.type, Number(e.amount)])).toEqual([
      ['payment.succeeded', p.regular],
      ['payment.reversed', p.regular],
    ]);
    expect(announced[1]?.at).toBe('2027-03-10T10:00:00.000Z');
    // Where the policy stands says why it is owed: a payment its bank took back (ADR 395).
    const standing = (await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`)).body.standing;
    expect(standing.arrears).toMatchObject({ amount: p.regular, why: 'takenBack' });
    // The returned debit is not paid again as itself (staff taking it by phone are refused): the balance is.
    const phone = await api(app.base, p.staff, 'POST', '/api/stripe/moto/checkout', {
      paymentId: payments[0]?.id,
      itemName: 'Statement 2',
      token: 'tok_visa',
      postalCode: 'LS1 5HD',
      dateOfBirth: p.dob,
    });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toContain('Your bank returned this payment');
    const [statement] = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statement).toMatchObject({
      statementNumber: 2,
      status: 'failed',
      broughtForwardBalance: 0,
      subtotalBalance: p.regular,
      carriedForwardBalance: p.regular,
      amountOutstanding: p.regular,
    });
    expect(await lineAmounts(p, statement.statementId)).toEqual([
      ['invoice', p.regular],
      ['payment', -p.regular],
      ['payment_reversal', p.regular],
    ]);
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({
      accountStatus: 'SUSPENDED',
      outstandingAmount: p.regular,
      accountBalance: p.regular,
    });
    const [suspended] = await mailText(p.accountId, 'account-suspended');
    expect(suspended).toContain(`Your bank returned £${(p.regular / 100).toFixed(2)} to you`);
    expect((await mailText(p.accountId, 'notice-of-cancellation'))[0]).toContain('17 March 2027');

    // The customer disputed the debit: it is not presented again. Unpaid by the end of 17 Mar, the policy is
    // cancelled for non-payment; only the cover had is owed, 28 Feb – 17 Mar, 18 of the period's 28 days.
    const { log } = await runDays(app, '2027-03-10', '2027-03-19');
    expect(log).toEqual(['2027-03-18 cancelled']);
    expect(await sandboxPayments()).toEqual([[':1', '2027-03-03', 'charged_back', p.regular]]);
    const [policy] = await rows(app, 'SELECT status, cancellation_reason FROM policies WHERE id = $1', [
      p.policyId,
    ]);
    expect(policy).toEqual({ status: 'CANCELLED', cancellation_reason: 'NON_PAYMENT' });
    const owed = Math.floor((p.regular * 18) / 28);
    const [after] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(after).toMatchObject({ outstandingAmount: owed, accountBalance: owed });
  });

  it('a charge back on a policy whose cancellation is set before a notice would end: not suspended, told when cover ends (ADR 396)', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-09');
    // On 9 March the customer asks to cancel from 14 March; the bank takes back statement 2's debit on 10 March.
    // A notice given then would end cover at the end of 17 March, after the cover's own end.
    app.at.set('2027-03-09T10:00:00Z');
    await staffCancel(app, p, '2027-03-14T00:00:00.000Z');
    const [debit] = await rows(app, "SELECT id FROM sandbox_dd_payments WHERE status = 'confirmed'");
    app.at.set('2027-03-10T10:00:00Z');
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account.accountStatus).toBe('ACTIVE');
    const told = await mails(p.accountId);
    expect(told).not.toContain('account-suspended');
    expect(told).not.toContain('notice-of-cancellation');
    const [returned] = await mailText(p.accountId, 'payment-charged-back');
    expect(returned).toContain('Your cover ends at midnight at the end of 13 March 2027, as arranged');
  });

  it("a charge back on a live policy with a change's credit waiting for the next statement asks for the whole debit again (ADR 386)", async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-08');
    // 8 Mar: a cheaper change from now; its credit for the rest of the month waits on the next statement's draft.
    app.at.set('2027-03-08T10:00:00Z');
    const made = await api(app.base, p.staff, 'POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: p.policyId,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.prorataPremium).toBeLessThan(0);
    expect(
      (await api(app.base, p.staff, 'POST', `/api/policyAdjustments/${made.body.adjustmentId}/commit`))
        .status,
    ).toBe(200);
    const [debit] = await rows(app, "SELECT id FROM sandbox_dd_payments WHERE status = 'confirmed'");
    app.at.set('2027-03-10T10:00:00Z');
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
    // No refund was waiting: the whole debit is asked for again, and the account suspended. (The change's credit
    // is netted by the next statement; counting it here too once asked for less than is owed.)
    const statements = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statements.find((s: { statementNumber: number }) => s.statementNumber === 2)).toMatchObject({
      status: 'failed',
      amountOutstanding: p.regular,
    });
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({
      accountStatus: 'SUSPENDED',
      accountBalance: p.regular + made.body.prorataPremium,
    });
    const [suspended] = await mailText(p.accountId, 'account-suspended');
    expect(suspended).toContain('That amount is owed again.');
    expect(suspended).not.toContain('refund');
  });

  it('a charge back whose notice runs over a payment date: the days on cover after it are billed, not collected (ADR 388)', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-21');
    const [debit] = await rows(app, "SELECT id FROM sandbox_dd_payments WHERE status = 'confirmed'");
    // Mon 22 Mar: statement 2's debit is charged back; the notice runs to the end of 29 March, past the payment
    // date of 28 March, while the account is suspended (no statement is raised for a suspended account).
    app.at.set('2027-03-22T10:00:00Z');
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
    expect((await mailText(p.accountId, 'notice-of-cancellation'))[0]).toContain('29 March 2027');
    const { log } = await runDays(app, '2027-03-22', '2027-04-02');
    // Cancelled at midnight starting 30 March; that run bills 28 and 29 March (two of the 31 days of 28 Mar – 28
    // Apr), which the suspension left unbilled. Before ADR 388 they were never billed.
    expect(log).toEqual(['2027-03-30 raised, cancelled']);
    const invoices = await rows(
      app,
      `SELECT amount_pence AS amount, service_period_start AS s, service_period_end AS e FROM statement_line_items
        WHERE account_id = $1 AND type = 'invoice' ORDER BY service_period_start`,
      [p.accountId],
    );
    const gap = Math.floor((p.regular * 2) / 31);
    expect(invoices.at(-1)).toEqual({
      amount: gap,
      s: new Date('2027-03-28T00:00:00Z'),
      e: new Date('2027-03-29T23:00:00Z'),
    });
    // Nothing is collected for it: no payment to collect, no debit made; the customer is told to pay it.
    expect(await sandboxPayments()).toEqual([[':1', '2027-03-03', 'charged_back', p.regular]]);
    expect(
      await rows(app, "SELECT status FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at"),
    ).toEqual([{ status: 'REVERSED' }]);
    const final = (await mailText(p.accountId, 'statement-issued')).at(-1);
    expect(final).toContain('until it ended on 29 March 2027');
    expect(final).toContain(
      `£${(gap / 100).toFixed(2)} is still to pay for that cover. Nothing will be collected`,
    );
    // Owed: the debit returned (its whole period was had) and the two days.
    const [after] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(after).toMatchObject({ outstandingAmount: p.regular + gap, accountBalance: p.regular + gap });
    // The policy's standing says both are owed, not that one is "being collected": nothing will collect it.
    const { standing } = (await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`)).body;
    expect(standing).toMatchObject({
      arrears: { amount: p.regular + gap, statementNumbers: [2, 4] },
      pendingCollection: null,
    });
  });

  it('a repeated or tampered payment webhook changes nothing: one payment line', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-03');
    // The sandbox bank's own deliveries go nowhere now: the test sends the confirmation itself.
    await app.database.query("UPDATE sandbox_dd_payments SET webhook_url = 'http://127.0.0.1:9/'");
    const [payment] = await rows(
      app,
      "SELECT id, mandate_id FROM sandbox_dd_payments WHERE status = 'submitted'",
    );
    const secret = (await rows(app, "SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))[0]
      ?.value as string;
    const event = (id: string, action = 'confirmed') =>
      JSON.stringify({
        events: [
          {
            id,
            resource_type: 'payments',
            action,
            links: { payment: payment?.id, mandate: payment?.mandate_id },
            details: { cause: 'payment_confirmed' },
          },
        ],
      });
    const post = (body: string, signature: string) =>
      fetch(`${app.base}/api/gocardless/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-signature': signature },
        body,
      });
    const paymentLines = async () =>
      (
        await rows(
          app,
          "SELECT count(*)::int AS n FROM statement_line_items WHERE account_id = $1 AND type = 'payment' AND sub_type = 'GOCARDLESS'",
          [p.accountId],
        )
      )[0]?.n;

    const confirmed = event('EV_TEST_CONFIRM');
    const tampered = await post(
      confirmed.replace('confirmed', 'failed'),
      signGoCardlessStyle(confirmed, secret),
    );
    expect(tampered.status).toBe(400);
    const forged = await post(confirmed, signGoCardlessStyle(confirmed, 'not-the-secret'));
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${app.base}/api/gocardless/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: confirmed,
    });
    expect(unsigned.status).toBe(400);
    expect(await paymentLines()).toBe(0);
    // A charge back before the app heard the debit was collected (ADR 384): 409 with nothing recorded, so the
    // provider sends it again after the confirmation.
    const chargedBack = event('EV_TEST_CHARGED_BACK', 'charged_back');
    const early = await post(chargedBack, signGoCardlessStyle(chargedBack, secret));
    expect(early.status).toBe(409);

    const results = await Promise.all(
      [1, 2].map(() => post(confirmed, signGoCardlessStyle(confirmed, secret))),
    );
    const acks = await Promise.all(results.map((r) => r.json() as Promise<{ duplicate: boolean }>));
    expect(acks.map((a) => a.duplicate).sort()).toEqual([false, true]);
    const replay = await post(confirmed, signGoCardlessStyle(confirmed, secret));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // Another event about the same payment (a new id) cannot post it twice, nor turn it into a failure.
    for (const other of [event('EV_TEST_CONFIRM_2'), event('EV_TEST_FAIL', 'failed')]) {
      const res = await post(other, signGoCardlessStyle(other, secret));
      expect(await res.json()).toEqual({ received: true, duplicate: false });
    }
    expect(await paymentLines()).toBe(1);
    const [statement] = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statement).toMatchObject({ statementNumber: 2, status: 'settled', amountOutstanding: 0 });
    expect(await mails(p.accountId)).toEqual(['statement-issued', 'payment-taken']);
    // A second run that day submits nothing new.
    await runBillingDay(app.app.services, app.at.now());
    expect((await rows(app, 'SELECT count(*)::int AS n FROM dd_collections'))[0]?.n).toBe(1);

    // The charge back sent again, now the debit is collected: reversed once, however often it comes.
    const again = await Promise.all(
      [1, 2].map(() => post(chargedBack, signGoCardlessStyle(chargedBack, secret))),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const reversals = await rows(
      app,
      "SELECT amount_pence FROM statement_line_items WHERE account_id = $1 AND type = 'payment_reversal'",
      [p.accountId],
    );
    expect(reversals).toEqual([{ amount_pence: p.regular }]);
  });

  it("a payment webhook the app did not acknowledge is sent again on the sandbox bank's next tick", async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-04');
    const [row] = await rows(app, 'SELECT webhook_url FROM sandbox_dd_payments');
    await app.database.query("UPDATE sandbox_dd_payments SET webhook_url = 'http://127.0.0.1:9/'");
    app.at.set('2027-03-05T06:00:00Z');
    const statementOf = async () =>
      (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body[0];
    // Confirmed at the bank, which remembers the app has not heard so (ADR 409); the statement still waits.
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    expect(await sandboxPayments()).toEqual([[':1', '2027-03-03', 'confirmed', p.regular]]);
    expect(await statementOf()).toMatchObject({ statementNumber: 2, status: 'pending' });
    await app.database.query('UPDATE sandbox_dd_payments SET webhook_url = $1', [row?.webhook_url]);
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    expect(await sandboxPayments()).toEqual([[':1', '2027-03-03', 'confirmed', p.regular]]);
    // Heard: nothing more to send.
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(0);
    const [statement] = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statement).toMatchObject({ statementNumber: 2, status: 'settled', amountOutstanding: 0 });
  });

  it('the sandbox bank killed between confirming a payment and sending its event: the next tick sends it (ADR 409)', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-04');
    app.at.set('2027-03-05T06:00:00Z');
    // The tick's one write, as it stands when the process dies before sending: confirmed, the app not yet told.
    await app.database.query(
      `UPDATE sandbox_dd_payments SET status = 'confirmed', untold_from = 'submitted', tells = tells + 1
        WHERE status = 'submitted'`,
    );
    const statementOf = async () =>
      (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body[0];
    expect(await statementOf()).toMatchObject({ statementNumber: 2, status: 'pending' });
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    expect(await statementOf()).toMatchObject({
      statementNumber: 2,
      status: 'settled',
      amountOutstanding: 0,
    });
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(0);
  });

  it('a cancelled mandate is a failed collection on the day the statement is raised, with no provider payment', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await app.database.query(
      "UPDATE payment_methods SET mandate_status = 'CANCELLED' WHERE party_id = $1 AND type = 'BACS_DEBIT'",
      [p.partyId],
    );
    expect((await runDays(app, '2027-01-31', '2027-03-01')).log).toEqual(['2027-02-28 raised, failed']);
    expect(await sandboxPayments()).toEqual([]);
    const [payment] = await rows(
      app,
      "SELECT status, decline_code FROM customer_payments WHERE purpose = 'statement'",
    );
    expect(payment).toEqual({ status: 'FAILED', decline_code: 'no_mandate' });
    expect(await mails(p.accountId)).toEqual(['statement-issued', 'payment-failed']);
    // No debit is promised on a mandate that is gone.
    const [failedMail] = await mailText(p.accountId, 'payment-failed');
    expect(failedMail).toContain('Your Direct Debit instruction is no longer active');
    expect(failedMail).not.toContain('by Direct Debit again');
  });
});

/** A payment event about a sandbox debit, signed as the sandbox bank signs it, sent by the test: its status. */
async function sendPaymentEvent(
  app: BillingApp,
  paymentId: string,
  id: string,
  action: string,
  createdAt?: string,
) {
  const [payment] = await rows(app, 'SELECT mandate_id FROM sandbox_dd_payments WHERE id = $1', [paymentId]);
  const secret = String(
    (await rows(app, "SELECT value FROM app_secrets WHERE name = 'sandbox-dd-webhook'"))[0]?.value,
  );
  const body = JSON.stringify({
    events: [
      {
        id,
        ...(createdAt ? { created_at: createdAt } : {}),
        resource_type: 'payments',
        action,
        links: { payment: paymentId, mandate: payment?.mandate_id },
        details: { cause: action },
      },
    ],
  });
  const res = await fetch(`${app.base}/api/gocardless/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-signature': signGoCardlessStyle(body, secret) },
    body,
  });
  return res.status;
}

describe('a charge back its bank cancels (ADR 390)', () => {
  const paymentsOf = (app: BillingApp) =>
    rows(
      app,
      "SELECT status, decline_code FROM customer_payments WHERE purpose = 'statement' ORDER BY created_at",
    );
  const statementTwo = async (app: BillingApp, p: { staff: string; accountId: string }) =>
    (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body.find(
      (s: { statementNumber: number }) => s.statementNumber === 2,
    );

  it('told twice at once under two ids: the payment posted again once, the customer told once', async () => {
    const { p, app, debitId } = await chargedBack();
    app.at.set('2027-03-12T10:00:00Z');
    const codes = await Promise.all(
      ['EV_TEST_CB_AT_ONCE_1', 'EV_TEST_CB_AT_ONCE_2'].map((id) =>
        sendPaymentEvent(app, debitId, id, 'chargeback_cancelled'),
      ),
    );
    expect(codes).toEqual([200, 200]);
    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: 'chargeback_cancelled' }]);
    const statement = await statementTwo(app, p);
    expect(statement).toMatchObject({ status: 'settled', amountOutstanding: 0 });
    expect(await lineAmounts(p, statement.statementId)).toEqual([
      ['invoice', p.regular],
      ['payment', -p.regular],
      ['payment_reversal', p.regular],
      ['payment', -p.regular],
    ]);
    expect(await mailText(p.accountId, 'payment-charge-back-cancelled')).toHaveLength(1);
  });

  it('the payment stands again: the statement settled, the suspension lifted, told once however often it comes', async () => {
    const { p, app, bank, debitId } = await chargedBack();
    app.at.set('2027-03-12T10:00:00Z');
    expect(await bank.cancelChargeBack(debitId)).toEqual({ cancelled: true, delivered: true });
    // Sent again by the bank (a new event, not the same one): nothing more happens.
    expect(await sendPaymentEvent(app, debitId, 'EV_TEST_CB_CANCELLED_2', 'chargeback_cancelled')).toBe(200);
    expect(await bank.cancelChargeBack(debitId)).toEqual({ cancelled: false, delivered: false });

    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: 'chargeback_cancelled' }]);
    const statement = await statementTwo(app, p);
    expect(statement).toMatchObject({
      status: 'settled',
      subtotalBalance: 0,
      carriedForwardBalance: 0,
      amountOutstanding: 0,
    });
    expect(await lineAmounts(p, statement.statementId)).toEqual([
      ['invoice', p.regular],
      ['payment', -p.regular],
      ['payment_reversal', p.regular],
      ['payment', -p.regular],
    ]);
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
    const told = await mailText(p.accountId, 'payment-charge-back-cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]).toContain(
      `Your bank has cancelled its return of the £${(p.regular / 100).toFixed(2)} Direct Debit`,
    );
    expect(told[0]).toContain('There is nothing more to pay.');
    expect(told[0]).toContain('Your account is no longer suspended.');
    const announced = await rows(
      app,
      "SELECT type FROM partner_events WHERE policy_id = $1 AND type LIKE 'payment.%' ORDER BY seq",
      [p.policyId],
    );
    expect(announced.map((e) => e.type)).toEqual([
      'payment.succeeded',
      'payment.reversed',
      'payment.succeeded',
    ]);
    // A late report of the charge back the bank has since cancelled (raised on 10 Mar) changes nothing.
    expect(
      await sendPaymentEvent(app, debitId, 'EV_TEST_CB_LATE', 'charged_back', '2027-03-10T10:00:00.000Z'),
    ).toBe(200);
    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: 'chargeback_cancelled' }]);
    // The notice is withdrawn: the policy is not cancelled for non-payment, and the next month is collected.
    const { log } = await runDays(app, '2027-03-12', '2027-03-28');
    expect(log).toEqual(['2027-03-28 raised']);
    const [policy] = await rows(app, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).not.toBe('CANCELLED');
    // A new charge back of the same debit, later, is one: reversed again.
    expect(await bank.chargeBack(debitId)).toEqual({ chargedBack: true, delivered: true });
    expect((await paymentsOf(app))[0]).toEqual({
      status: 'REVERSED',
      decline_code: 'authorisation_disputed',
    });
  });

  it('paid again by card, then cancelled once the next debit is on its way: that debit is cancelled, not collected', async () => {
    const { p, app, bank, debitId } = await chargedBack();
    app.at.set('2027-03-11T10:00:00Z');
    const token = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
    await payOnHostedPage((await openSettlePage(app, token, p.accountId)).body.url);
    // 28 Mar: statement 3 raised, its debit made for Thu 1 Apr. 30 Mar: the bank cancels its charge back.
    await runDays(app, '2027-03-11', '2027-03-29');
    expect((await sandboxPayments()).map((s) => [s[1], s[2]])).toEqual([
      ['2027-03-03', 'charged_back'],
      ['2027-04-01', 'pending_submission'],
    ]);
    app.at.set('2027-03-30T10:00:00Z');
    expect(await bank.cancelChargeBack(debitId)).toEqual({ cancelled: true, delivered: true });
    const statements = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statements[0]).toMatchObject({ statementNumber: 3, status: 'settled', amountOutstanding: 0 });
    const [told] = await mailText(p.accountId, 'payment-charge-back-cancelled');
    expect(told).toContain('There is nothing more to pay.');
    // The next run cancels the debit no longer owed before it is submitted (ADR 378): nothing more is taken.
    await runDays(app, '2027-03-31', '2027-04-06');
    expect((await sandboxPayments()).map((s) => s[2])).toEqual(['confirmed', 'cancelled']);
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', outstandingAmount: 0, accountBalance: 0 });
  });

  it('paid again by card meanwhile: the money is a credit the next statement takes off; nothing debited that month', async () => {
    const { p, app, bank, debitId } = await chargedBack();
    app.at.set('2027-03-11T10:00:00Z');
    const token = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
    const session = await openSettlePage(app, token, p.accountId);
    expect(session.status).toBe(200);
    await payOnHostedPage(session.body.url);
    const [paid] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(paid).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    app.at.set('2027-03-12T10:00:00Z');
    expect(await bank.cancelChargeBack(debitId)).toEqual({ cancelled: true, delivered: true });
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({
      accountStatus: 'ACTIVE',
      outstandingAmount: 0,
      accountBalance: -p.regular,
    });
    const [told] = await mailText(p.accountId, 'payment-charge-back-cancelled');
    expect(told).toContain(
      `Your account is £${(p.regular / 100).toFixed(2)} in credit: it will be taken off your next payment, or paid back to you if your cover ends first.`,
    );
    expect(told).not.toContain('suspended');
    // 28 Mar: statement 3 bills the month and takes the credit off; nothing is asked, so no debit is made.
    await runDays(app, '2027-03-12', '2027-04-02');
    const statements = (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)
    ).body;
    expect(statements[0]).toMatchObject({ statementNumber: 3, status: 'settled', amountOutstanding: 0 });
    expect((await sandboxPayments()).map((s) => s[2])).toEqual(['confirmed']);
  });

  it('heard before the charge back itself: 409 with nothing recorded, and taken once the charge back is', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-09');
    const [debit] = await rows(
      app,
      "SELECT id, webhook_url FROM sandbox_dd_payments WHERE status = 'confirmed'",
    );
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    app.at.set('2027-03-10T10:00:00Z');
    // The charge back's event goes astray; the cancellation of it reaches the app first.
    await app.database.query("UPDATE sandbox_dd_payments SET webhook_url = 'http://127.0.0.1:9/'");
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: false });
    await app.database.query('UPDATE sandbox_dd_payments SET webhook_url = $1', [debit?.webhook_url]);
    expect(await bank.cancelChargeBack(String(debit?.id))).toEqual({ cancelled: false, delivered: false });
    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: null }]);
    expect(await mailText(p.accountId, 'payment-charge-back-cancelled')).toEqual([]);
    // The bank sends both again, in order: reversed, then standing again; the account ends as it began.
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
    expect(await bank.cancelChargeBack(String(debit?.id))).toEqual({ cancelled: true, delivered: true });
    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: 'chargeback_cancelled' }]);
    expect(await statementTwo(app, p)).toMatchObject({ status: 'settled', amountOutstanding: 0 });
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
  });

  it('charged back before the app heard it collected: the confirmation is still sent, then the charge back taken (ADR 409)', async () => {
    const p = await ddSubscription(GOOD);
    const app = t as BillingApp;
    await runDays(app, '2027-01-31', '2027-03-04');
    const [debit] = await rows(app, 'SELECT id, webhook_url FROM sandbox_dd_payments');
    const bank = app.app.services.providers.directDebit as SandboxDirectDebit;
    // The confirmation goes astray: confirmed at the bank, untold to the app.
    await app.database.query("UPDATE sandbox_dd_payments SET webhook_url = 'http://127.0.0.1:9/'");
    app.at.set('2027-03-05T06:00:00Z');
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    await app.database.query('UPDATE sandbox_dd_payments SET webhook_url = $1', [debit?.webhook_url]);
    // The payer's bank charges it back: the app has not heard it collected, answers 409 and records nothing.
    app.at.set('2027-03-05T10:00:00Z');
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: false });
    expect(await paymentsOf(app)).toEqual([{ status: 'PENDING', decline_code: null }]);
    // The next tick sends the confirmation all the same; the bank's charge back, sent again, is then taken.
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(1);
    expect(await paymentsOf(app)).toEqual([{ status: 'SETTLED', decline_code: null }]);
    expect(await sandboxPayments()).toEqual([[':1', '2027-03-03', 'charged_back', p.regular]]);
    expect(await bank.chargeBack(String(debit?.id))).toEqual({ chargedBack: true, delivered: true });
    expect(await paymentsOf(app)).toEqual([{ status: 'REVERSED', decline_code: 'authorisation_disputed' }]);
    expect(await advanceSandboxDirectDebit(app.app.services)).toBe(0);
  });

  it('after the policy was cancelled for non-payment: what was paid for the days not had is paid back', async () => {
    const { p, app, bank, debitId } = await chargedBack();
    const { log } = await runDays(app, '2027-03-10', '2027-03-19');
    expect(log).toEqual(['2027-03-18 cancelled']);
    const owed = Math.floor((p.regular * 18) / 28);
    app.at.set('2027-03-22T10:00:00Z');
    expect(await bank.cancelChargeBack(debitId)).toEqual({ cancelled: true, delivered: true });
    const credit = p.regular - owed;
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountBalance: -credit });
    const [told] = await mailText(p.accountId, 'payment-charge-back-cancelled');
    expect(told).toContain(`in credit: we will pay it back to you.`);
    expect(told).not.toContain('suspended');
    expect(told).toContain('Your policy stays cancelled: this payment does not restart your cover');
    const [policy] = await rows(app, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).toBe('CANCELLED');
    // The hourly job pays the credit back (by GoCardless, against the debit that stands again).
    app.at.set('2027-03-22T11:17:00Z');
    await payOutPendingRefunds(app.app.services);
    const refunds = await rows(
      app,
      "SELECT amount_pence, status FROM statement_line_items WHERE account_id = $1 AND type = 'refund'",
      [p.accountId],
    );
    expect(refunds.map((r) => r.amount_pence)).toEqual([credit]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });
});
