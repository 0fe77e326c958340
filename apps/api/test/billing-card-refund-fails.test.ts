import { afterEach, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { ledgerBreaks, payOutPendingRefunds } from '../src/modules/billing/index.ts';
import { advanceSandboxCardRefunds } from '../src/providers/card-payments/sandbox.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  openSettlePage,
  payFirstByPhone,
  postCardEvent,
  runDays,
  staffCancel,
  staffChange,
} from './billing-helpers.ts';
import { api, rows, submitForm } from './payments-helpers.ts';
import { ratedProposal, visitor } from './proposals-helpers.ts';

/**
 * A card refund that fails after it was made (ADR 406), as Stripe's 4000 0000 0000 5126 does: the refund is
 * `succeeded`, then, a working day later, `failed` (`charge.refund.updated`). The money never reached the customer,
 * so the account holds it again, the customer is told once and asked to call, and nothing pays it out again by
 * itself. Lived through the sandbox card provider's signed webhooks, with the injectable clock; on PGlite and,
 * through `npm run test:postgres`, on PostgreSQL.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const REFUND_FAILS = { name: 'Sam Taylor', expiry: '12/34', cvc: '123', postalCode: 'LS1 5HD' };

const refundLines = async (accountId: string) =>
  (
    await rows(
      t as BillingApp,
      `SELECT type, status, amount_pence FROM statement_line_items
        WHERE account_id = $1 AND type IN ('refund', 'refund_reversal') ORDER BY created_at, type`,
      [accountId],
    )
  ).map((r) => [r.type, r.status, r.amount_pence]);
const parts = async () =>
  (
    await rows(
      t as BillingApp,
      'SELECT method, status, amount_pence FROM payment_refunds ORDER BY created_at',
    )
  ).map((r) => [r.method, r.status, r.amount_pence]);
const atProvider = async () =>
  (
    await rows(t as BillingApp, 'SELECT status, amount_pence FROM sandbox_card_refunds ORDER BY created_at')
  ).map((r) => [r.status, r.amount_pence]);
/** What each sandbox refund's app has still to hear of (ADR 409): the last state it was told of, or null. */
const untold = async () =>
  (await rows(t as BillingApp, 'SELECT untold_from FROM sandbox_card_refunds ORDER BY created_at')).map(
    (r) => r.untold_from,
  );
/** The "we could not pay your money back" e-mails to the account (ADR 405): their first sentence. */
const refundFailedMails = async (accountId: string) =>
  (
    await rows(
      t as BillingApp,
      "SELECT body FROM outbox WHERE payload->>'kind' = 'refund-failed' AND payload->>'accountId' = $1",
      [accountId],
    )
  ).map((r) =>
    String(r.body)
      .match(/We tried to pay [^\n]*\n*[^\n]*/)?.[0]
      ?.replace(/\n+/, ' '),
  );
const balance = async (staff: string) =>
  (await api((t as BillingApp).base, staff, 'GET', '/api/customerAccounts')).body[0].accountBalance as number;
const payingBack = async (staff: string, policyId: string) =>
  (await api((t as BillingApp).base, staff, 'GET', `/api/policies/${policyId}`)).body.standing.payingBack;

/** A `charge.refund.updated` for a refund (the sandbox's own, by default failed), signed as the provider would. */
const sendRefundEvent = (id: string, refund: Record<string, unknown>, signature?: string) =>
  postCardEvent(
    t as BillingApp,
    { id, type: 'charge.refund.updated', object: { object: 'refund', currency: 'gbp', ...refund } },
    signature,
  );
/** The sandbox's one refund, as a failed refund object. */
const theRefundFailed = async (amount: number) => {
  const [refund] = await rows(t as BillingApp, 'SELECT id, payment_intent FROM sandbox_card_refunds');
  return { id: refund?.id, amount, payment_intent: refund?.payment_intent, status: 'failed' };
};

