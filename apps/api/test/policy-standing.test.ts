import { londonMidnightOf } from '@forecourt/domain/calendar/london';
import { addDaysIso, addYearsIso } from '@forecourt/domain/dates';
import { afterEach, describe, expect, it } from 'vitest';
import { runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { advanceSandboxDirectDebit } from '../src/providers/direct-debit/sandbox.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  payFirstByPhone,
  runDays,
  withMandate,
} from './billing-helpers.ts';
import { api, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

/**
 * Where a policy stands (issue 28, ADR 352): GET /api/policies and GET /api/policies/{id} carry one
 * server-computed `standing`, built here through the real operations (purchase, billing run, the sandbox
 * bank, cancellation, renewal invitation) with the injectable clock.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const app = () => t as BillingApp;

const standingOf = async (token: string, policyId: string) => {
  const one = await api(app().base, token, 'GET', `/api/policies/${policyId}`);
  expect(one.status).toBe(200);
  const list = await api(app().base, token, 'GET', '/api/policies');
  // The list and the policy page read the same view.
  expect(list.body.find((p: { policyId: string }) => p.policyId === policyId)?.standing).toEqual(
    one.body.standing,
  );
  return one.body.standing;
};
const estimate = async (token: string, accountId: string) =>
  (await api(app().base, token, 'GET', `/api/customerAccounts/${accountId}/nextStatementEstimate`)).body;
const londonDay = (iso: string) => londonMidnightOf(iso).toISOString();
const statementsOf = async (token: string, accountId: string) =>
  (await api(app().base, token, 'GET', `/api/customerAccounts/${accountId}/statements`)).body as {
    statementNumber: number;
    status: string;
    amountOutstanding: number;
    statementBalance: number;
    subtotalBalance: number;
    paymentDueAt: string;
  }[];

/** The customer (staff acting for them) cancels, at once or from `effectiveAt`, and confirms it. */
async function cancel(p: { staff: string; policyId: string }, reason: string, effectiveAt?: string) {
  const made = await api(app().base, p.staff, 'POST', '/api/policyAdjustments', {
    adjustmentType: 'CANCELLATION',
    policyId: p.policyId,
    changes: [],
    reason,
    ...(effectiveAt ? { effectiveAt } : {}),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const done = await api(
    app().base,
    p.staff,
    'POST',
    `/api/policyAdjustments/${made.body.adjustmentId}/commit`,
  );
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

describe('arrears and a collection in flight (defect 1)', () => {
  it('a Direct Debit statement being collected is pending, not arrears; the next payment is one month', async () => {
    t = await billingApp('2027-01-30T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const p = await buySubscription(t, '2027-01-31', 'tok_visa', withMandate(t.base, '55779911'));
    await runDays(t, '2027-01-31', '2027-03-01');
    // Statement 2 raised Sun 28 Feb, charged Wed 3 Mar (three working days after its notice): in flight.
    const s = await standingOf(p.staff, p.policyId);
    expect(s).toMatchObject({
      headline: 'pendingCollection',
      arrears: null,
      pendingCollection: { amount: p.regular, chargeAt: londonDay('2027-03-03'), statementNumbers: [2] },
      // Statement 3 is raised Sun 28 Mar; Easter Monday is no working day: charged Thu 1 April.
      nextPayment: { amount: p.regular, dueAt: londonDay('2027-04-01'), method: 'BACS_DEBIT' },
    });
    expect(s.facts).not.toContain('arrears');
    // The estimate endpoint is the same computation: one month, not the one in flight as well.
    expect(await estimate(p.staff, p.accountId)).toMatchObject({
      amount: p.regular,
      paymentDueAt: londonDay('2027-04-01'),
    });
    // What the view announced is what the run raises and when the bank collects it.
    await runDays(t, '2027-03-02', '2027-03-29');
    const third = (await statementsOf(p.staff, p.accountId)).find((x) => x.statementNumber === 3);
    expect(third).toMatchObject({ amountOutstanding: p.regular, paymentDueAt: londonDay('2027-04-01') });
  }, 120_000);

  it('a failed card statement is arrears, with its amount', async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_laterInsufficientFunds');
    await runDays(t, '2027-02-27', '2027-02-28');
    const s = await standingOf(p.staff, p.policyId);
    expect(s).toMatchObject({
      headline: 'arrears',
      arrears: { amount: p.regular, statementNumbers: [2] },
      pendingCollection: null,
    });
    // The next statement asks for its own month; the failed one is retried on its own.
    expect(s.nextPayment).toMatchObject({ amount: p.regular, method: 'CARD' });
    // Months before its renewal is offered, the arrears do not put it in doubt: that is said once it is (ADR 400).
    expect(s.renewal).toMatchObject({ state: 'automatic' });
  }, 120_000);
});

describe('a cancellation set (defects 3 and 4)', () => {
  it('ending: no renewal, and the next payment is only the days on cover, as the run then charges', async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31');
    t.at.set('2027-02-20T10:00:00Z');
    await cancel(p, 'SoldNR', '2027-03-05T00:00:00.000Z');
    const s = await standingOf(p.staff, p.policyId);
    expect(s).toMatchObject({
      headline: 'ending',
      ending: { endsAt: '2027-03-05T00:00:00.000Z' },
      renewal: null,
      nextPayment: {
        dueAt: londonDay('2027-02-28'),
        method: 'CARD',
        coverEndsAt: '2027-03-05T00:00:00.000Z',
      },
    });
    expect(s.facts).not.toContain('renewing');
    // 28 Feb to 5 Mar: 5 of the month's 28 days, far less than a month.
    expect(s.nextPayment.amount).toBeGreaterThan(0);
    expect(s.nextPayment.amount).toBeLessThan(p.regular / 4);
    expect(await estimate(p.staff, p.accountId)).toMatchObject({
      amount: s.nextPayment.amount,
      paymentDueAt: s.nextPayment.dueAt,
    });
    await runDays(t, '2027-02-21', '2027-02-28');
    // The statement raised on 28 Feb invoices exactly that, and the card pays it.
    const lines = await rows(
      t,
      `SELECT l.type, l.amount_pence FROM statement_line_items l JOIN statements s ON s.id = l.statement_id
        WHERE l.account_id = $1 AND s.payment_due_at = $2 ORDER BY l.created_at`,
      [p.accountId, s.nextPayment.dueAt],
    );
    expect(lines.map((l) => [l.type, l.amount_pence])).toEqual([
      ['invoice', s.nextPayment.amount],
      ['payment', -s.nextPayment.amount],
    ]);
    // Nothing more after it: cover ends before the next payment date.
    expect((await standingOf(p.staff, p.policyId)).nextPayment).toBeNull();
  }, 120_000);
});

describe('a pending policy cancelled in cooling-off (defect 5)', () => {
  it('will not start: never started, no next payment, no renewal', async () => {
    t = await billingApp('2027-01-20T12:00:00Z');
    const p = await buySubscription(t, '2027-01-27');
    await cancel(p, 'Price');
    const s = await standingOf(p.staff, p.policyId);
    expect(s).toMatchObject({
      headline: 'notStarting',
      ended: { status: 'CANCELLED', neverStarted: true },
      ending: null,
      renewal: null,
      nextPayment: null,
    });
    // The first payment goes back in full, and the pages say by when it should reach the card (ADR 405): ten
    // working days after 20 January 2027 is 3 February.
    expect(s.payingBack).toEqual({
      state: 'onItsWay',
      amount: p.first,
      method: 'CARD',
      reachesBy: '2027-02-03T00:00:00.000Z',
    });
  }, 120_000);
});

describe('a referred renewal (defect 6)', () => {
  it('says referred, not "renews automatically", once the invitation refers it', async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const v = await visitor(t.app);
    // The policyholder turns 86 ten days before the anniversary: the renewal needs an underwriter.
    const born = addYearsIso(addDaysIso('2028-01-31', -10), -86);
    const { code } = await ratedProposal(v, (d) => {
      d.quote.startDate = '2027-01-31';
      d.profiles[0]!.data.dateOfBirth = born;
      d.profiles[0]!.data.drivingLicence.validFrom = addYearsIso(born, 18);
    });
    expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
    const { staff } = await payFirstByPhone(t, v, code);
    const [policy] = await rows(t, 'SELECT id FROM policies WHERE proposal_code = $1', [code]);
    const policyId = String(policy?.id);
    expect(await standingOf(staff, policyId)).toMatchObject({
      headline: 'starting',
      renewal: { state: 'automatic', anniversaryAt: londonDay('2028-01-31') },
    });
    t.at.set('2028-01-10T06:00:00Z');
    const invited = await runRenewalInvitations(t.app.services, t.at.now());
    expect(invited.find((i) => i.policyId === policyId)?.outcome).toBe('REFERRED');
    const s = await standingOf(staff, policyId);
    expect(s).toMatchObject({
      headline: 'referred',
      renewal: { state: 'referred', anniversaryAt: londonDay('2028-01-31') },
    });
    expect(s.facts).not.toContain('renewing');
  }, 120_000);
});

describe('Direct Debit timing (defect 13)', () => {
  it('a switch to Direct Debit before a bank holiday: the first collection is three working days after the notice', async () => {
    t = await billingApp('2027-07-26T12:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
    const p = await buySubscription(t, '2027-07-27');
    const account = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body[0];
    expect(account.paymentDay).toBe(27);
    await runDays(t, '2027-07-27', '2027-07-27');
    // Thu 26 Aug: the customer sets up a Direct Debit from the billing tab; the bank approves the mandate.
    t.at.set('2027-08-26T10:00:00Z');
    const flow = await api(t.base, p.staff, 'POST', '/api/gocardless/flows', {
      mandateDescription: 'Monthly car insurance',
      successUrl: `${t.base}/`,
      clientReference: p.accountId,
    });
    expect(flow.status).toBe(200);
    const given = await submitForm(flow.body.redirectUrl, {
      accountHolder: 'Sam Driver',
      sortCode: '20-00-00',
      accountNumber: '55779911',
    });
    expect(given.status).toBe(303);
    const mandate = await api(t.base, p.staff, 'POST', '/api/gocardless/mandates', {
      redirectFlowId: flow.body.redirectFlowId,
    });
    expect(mandate.status).toBe(200);
    for (let i = 0; i < 50; i++) {
      const a = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body[0];
      if (a.paymentMethodType === 'BACS_DEBIT') break;
      await advanceSandboxDirectDebit(t.app.services);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Fri 27 Aug is the payment date: the notice goes then; Mon 30 Aug is the summer bank holiday, so the
    // third working day after it is Thu 2 Sep, not the 27th.
    const s = await standingOf(p.staff, p.policyId);
    expect(s.nextPayment).toMatchObject({
      amount: p.regular,
      dueAt: londonDay('2027-09-02'),
      method: 'BACS_DEBIT',
    });
    await runDays(t, '2027-08-27', '2027-08-27');
    const raised = (await statementsOf(p.staff, p.accountId)).find((x) => x.statementNumber === 2);
    expect(raised).toMatchObject({ status: 'pending', paymentDueAt: s.nextPayment.dueAt });
    const [dd] = await rows(t, 'SELECT charge_date::text AS charge FROM sandbox_dd_payments');
    expect(dd?.charge).toBe('2027-09-02');
  }, 120_000);
});
