import { londonMidnightOf } from '@forecourt/domain/calendar/london';
import { addWorkingDaysIso } from '@forecourt/domain/calendar/working-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { payOutPendingRefunds } from '../src/modules/billing/refund-payout.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import type { SandboxCardPayments } from '../src/providers/card-payments/sandbox.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  disputeStatementPayment,
  openSettlePage,
  owedOnStatements,
  payOnHostedPage,
  runDays,
  staffChange,
  statementPaymentReference,
  withMandate,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * ADR 393: a term that ran to its end closes its account. A change staff make in the term's last weeks, after
 * its last statement, posts a journal on the draft that waited for a next statement that never came: a cheaper
 * one left the customer's money held for ever (the simulation's oracle found £1.78 on a lapsed policy and on a
 * renewed one), a dearer one was never asked for. Three monthly policies live one year together:
 * - `lapsing`: auto-renewal off, made cheaper on 20 December;
 * - `renewing`: auto-renewal on, made cheaper on 20 December;
 * - `dearer`: auto-renewal off once invited (its renewal quote open after it lapses), made dearer on 20 December;
 * - `disputed`: auto-renewal off, made cheaper on 20 December, its twelfth payment disputed on 5 January;
 * - `byDebit`: paying by Direct Debit, auto-renewal off, made cheaper on 20 December;
 * - `refundFails`: as `byDebit`, from a bank account whose refunds fail (the sandbox's 55779933);
 * - `paidTwice`: auto-renewal off, no change; its twelfth payment disputed on 5 January and paid again from the
 *   Billing tab on 6 January, the dispute decided for the insurer after the policy lapsed.
 */
let t: BillingApp;
type Sub = Awaited<ReturnType<typeof buySubscription>>;
let lapsing: Sub;
let renewing: Sub;
let dearer: Sub;
let disputed: Sub;
let byDebit: Sub;
let refundFails: Sub;
let paidTwice: Sub;
const change = { lapsing: 0, renewing: 0, dearer: 0, disputed: 0, byDebit: 0, refundFails: 0 };

const statementsOf = (sub: Sub) =>
  rows(
    t,
    `SELECT statement_number AS n, kind, status, final, subtotal_pence AS subtotal,
            carried_forward_pence AS carried, amount_outstanding_pence AS outstanding FROM statements WHERE account_id = $1 ORDER BY statement_number`,
    [sub.accountId],
  );
const balanceOf = async (sub: Sub) =>
  Number(
    (
      await rows(
        t,
        "SELECT coalesce(sum(amount_pence), 0)::int AS b FROM statement_line_items WHERE account_id = $1 AND status = 'POSTED'",
        [sub.accountId],
      )
    )[0]?.b,
  );
/** What the customer's pages are told of money owed back to them (ADR 405): the policy's standing. */
const payingBackOf = async (sub: Sub) => {
  const token = (await signAnonymousToken(t.app.services, sub.partyId)).accessToken;
  const one = await api(t.base, token, 'GET', `/api/policies/${sub.policyId}`);
  const listed = (await api(t.base, token, 'GET', '/api/policies')).body.find(
    (p: { policyId: string }) => p.policyId === sub.policyId,
  );
  // Home's list and the policy page tell the same.
  expect(listed?.standing?.payingBack).toEqual(one.body.standing.payingBack);
  return one.body.standing.payingBack;
};
/** The last working day a refund asked on `at` should reach the customer: ten working days on (spec 2 §3). */
const tenWorkingDaysOn = (at: string) => londonMidnightOf(addWorkingDaysIso(at, 10)).toISOString();
/** The e-mails of one kind to the account: the final statement's by default. */
const mails = (sub: Sub, kind = 'account-closed') =>
  rows(t, "SELECT subject, body FROM outbox WHERE payload->>'kind' = $2 AND payload->>'accountId' = $1", [
    sub.accountId,
    kind,
  ]);
/** The account's refund lines, oldest first: the columns named. */
const refundLinesOf = (sub: Sub, columns: string) =>
  rows(
    t,
    `SELECT ${columns} FROM statement_line_items WHERE account_id = $1 AND type = 'refund' ORDER BY created_at`,
    [sub.accountId],
  );
/** The refunds paid to the customer's payments at the provider. */
const paidAtProvider = (sub: Sub) =>
  rows(
    t,
    `SELECT r.amount_pence FROM payment_refunds r JOIN customer_payments p ON p.id = r.customer_payment_id
      WHERE p.party_id = $1`,
    [sub.partyId],
  );

beforeAll(async () => {
  t = await billingApp('2027-01-10T09:00:00Z', { env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' } });
  lapsing = await buySubscription(t, '2027-01-10');
  renewing = await buySubscription(t, '2027-01-10');
  dearer = await buySubscription(t, '2027-01-10');
  disputed = await buySubscription(t, '2027-01-10');
  byDebit = await buySubscription(t, '2027-01-10', 'tok_visa', withMandate(t.base, '55779911'));
  refundFails = await buySubscription(t, '2027-01-10', 'tok_visa', withMandate(t.base, '55779933'));
  paidTwice = await buySubscription(t, '2027-01-10');
  for (const sub of [lapsing, disputed, byDebit, refundFails, paidTwice]) {
    const out = await api(t.base, sub.v.token, 'PUT', `/api/policies/${sub.policyId}/autoRenewal`, {
      enabled: false,
      reason: 'Price',
    });
    expect(out.status).toBe(200);
  }
  await runDays(t, '2027-01-11', '2027-12-09');
  await runDays(t, '2027-12-10', '2027-12-14');
  t.at.set('2027-12-15T06:00:00Z');
  await runRenewalInvitations(t.app.services, t.at.now());
  // `dearer` opts out once invited: its renewal quote stays open for take-up after it lapses (ADR 335).
  const optedOut = await api(t.base, dearer.staff, 'PUT', `/api/policies/${dearer.policyId}/autoRenewal`, {
    enabled: false,
    reason: 'Price',
  });
  expect(optedOut.status, JSON.stringify(optedOut.body)).toBe(200);
  await runDays(t, '2027-12-15', '2027-12-19');
  // Every statement of the year is raised and paid (the twelfth on 10 December); then the changes.
  t.at.set('2027-12-20T11:00:00Z');
  change.lapsing = await staffChange(t, lapsing, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }]);
  change.renewing = await staffChange(t, renewing, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }]);
  change.dearer = await staffChange(t, dearer, [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }]);
  change.disputed = await staffChange(t, disputed, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }]);
  change.byDebit = await staffChange(t, byDebit, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }]);
  change.refundFails = await staffChange(t, refundFails, [
    { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 },
  ]);
  await runDays(t, '2027-12-20', '2028-01-04');
  // The cardholder disputes the twelfth month's payment: its statement is owed again, with a notice that runs past
  // the expiry (ADR 392).
  t.at.set('2028-01-05T10:00:00Z');
  await disputeStatementPayment(t, disputed.accountId, 12);
  await disputeStatementPayment(t, paidTwice.accountId, 12);
  // `paidTwice` pays the disputed month again from the Billing tab the next day.
  t.at.set('2028-01-06T10:00:00Z');
  const customer = (await signAnonymousToken(t.app.services, paidTwice.partyId)).accessToken;
  const settle = await openSettlePage(t, customer, paidTwice.accountId);
  expect(settle.status, JSON.stringify(settle.body)).toBe(200);
  await payOnHostedPage(settle.body.url);
  const twelfthOf = async () => (await statementsOf(paidTwice)).find((x) => x.n === 12)?.status;
  for (let i = 0; i < 300 && (await twelfthOf()) !== 'settled'; i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(await twelfthOf()).toBe('settled');
  await runDays(t, '2028-01-06', '2028-01-09');
  const [policy] = await rows(t, 'SELECT expired_at FROM policies WHERE id = $1', [lapsing.policyId]);
  t.at.set(new Date(new Date(String(policy?.expired_at)).getTime() + 3_600_000).toISOString());
  const ended = await runAnniversaries(t.app.services, t.at.now());
  expect(ended.map((e) => [e.policyId, e.outcome]).sort()).toEqual(
    [
      [lapsing.policyId, 'LAPSED'],
      [renewing.policyId, 'RENEWED'],
      [dearer.policyId, 'LAPSED'],
      [disputed.policyId, 'LAPSED'],
      [byDebit.policyId, 'LAPSED'],
      [refundFails.policyId, 'LAPSED'],
      [paidTwice.policyId, 'LAPSED'],
    ].sort(),
  );
}, 180_000);
afterAll(() => t?.close());