describe('a card refund that fails after it was made (ADR 406)', { timeout: 120_000 }, () => {
  it('a cooling-off refund to a closed card: paid, then failed the next working day; held, told once, asked to call', async () => {
    t = await billingApp('2027-01-20T12:00:00Z'); // Wednesday
    const app = t;
    const p = await buySubscription(app, '2027-01-27', 'tok_refundFail');
    await staffCancel(app, p);
    // Paid back at once, as Stripe answers a refund: the line is posted and the pages say it is on its way.
    expect(await refundLines(p.accountId)).toEqual([['refund', 'POSTED', p.first]]);
    expect(await parts()).toEqual([['CARD', 'paid', p.first]]);
    expect(await payingBack(p.staff, p.policyId)).toMatchObject({ state: 'onItsWay', amount: p.first });
    expect(await balance(p.staff)).toBe(0);

    // Not yet failed the same day.
    app.at.set('2027-01-20T23:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(0);
    expect(await atProvider()).toEqual([['succeeded', p.first]]);

    // The app cannot hear it (down): the refund has failed at the provider, which tells it again next time
    // (ADR 409); the app still takes it for paid.
    app.at.set('2027-01-21T06:00:00Z'); // Thursday: a working day on
    await app.database.query(
      "UPDATE sandbox_card_refunds SET webhook_url = 'http://127.0.0.1:9/api/stripe/webhooks'",
    );
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(0);
    expect(await atProvider()).toEqual([['failed', p.first]]);
    expect(await untold()).toEqual(['succeeded']);
    expect(await parts()).toEqual([['CARD', 'paid', p.first]]);
    await app.database.query('UPDATE sandbox_card_refunds SET webhook_url = $1', [
      `${app.base}/api/stripe/webhooks`,
    ]);

    // Two of the provider's days at once: the failure told once.
    const moved = await Promise.all([
      advanceSandboxCardRefunds(app.app.services),
      advanceSandboxCardRefunds(app.app.services),
    ]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await atProvider()).toEqual([['failed', p.first]]);
    expect(await untold()).toEqual([null]);
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(0);
    expect(await parts()).toEqual([['CARD', 'failed', p.first]]);
    // The money came back: a refund reversal, so the account holds it again.
    expect(await refundLines(p.accountId)).toEqual([
      ['refund', 'POSTED', p.first],
      ['refund_reversal', 'POSTED', -p.first],
    ]);
    expect(await balance(p.staff)).toBe(-p.first);
    expect(await payingBack(p.staff, p.policyId)).toEqual({
      state: 'held',
      amount: p.first,
      method: 'CARD',
      reachesBy: null,
    });
    expect(await refundFailedMails(p.accountId)).toEqual([
      `We tried to pay £${(p.first / 100).toFixed(2)} back to the card you paid with, and it did not reach you. Your account still holds it. Please call us and we will pay it back to you.`,
    ]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);

    // The same failure told again (a new event id, as a provider's retry can be): nothing more.
    const failed = await theRefundFailed(p.first);
    expect(await sendRefundEvent('evt_again', failed)).toBe(200);
    expect(await sendRefundEvent('evt_again', failed)).toBe(200);
    expect(await refundLines(p.accountId)).toHaveLength(2);
    expect(await refundFailedMails(p.accountId)).toHaveLength(1);

    // The hourly refund job leaves it to staff: no second refund to the same closed card.
    app.at.set('2027-01-21T09:00:00Z');
    await payOutPendingRefunds({ ...app.app.services, log: undefined });
    expect(await parts()).toEqual([['CARD', 'failed', p.first]]);
    expect(await atProvider()).toHaveLength(1);
    expect(await balance(p.staff)).toBe(-p.first);
  });

  it('the provider killed between failing the refund and sending its event: the next tick sends it (ADR 409)', async () => {
    t = await billingApp('2027-01-20T12:00:00Z');
    const app = t;
    const p = await buySubscription(app, '2027-01-27', 'tok_refundFail');
    await staffCancel(app, p);
    app.at.set('2027-01-21T06:00:00Z');
    // The tick's one write, as it stands when the process dies before sending: failed, the app not yet told.
    await app.database.query(
      `UPDATE sandbox_card_refunds SET status = 'failed', failure_reason = 'expired_or_canceled_card',
         untold_from = 'succeeded', tells = tells + 1, updated_at = $1`,
      [app.at.now()],
    );
    expect(await parts()).toEqual([['CARD', 'paid', p.first]]);
    // Killed while sending: another tick leaves it until the sending tick's lease is over.
    await app.database.query("UPDATE sandbox_card_refunds SET sending_until = now() + interval '2 minutes'");
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(0);
    expect(await untold()).toEqual(['succeeded']);
    await app.database.query("UPDATE sandbox_card_refunds SET sending_until = now() - interval '1 second'");
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    expect(await untold()).toEqual([null]);
    expect(await parts()).toEqual([['CARD', 'failed', p.first]]);
    expect(await refundFailedMails(p.accountId)).toHaveLength(1);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a refund event that is not signed, is tampered with, or names no refund of ours changes nothing', async () => {
    t = await billingApp('2027-01-20T12:00:00Z');
    const app = t;
    const p = await buySubscription(app, '2027-01-27', 'tok_refundFail');
    await staffCancel(app, p);
    const failed = await theRefundFailed(p.first);
    expect(await sendRefundEvent('evt_forged', failed, 't=1,v1=deadbeef')).toBe(400);
    // Signed, but naming no refund: refused like a bad signature (400), never a 500.
    expect(await sendRefundEvent('evt_bad_1', { ...failed, id: 7 })).toBe(400);
    expect(await sendRefundEvent('evt_bad_2', { ...failed, id: '' })).toBe(400);
    expect(await sendRefundEvent('evt_bad_3', { ...failed, id: null })).toBe(400);
    expect(await sendRefundEvent('evt_bad_4', { ...failed, id: 're_\u0000x' })).toBe(400);
    expect(await sendRefundEvent('evt_bad_5', { ...failed, id: 're_'.padEnd(100_000, 'x') })).toBe(400);
    // A refund id not ours (a refund made in the provider's dashboard, say), and ours still succeeded, with no
    // payment intent or a strange amount (refunds of legacy charges have none): heard, and nothing moves.
    expect(await sendRefundEvent('evt_other', { ...failed, id: 're_not_ours', payment_intent: null })).toBe(
      200,
    );
    expect(await sendRefundEvent('evt_fine', { ...failed, status: 'succeeded', amount: 'lots' })).toBe(200);
    expect(await sendRefundEvent('evt_pending', { ...failed, status: 'pending', amount: 1e300 })).toBe(200);
    expect(await parts()).toEqual([['CARD', 'paid', p.first]]);
    expect(await refundLines(p.accountId)).toEqual([['refund', 'POSTED', p.first]]);
    expect(await balance(p.staff)).toBe(0);
    expect(await refundFailedMails(p.accountId)).toEqual([]);
  });

  it("a surplus paid on a settle page with a card whose refunds fail: flagged for staff, and held on the customer's account", async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const app = t;
    // In arrears: bought by phone on a card that fails off-session, then the first collection declined.
    const p = await buySubscription(app, '2027-01-31', 'tok_chargeCustomerFail');
    await runDays(app, '2027-02-28', '2027-02-28');
    app.at.set('2027-03-03T09:00:00Z'); // Wednesday
    const customer = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
    const page = await openSettlePage(app, customer, p.accountId);
    expect(page.status).toBe(200);
    // Settled by phone meanwhile, and the page, which the provider could not close, is paid too.
    const provider = app.app.services.providers.cardPayments;
    const expire = provider.expireSession;
    provider.expireSession = async () => {
      throw new Error('provider unreachable');
    };
    try {
      const settled = await api(app.base, p.staff, 'POST', '/api/stripe/moto/settle', {
        accountId: p.accountId,
        itemName: 'Arrears',
        token: 'tok_visa',
        postalCode: 'LS1 5HD',
        dateOfBirth: p.dob,
      });
      expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    } finally {
      provider.expireSession = expire;
    }
    expect(
      (await submitForm(page.body.url, { ...REFUND_FAILS, cardNumber: '4000 0000 0000 5126' })).status,
    ).toBe(303);
    const flags = async () =>
      (await api(app.base, p.staff, 'GET', '/api/customerPayments/duplicates')).body.map(
        (d: { status: string; amount: number }) => [d.status, d.amount],
      );
    expect(await flags()).toEqual([['refunded', p.regular]]);
    expect(await balance(p.staff)).toBe(0);

    app.at.set('2027-03-04T06:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    // Staff see the refund came back and the account holds it (not one for them to pay: ADR 406); the customer is
    // told once.
    expect(await flags()).toEqual([['refund_returned', p.regular]]);
    const surplus = await rows(
      app,
      `SELECT type, status, amount_pence FROM statement_line_items
        WHERE account_id = $1 AND type IN ('refund', 'refund_reversal') ORDER BY created_at, type`,
      [p.accountId],
    );
    expect(surplus.map((r) => [r.type, r.status, r.amount_pence])).toEqual([
      ['refund', 'POSTED', p.regular],
      ['refund_reversal', 'POSTED', -p.regular],
    ]);
    expect(await balance(p.staff)).toBe(-p.regular);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(0);
    // A live monthly policy: the next statement takes the credit, so the e-mail says so and no page asks for a call.
    expect(await refundFailedMails(p.accountId)).toEqual([
      `We tried to pay £${(p.regular / 100).toFixed(2)} back to the card you paid with, and it did not reach you. Your account still holds it, and we will take it off your payments from 28 March 2027. If you would rather have it paid back to you, please call us.`,
    ]);
    expect(await payingBack(p.staff, p.policyId)).toBeNull();
    // Nor is it money for the finance team to pay back: their list leaves it out (ADR 411).
    expect(await api(app.base, 'staff:', 'GET', '/api/admin/refundsHeld')).toEqual({ status: 200, body: [] });
    // And it does: the month from 28 March is raised and nothing is taken for it.
    const charges = async () =>
      (await rows(app, 'SELECT count(*)::int AS n FROM sandbox_card_charges'))[0]?.n;
    const before = await charges();
    await runDays(app, '2027-03-28', '2027-03-28');
    const [latest] = (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`))
      .body;
    expect(latest).toMatchObject({ amountOutstanding: 0 });
    expect(await charges()).toBe(before);
    expect(await balance(p.staff)).toBe(0);
  });

  it('a cheaper change of an annual policy refunded to a closed card: held on the live policy, with a call asked for', async () => {
    t = await billingApp('2027-05-10T10:00:00Z', { env: { BRAND: 'motorhub' } }); // Monday
    const app = t;
    const v = await visitor(app.app);
    const { code } = await ratedProposal(
      v,
      (d) => {
        d.quote.startDate = '2027-05-10';
      },
      undefined,
      'MHANNUAL1',
    );
    expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
    const { staff } = await payFirstByPhone(app, v, code, 'tok_refundFail');
    const [policy] = await rows(app, 'SELECT id FROM policies WHERE proposal_code = $1', [code]);
    const [account] = (await api(app.base, staff, 'GET', '/api/customerAccounts')).body;
    const p = { staff, policyId: String(policy?.id), accountId: String(account.accountId) };
    // A higher voluntary excess from today: cheaper, refunded to the card at the change (ADR 356).
    const line = await staffChange(app, p, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }]);
    expect(line).toBeLessThan(0);
    expect(await refundLines(p.accountId)).toEqual([['refund', 'POSTED', -line]]);
    expect(await payingBack(p.staff, p.policyId)).toMatchObject({ state: 'onItsWay', amount: -line });

    app.at.set('2027-05-11T06:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    // No statement is to come on a policy paid in full: nothing would take the credit, so the pages ask for a call.
    expect(await balance(p.staff)).toBe(line);
    expect(await payingBack(p.staff, p.policyId)).toEqual({
      state: 'held',
      amount: -line,
      method: 'CARD',
      reachesBy: null,
    });
    // The finance team's list names it, live as it is, with the amount the page shows (ADR 411).
    expect((await api(app.base, 'staff:', 'GET', '/api/admin/refundsHeld')).body).toMatchObject([
      { policyId: p.policyId, policyStatus: 'ACTIVE', amount: -line, method: 'CARD' },
    ]);
    const [first] = await refundFailedMails(p.accountId);
    expect(first).toMatch(/and it did not reach you\. Your account still holds it\. Please call us/);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a surplus the billing run took on its own charge, refunded to a card whose refunds fail: held once, and the ledger balances', async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const app = t;
    const p = await buySubscription(app, '2027-01-31', 'tok_chargeCustomerFail');
    await runDays(app, '2027-02-28', '2027-02-28');
    app.at.set('2027-03-03T05:00:00Z'); // Wednesday
    const customer = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
    const page = await openSettlePage(app, customer, p.accountId);
    expect(page.status).toBe(200);
    // The saved card works again, a card whose refunds fail; the run of 3 March charges it while the customer's page
    // is paid: the run's charge is the surplus, paid back against the statement's own payment (a refund part).
    await app.database.query(
      "UPDATE payment_methods SET provider_reference = 'pm_test_5126_again' WHERE party_id = $1",
      [p.partyId],
    );
    const provider = app.app.services.providers.cardPayments;
    const charge = provider.chargeSavedCard.bind(provider);
    provider.chargeSavedCard = async (input) => {
      provider.chargeSavedCard = charge;
      expect(
        (await submitForm(page.body.url, { ...REFUND_FAILS, cardNumber: '4242 4242 4242 4242' })).status,
      ).toBe(303);
      return charge(input);
    };
    try {
      await runDays(app, '2027-03-03', '2027-03-03');
    } finally {
      provider.chargeSavedCard = charge;
    }
    const flags = async () =>
      (await api(app.base, p.staff, 'GET', '/api/customerPayments/duplicates')).body.map(
        (d: { status: string; amount: number }) => [d.status, d.amount],
      );
    expect(await flags()).toEqual([['refunded', p.regular]]);
    expect(await parts()).toEqual([['CARD', 'paid', p.regular]]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);

    app.at.set('2027-03-04T06:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    expect(await parts()).toEqual([['CARD', 'failed', p.regular]]);
    expect(await flags()).toEqual([['refund_returned', p.regular]]);
    expect(await balance(p.staff)).toBe(-p.regular);
    expect(await refundFailedMails(p.accountId)).toHaveLength(1);
    // Taken by the statement payment's own charge, the surplus is counted once, received and held again.
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a surplus on a purchase, refunded alone to a card whose refunds fail: flagged for staff to pay back', async () => {
    t = await billingApp('2027-01-20T12:00:00Z');
    const app = t;
    const v = await visitor(app.app);
    const { code } = await ratedProposal(v, (d) => {
      d.quote.startDate = '2027-01-27';
    });
    expect((await v.call('PUT' as 'POST', `/api/proposals/${code}/verify`)).json().isClear).toBe(true);
    const due = (await v.call('POST', '/api/customerPayments/checkout/bind', { proposalCode: code })).json();
    const opened = await api(app.base, v.token, 'POST', '/api/stripe/checkout', {
      paymentId: due.paymentId,
      successUrl: `${app.base}/done`,
      cancelUrl: `${app.base}/`,
      lineItem: { name: 'Monthly car insurance' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // Paid by phone meanwhile; the page, which the provider could not close, is paid too, with the card.
    const provider = app.app.services.providers.cardPayments;
    const expire = provider.expireSession;
    provider.expireSession = async () => {
      throw new Error('provider unreachable');
    };
    let staff = '';
    try {
      ({ staff } = await payFirstByPhone(app, v, code));
    } finally {
      provider.expireSession = expire;
    }
    expect(
      (await submitForm(opened.body.url, { ...REFUND_FAILS, cardNumber: '4000 0000 0000 5126' })).status,
    ).toBe(303);
    const flags = async () =>
      (await api(app.base, staff, 'GET', '/api/customerPayments/duplicates')).body.map(
        (d: { status: string; amount: number }) => [d.status, d.amount],
      );
    expect(await flags()).toEqual([['refunded', due.amount]]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);

    app.at.set('2027-01-21T06:00:00Z');
    expect(await advanceSandboxCardRefunds(app.app.services)).toBe(1);
    // Nothing on the customer's account holds it: staff must pay it back, and the ledger check says so.
    expect(await flags()).toEqual([['refund_failed', due.amount]]);
    const [broken] = await ledgerBreaks(app.app.services.db);
    expect(broken).toMatchObject({ receivedPence: expect.any(Number) });
    expect(broken!.receivedPence - broken!.refundedPence + broken!.cashLinesPence).toBe(due.amount);
  });
});