describe('the account of a term that ran to its end (ADR 393)', () => {
  it('before the hourly job: each change waits on a draft no statement will raise', async () => {
    expect(change.lapsing).toBeLessThan(0);
    expect(change.renewing).toBeLessThan(0);
    expect(change.dearer).toBeGreaterThan(0);
    expect(change.byDebit).toBeLessThan(0);
    expect(change.refundFails).toBeLessThan(0);
    for (const sub of [lapsing, renewing, dearer, disputed, byDebit, refundFails]) {
      const list = await statementsOf(sub);
      expect(list).toHaveLength(13);
      expect(list.at(-1)).toMatchObject({ n: 13, status: 'draft', final: false });
    }
    expect(await balanceOf(lapsing)).toBe(change.lapsing);
  });

  it('a lapsed policy made cheaper: its final statement closes the account and the credit goes back to the card, once', async () => {
    await Promise.all([payOutPendingRefunds(t.app.services), payOutPendingRefunds(t.app.services)]);
    await payOutPendingRefunds(t.app.services);
    const list = await statementsOf(lapsing);
    expect(list).toHaveLength(13);
    expect(list.at(-1)).toMatchObject({
      n: 13,
      kind: 'closing',
      status: 'settled',
      final: true,
      // The change's credit and its refund, which leave nothing (the refund line is counted in its figures).
      subtotal: 0,
      carried: 0,
      outstanding: 0,
    });
    const refunds = await refundLinesOf(lapsing, 'status, amount_pence, sub_type');
    expect(refunds).toEqual([{ status: 'POSTED', amount_pence: -change.lapsing, sub_type: 'STRIPE' }]);
    // Paid back at the card provider: one refund of the credit.
    const paid = await paidAtProvider(lapsing);
    expect(paid.map((r) => Number(r.amount_pence))).toEqual([-change.lapsing]);
    expect(await balanceOf(lapsing)).toBe(0);
    // The pages say it is on its way back to the card, and by when it should arrive (ADR 405).
    const [asked] = await refundLinesOf(lapsing, 'effective_at');
    expect(await payingBackOf(lapsing)).toEqual({
      state: 'onItsWay',
      amount: -change.lapsing,
      method: 'CARD',
      reachesBy: tenWorkingDaysOn(new Date(String(asked?.effective_at)).toISOString()),
    });
    // The dearer policy is owed nothing back: nothing is said.
    expect(await payingBackOf(dearer)).toBeNull();
    const told = await mails(lapsing);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^Your final statement/);
    expect(told[0]?.body).toContain('your final statement 13 closes its account');
    expect(told[0]?.body).toContain(
      `Your account is £${(-change.lapsing / 100).toFixed(2)} in credit: we will pay it back to you`,
    );
    // The customer's Billing tab lists it with the rest, newest first.
    const listed = await api(
      t.base,
      lapsing.staff,
      'GET',
      `/api/customerAccounts/${lapsing.accountId}/statements`,
    );
    expect(listed.body.map((s: { statementNumber: number }) => s.statementNumber)[0]).toBe(13);
  });

  it('a renewed policy made cheaper: the old year’s account is closed and its credit paid back; the renewed year is billed in full', async () => {
    const list = await statementsOf(renewing);
    expect(list.at(-1)).toMatchObject({ n: 13, kind: 'closing', status: 'settled', final: true });
    expect(await balanceOf(renewing)).toBe(0);
    expect((await mails(renewing))[0]?.body).toContain('Your renewed policy has an account of its own');
    // The successor's first month, raised by the billing run, is its own price and is taken in full: nothing
    // of the old year's credit is carried into it (paid back instead).
    await runDays(t, '2028-01-10', '2028-01-11');
    const successor = await rows(
      t,
      `SELECT l.type, l.amount_pence FROM statement_line_items l JOIN customer_accounts a ON a.id = l.account_id
         JOIN policies p ON p.id = a.policy_id WHERE p.previous_policy_id = $1 ORDER BY l.created_at`,
      [renewing.policyId],
    );
    expect(successor.map((l) => l.type)).toEqual(['invoice', 'payment']);
    expect(Number(successor[0]?.amount_pence)).toBeGreaterThan(0);
    expect(Number(successor[1]?.amount_pence)).toBe(-Number(successor[0]?.amount_pence));
  });

  it('a lapsed policy made dearer: the change is asked for on the final statement, not collected, and can be paid from the Billing tab', async () => {
    const list = await statementsOf(dearer);
    expect(list.at(-1)).toMatchObject({
      n: 13,
      kind: 'closing',
      status: 'pending',
      final: true,
      subtotal: change.dearer,
      outstanding: change.dearer,
    });
    const told = await mails(dearer);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(
      `£${(change.dearer / 100).toFixed(2)} is still to pay for your cover: please pay it from the Billing tab`,
    );
    // Days of billing runs collect nothing from an ended account.
    await runDays(t, '2028-01-12', '2028-01-14');
    expect((await statementsOf(dearer)).at(-1)).toMatchObject({
      status: 'pending',
      outstanding: change.dearer,
    });
    // The customer pays it on the hosted page.
    const token = (await signAnonymousToken(t.app.services, dearer.partyId)).accessToken;
    const [shown] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(shown).toMatchObject({ outstandingAmount: change.dearer });
    // Where the policy stands says why: money still to pay for cover that has ended.
    const policy = await api(t.base, token, 'GET', `/api/policies/${dearer.policyId}`);
    expect(policy.body.standing.arrears).toEqual({
      amount: change.dearer,
      statementNumbers: [13],
      why: 'ended',
    });
    // While it is owed, the renewal quote cannot be taken up (spec 2 §8: an outstanding balance blocks
    // activation, ADR 397): neither offered nor taken, nothing charged.
    const offer = `/api/policies/${dearer.policyId}/renewal/takeUp`;
    const optIn = () =>
      api(t.base, token, 'PUT', `/api/policies/${dearer.policyId}/autoRenewal`, { enabled: true });
    for (const refused of [await api(t.base, token, 'GET', offer), await optIn()]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.details).toEqual({ reason: 'OUTSTANDING_BALANCE', amount: change.dearer });
      expect(refused.body.message).toContain(`£${(change.dearer / 100).toFixed(2)} is outstanding`);
    }
    const successors = () =>
      rows(t, 'SELECT id FROM policies WHERE previous_policy_id = $1', [dearer.policyId]);
    expect(await successors()).toEqual([]);
    const page = await openSettlePage(t, token, dearer.accountId);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(await (await fetch(page.body.url)).text()).toContain(`£${(change.dearer / 100).toFixed(2)}`);
    await payOnHostedPage(page.body.url);
    await expect
      .poll(async () => (await statementsOf(dearer)).at(-1)?.status, { timeout: 30_000 })
      .toBe('settled');
    expect(await balanceOf(dearer)).toBe(0);
    // Paid: the renewal is offered and taken up.
    expect((await api(t.base, token, 'GET', offer)).status).toBe(200);
    const taken = await optIn();
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await successors()).toHaveLength(1);
    // Closed once: the hourly job makes no second final statement.
    await payOutPendingRefunds(t.app.services);
    expect(await statementsOf(dearer)).toHaveLength(13);
  });

  it('a lapsed policy paying by Direct Debit made cheaper: its credit goes back by Direct Debit refund, once', async () => {
    const list = await statementsOf(byDebit);
    expect(list.at(-1)).toMatchObject({
      n: 13,
      kind: 'closing',
      status: 'settled',
      final: true,
      outstanding: 0,
    });
    expect((await mails(byDebit))[0]?.body).toContain(
      `Your account is £${(-change.byDebit / 100).toFixed(2)} in credit: we will pay it back to you, the way you paid.`,
    );
    const refundsOf = () => refundLinesOf(byDebit, 'status, amount_pence, sub_type');
    // Asked of GoCardless against the last debit, and paid three working days later (the sandbox bank's days).
    expect(await refundsOf()).toEqual([
      {
        status: expect.stringMatching(/^(PENDING|POSTED)$/),
        amount_pence: -change.byDebit,
        sub_type: 'GOCARDLESS',
      },
    ]);
    await runDays(t, '2028-01-15', '2028-01-20');
    await Promise.all([payOutPendingRefunds(t.app.services), payOutPendingRefunds(t.app.services)]);
    expect(await refundsOf()).toEqual([
      { status: 'POSTED', amount_pence: -change.byDebit, sub_type: 'GOCARDLESS' },
    ]);
    const paidBack = await rows(
      t,
      `SELECT r.method, r.amount_pence, r.status FROM payment_refunds r
         JOIN customer_payments p ON p.id = r.customer_payment_id WHERE p.party_id = $1`,
      [byDebit.partyId],
    );
    expect(paidBack.map((r) => [r.method, Number(r.amount_pence), r.status])).toEqual([
      ['BACS_DEBIT', -change.byDebit, 'paid'],
    ]);
    expect(await balanceOf(byDebit)).toBe(0);
    expect(await mails(byDebit)).toHaveLength(1);
    expect(await payingBackOf(byDebit)).toMatchObject({
      state: 'onItsWay',
      amount: -change.byDebit,
      method: 'BACS_DEBIT',
    });
  });

  it('a Direct Debit refund that fails: the credit is held, and the pages ask the customer to call us (ADR 405)', async () => {
    const refundsOf = () => refundLinesOf(refundFails, 'status, amount_pence');
    // The bank failed it (the sandbox's days ran in the test before): the account holds the credit again.
    expect(await refundsOf()).toEqual([{ status: 'FAILED', amount_pence: -change.refundFails }]);
    expect(await balanceOf(refundFails)).toBe(change.refundFails);
    expect(await payingBackOf(refundFails)).toEqual({
      state: 'held',
      amount: -change.refundFails,
      method: 'BACS_DEBIT',
      reachesBy: null,
    });
    // The job leaves a failed refund to staff: nothing asked again, and the pages keep saying so.
    await payOutPendingRefunds(t.app.services);
    expect(await refundsOf()).toHaveLength(1);
    expect((await payingBackOf(refundFails))?.state).toBe('held');
    // The e-mail said it would be paid back; the next one says it was not, and asks for a call.
    const told = await mails(refundFails, 'refund-failed');
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/^We could not pay your money back/);
    expect(told[0]?.body).toContain('Please call us and we will pay it back to you.');
    expect(await mails(byDebit, 'refund-failed')).toEqual([]);
  });

  it('a lapsed policy made cheaper whose last payment was disputed: the credit clears what the statement asks, and the rest only is asked for, nothing refunded', async () => {
    const list = await statementsOf(disputed);
    const twelfth = list.find((x) => x.n === 12);
    const owed = disputed.regular + change.disputed;
    expect(list.at(-1)).toMatchObject({
      n: 13,
      kind: 'closing',
      status: 'settled',
      final: true,
      outstanding: 0,
    });
    expect(twelfth).toMatchObject({ status: 'failed', outstanding: owed });
    expect(await balanceOf(disputed)).toBe(owed);
    const refunds = await refundLinesOf(disputed, '1');
    expect(refunds).toEqual([]);
    expect((await mails(disputed))[0]?.body).toContain(
      `£${(owed / 100).toFixed(2)} is still to pay for your cover: please pay it from the Billing tab`,
    );
    const token = (await signAnonymousToken(t.app.services, disputed.partyId)).accessToken;
    const [shown] = (await api(t.base, token, 'GET', '/api/customerAccounts')).body;
    expect(shown).toMatchObject({ outstandingAmount: owed });
    // The dispute is then decided for the insurer: the payment stands, and the e-mail says the policy has ended
    // (it lapsed: "stays cancelled" would be untrue, ADR 396).
    const card = t.app.services.providers.cardPayments as SandboxCardPayments;
    const twelfthPayment = await statementPaymentReference(t, disputed.accountId, 12);
    expect((await card.reinstateDispute(twelfthPayment)).delivered).toBe(true);
    const [won] = await rows(
      t,
      "SELECT body FROM outbox WHERE payload->>'kind' = 'payment-dispute-won' AND payload->>'accountId' = $1",
      [disputed.accountId],
    );
    expect(won?.body).toContain(
      'Your policy has ended: this payment does not restart your cover, and you are not insured under it to drive the vehicle.',
    );
    expect(won?.body).not.toContain('cancelled');
    // The payment standing again leaves the account in credit by the change: paid back to the card, once.
    expect(await balanceOf(disputed)).toBe(change.disputed);
    await Promise.all([payOutPendingRefunds(t.app.services), payOutPendingRefunds(t.app.services)]);
    t.at.set(new Date(t.at.now().getTime() + 2 * 3_600_000).toISOString());
    await payOutPendingRefunds(t.app.services);
    const paidBack = await refundLinesOf(disputed, 'status, amount_pence');
    expect(paidBack).toEqual([{ status: 'POSTED', amount_pence: -change.disputed }]);
    expect(await balanceOf(disputed)).toBe(0);
    expect(await owedOnStatements(t, disputed.accountId)).toBe(0);
  });

  it('a lapsed policy whose disputed month was paid again, the dispute then won: the second payment is paid back on a final statement, once', async () => {
    // Paid again before the expiry: nothing held at the lapse, so nothing to close.
    expect(await balanceOf(paidTwice)).toBe(0);
    expect((await statementsOf(paidTwice)).some((x) => x.final)).toBe(false);
    expect(await mails(paidTwice)).toEqual([]);
    // Decided for the insurer after the lapse: the issuer gives the first payment back, so the month is paid twice.
    const card = t.app.services.providers.cardPayments as SandboxCardPayments;
    const twelfthPayment = await statementPaymentReference(t, paidTwice.accountId, 12);
    expect(await payingBackOf(paidTwice)).toBeNull();
    expect((await card.reinstateDispute(twelfthPayment)).delivered).toBe(true);
    expect(await balanceOf(paidTwice)).toBe(-paidTwice.regular);
    // Until the hourly job, the pages say the credit is held and will be paid back (ADR 405).
    expect(await payingBackOf(paidTwice)).toEqual({
      state: 'toPayBack',
      amount: paidTwice.regular,
      method: null,
      reachesBy: null,
    });
    // The hourly job: a closing statement, settled as it is made, holds the refund of the month paid twice.
    await Promise.all([payOutPendingRefunds(t.app.services), payOutPendingRefunds(t.app.services)]);
    t.at.set(new Date(t.at.now().getTime() + 2 * 3_600_000).toISOString());
    await payOutPendingRefunds(t.app.services);
    const closing = (await statementsOf(paidTwice)).filter((x) => x.final);
    expect(closing).toEqual([
      expect.objectContaining({ kind: 'closing', status: 'settled', outstanding: 0 }),
    ]);
    const refunds = await refundLinesOf(paidTwice, 'status, amount_pence, sub_type');
    expect(refunds).toEqual([{ status: 'POSTED', amount_pence: paidTwice.regular, sub_type: 'STRIPE' }]);
    const paid = await paidAtProvider(paidTwice);
    expect(paid.map((r) => Number(r.amount_pence))).toEqual([paidTwice.regular]);
    expect(await balanceOf(paidTwice)).toBe(0);
    const told = await mails(paidTwice);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(
      `Your account is £${(paidTwice.regular / 100).toFixed(2)} in credit: we will pay it back to you, the way you paid.`,
    );
    expect(await payingBackOf(paidTwice)).toMatchObject({
      state: 'onItsWay',
      amount: paidTwice.regular,
      method: 'CARD',
    });
  });

  it('once a refund has had its ten working days, nothing more is said of it; a held credit is still told (ADR 405)', async () => {
    const [asked] = await refundLinesOf(lapsing, 'effective_at');
    const by = tenWorkingDaysOn(new Date(String(asked?.effective_at)).toISOString());
    // The last day it should arrive: still told; the next day: not.
    t.at.set(new Date(new Date(by).getTime() + 23 * 3_600_000).toISOString());
    expect((await payingBackOf(lapsing))?.state).toBe('onItsWay');
    t.at.set(new Date(new Date(by).getTime() + 25 * 3_600_000).toISOString());
    expect(await payingBackOf(lapsing)).toBeNull();
    expect((await payingBackOf(refundFails))?.state).toBe('held');
  });
});
