import { formatGBP as gbp } from '@forecourt/domain/money';
import { afterEach, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { ledgerBreaks } from '../src/modules/billing/index.ts';
import type { SandboxCardPayments } from '../src/providers/card-payments/sandbox.ts';
import {
  type BillingApp,
  billingApp,
  buySubscription,
  openSettlePage,
  payOnHostedPage,
  postCardEvent,
  runDays,
} from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Card disputes (ADR 392): the cardholder disputes a card payment with their card issuer, which takes the money
 * back from the insurer (Stripe `charge.dispute.funds_withdrawn`), and gives it back if the dispute is decided for
 * the insurer (`charge.dispute.funds_reinstated`). Lived through the sandbox card provider's signed webhooks.
 */
let t: BillingApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A monthly policy bought by phone on 30 January 2027 (cover from the 31st), its first payment taken by card. */
async function cardSubscription(token = 'tok_visa') {
  t = await billingApp('2027-01-30T12:00:00Z');
  const p = await buySubscription(t, '2027-01-31', token);
  const app = t;
  const card = app.app.services.providers.cardPayments as SandboxCardPayments;
  const payment = async (purpose: string) =>
    (
      await rows(
        app,
        'SELECT id, status, decline_code, provider_reference FROM customer_payments WHERE purpose = $1 ORDER BY created_at',
        [purpose],
      )
    ).at(-1) as { id: string; status: string; decline_code: string | null; provider_reference: string };
  const account = async () => (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body[0];
  const statementList = async () =>
    (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body as {
      statementId: string;
      statementNumber: number;
      status: string;
      amountOutstanding: number;
    }[];
  const lines = async (statementId: string) =>
    (
      await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements/${statementId}`)
    ).body.lineItems.map((l: { type: string; amount: number }) => [l.type, l.amount]);
  const mails = async () =>
    (
      await rows(
        app,
        "SELECT payload->>'kind' AS kind FROM outbox WHERE payload->>'accountId' = $1 ORDER BY created_at, payload->>'kind'",
        [p.accountId],
      )
    ).map((r) => String(r.kind));
  const mailText = async (kind: string) =>
    (
      await rows(
        app,
        "SELECT body FROM outbox WHERE payload->>'accountId' = $1 AND payload->>'kind' = $2 ORDER BY created_at",
        [p.accountId, kind],
      )
    ).map((r) => String(r.body));
  const partnerPayments = async () =>
    (
      await rows(
        app,
        "SELECT type, payload->>'amountPence' AS amount FROM partner_events WHERE policy_id = $1 AND type LIKE 'payment.%' ORDER BY seq",
        [p.policyId],
      )
    ).map((r) => [r.type, Number(r.amount)]);
  /** A dispute event signed with the sandbox's secret, sent as the provider would (any id, any payment). */
  const sendDispute = (id: string, type: string, paymentIntent: string, amount: number, signature?: string) =>
    postCardEvent(
      app,
      {
        id,
        type,
        object: {
          id: `dp_${paymentIntent}`,
          object: 'dispute',
          amount,
          payment_intent: paymentIntent,
          reason: 'fraudulent',
        },
      },
      signature,
    );
  return {
    p,
    app,
    card,
    payment,
    account,
    statementList,
    lines,
    mails,
    mailText,
    partnerPayments,
    sendDispute,
  };
}

describe('a card payment disputed (ADR 392)', () => {
  it('the purchase payment disputed: owed again, suspended with notice, and all of it undone when the dispute is won', async () => {
    const s = await cardSubscription();
    const { p, app, card } = s;
    const bind = await s.payment('bind');
    expect(bind.status).toBe('SETTLED');
    const [first] = await s.statementList();
    const before = await s.mails();

    app.at.set('2027-02-10T10:00:00Z');
    expect(await card.disputePayment(bind.provider_reference)).toEqual({ disputed: true, delivered: true });
    expect(await s.payment('bind')).toMatchObject({ status: 'REVERSED', decline_code: 'card_disputed' });
    expect(await s.account()).toMatchObject({ accountStatus: 'SUSPENDED', accountBalance: p.first });
    expect(await s.statementList()).toEqual([
      expect.objectContaining({ statementNumber: 1, status: 'failed', amountOutstanding: p.first }),
    ]);
    expect(await s.lines(String(first?.statementId))).toEqual([
      ['invoice', p.first],
      ['payment', -p.first],
      ['payment_reversal', p.first],
    ]);
    expect((await s.mails()).slice(before.length)).toEqual(['account-suspended', 'notice-of-cancellation']);
    const [suspended] = await s.mailText('account-suspended');
    expect(suspended).toContain(`you paid by card to buy your policy, after the payment was disputed`);
    expect(suspended).toContain('That amount is owed again');
    expect(await s.partnerPayments()).toEqual([['payment.reversed', p.first]]);
    // Where the policy stands says why it is owed, for every page to word it so: a payment taken back.
    const standing = (await api(app.base, p.staff, 'GET', `/api/policies/${p.policyId}`)).body.standing;
    expect(standing.arrears).toEqual({ amount: p.first, statementNumbers: [1], why: 'takenBack' });

    // The same dispute told again (the sandbox sends it afresh), twice at once under new ids, and a forged one:
    // nothing more moves.
    expect(await card.disputePayment(bind.provider_reference)).toEqual({ disputed: true, delivered: true });
    const again = await Promise.all(
      ['evt_again_1', 'evt_again_2'].map((id) =>
        s.sendDispute(id, 'charge.dispute.funds_withdrawn', bind.provider_reference, p.first),
      ),
    );
    expect(again).toEqual([200, 200]);
    expect(
      await s.sendDispute(
        'evt_forged',
        'charge.dispute.funds_reinstated',
        bind.provider_reference,
        p.first,
        't=1,v1=00',
      ),
    ).toBe(400);
    expect((await s.lines(String(first?.statementId))).length).toBe(3);
    expect((await s.mails()).length).toBe(before.length + 2);
    expect(await s.payment('bind')).toMatchObject({ status: 'REVERSED' });

    // Decided for the insurer two days later: the payment stands, the statement is paid, the suspension lifted.
    app.at.set('2027-02-12T10:00:00Z');
    expect(await card.reinstateDispute(bind.provider_reference)).toEqual({
      reinstated: true,
      delivered: true,
    });
    expect(await s.payment('bind')).toMatchObject({ status: 'SETTLED', decline_code: 'card_dispute_won' });
    expect(await s.account()).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    expect(await s.statementList()).toEqual([
      expect.objectContaining({ statementNumber: 1, status: 'settled', amountOutstanding: 0 }),
    ]);
    expect(await s.lines(String(first?.statementId))).toEqual([
      ['invoice', p.first],
      ['payment', -p.first],
      ['payment_reversal', p.first],
      ['payment', -p.first],
    ]);
    const [won] = await s.mailText('payment-dispute-won');
    expect(won).toContain('has been decided, and your card issuer has returned the money to us');
    expect(won).toContain('There is nothing more to pay.');
    expect(won).toContain('Your account is no longer suspended.');
    expect(await s.partnerPayments()).toEqual([
      ['payment.reversed', p.first],
      ['payment.succeeded', p.first],
    ]);
    // Heard again, and the withdrawal told again under a new id after the win (late news): nothing moves.
    expect(await card.reinstateDispute(bind.provider_reference)).toEqual({
      reinstated: false,
      delivered: false,
    });
    expect(
      await s.sendDispute(
        'evt_late_withdrawal',
        'charge.dispute.funds_withdrawn',
        bind.provider_reference,
        p.first,
      ),
    ).toBe(200);
    expect(await s.payment('bind')).toMatchObject({ status: 'SETTLED', decline_code: 'card_dispute_won' });
    expect(
      await s.sendDispute(
        'evt_won_again',
        'charge.dispute.funds_reinstated',
        bind.provider_reference,
        p.first,
      ),
    ).toBe(200);
    expect((await s.lines(String(first?.statementId))).length).toBe(4);

    // The notice's end passes and the month's card payment is taken as usual: the policy stays on cover.
    const { totals } = await runDays(app, '2027-02-12', '2027-03-01');
    expect(totals).toMatchObject({ cancelled: 0, failed: 0 });
    const [policy] = await rows(app, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).not.toBe('CANCELLED');
    expect(await s.account()).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a dispute not won: the card is not charged again, and the policy is cancelled for non-payment at the notice end', async () => {
    const s = await cardSubscription();
    const { p, app, card } = s;
    const bind = await s.payment('bind');
    app.at.set('2027-02-10T10:00:00Z');
    expect((await card.disputePayment(bind.provider_reference)).delivered).toBe(true);
    const charges = await rows(app, 'SELECT count(*)::int AS n FROM sandbox_card_charges');
    // Notice to the end of 17 February: cancelled at midnight that night, by the run of the 18th.
    const { log } = await runDays(app, '2027-02-10', '2027-02-20');
    expect(log).toEqual(['2027-02-18 cancelled']);
    const [policy] = await rows(app, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).toBe('CANCELLED');
    expect(await rows(app, 'SELECT count(*)::int AS n FROM sandbox_card_charges')).toEqual(charges);
    expect(await s.mails()).toContain('cancelled-non-payment');
    // The cover had from 31 January to the cancellation is owed: less than the month the payment was for.
    const owed = (await s.account()).accountBalance as number;
    expect(owed).toBeGreaterThan(0);
    expect(owed).toBeLessThan(p.first);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a monthly card payment disputed reopens its own statement only', async () => {
    const s = await cardSubscription();
    const { p, app, card } = s;
    await runDays(app, '2027-01-31', '2027-03-01');
    const month = await s.payment('statement');
    expect(month.status).toBe('SETTLED');
    const [one, two] = await s
      .statementList()
      .then((l) => [...l].sort((a, b) => a.statementNumber - b.statementNumber));
    app.at.set('2027-03-05T10:00:00Z');
    expect((await card.disputePayment(month.provider_reference)).delivered).toBe(true);
    expect(await s.lines(String(two?.statementId))).toEqual([
      ['invoice', p.regular],
      ['payment', -p.regular],
      ['payment_reversal', p.regular],
    ]);
    const after = await s.statementList();
    expect(after.find((x) => x.statementNumber === 1)).toMatchObject({
      status: 'settled',
      amountOutstanding: 0,
    });
    expect(after.find((x) => x.statementNumber === 2)).toMatchObject({
      status: 'failed',
      amountOutstanding: p.regular,
    });
    expect((await s.lines(String(one?.statementId))).length).toBe(2);
    expect(await s.account()).toMatchObject({ accountStatus: 'SUSPENDED', accountBalance: p.regular });
    const [suspended] = await s.mailText('account-suspended');
    expect(suspended).toContain('you paid by card towards statement 2');
  });

  it('a balance paid by phone and disputed: the statement it paid owes it again, and the suspension comes back', async () => {
    t = await billingApp('2027-01-30T12:00:00Z');
    const app = t;
    const p = await buySubscription(t, '2027-01-31', 'tok_chargeCustomerFail');
    // Statement 2's card payment fails on 28 February and its retry on 3 March; staff take it by phone on 4 March.
    const { log } = await runDays(app, '2027-01-31', '2027-03-04');
    expect(log).toEqual(['2027-02-28 raised, failed', '2027-03-03 failed']);
    app.at.set('2027-03-04T10:00:00Z');
    const settled = await api(app.base, p.staff, 'POST', '/api/stripe/moto/settle', {
      accountId: p.accountId,
      itemName: 'Arrears',
      token: 'tok_visa',
      postalCode: 'LS1 5HD',
      dateOfBirth: p.dob,
    });
    expect(settled.status).toBe(200);
    const [settle] = await rows(
      app,
      "SELECT provider_reference FROM customer_payments WHERE purpose = 'settle' AND status = 'SETTLED'",
    );
    const list = async () =>
      (await api(app.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body as {
        statementNumber: number;
        status: string;
        amountOutstanding: number;
      }[];
    expect((await list()).find((x) => x.statementNumber === 2)).toMatchObject({ status: 'settled' });

    app.at.set('2027-03-09T10:00:00Z');
    const card = app.app.services.providers.cardPayments as SandboxCardPayments;
    expect(await card.disputePayment(String(settle?.provider_reference))).toEqual({
      disputed: true,
      delivered: true,
    });
    const after = await list();
    expect(after.find((x) => x.statementNumber === 2)).toMatchObject({
      status: 'failed',
      amountOutstanding: p.regular,
    });
    expect(after.find((x) => x.statementNumber === 1)).toMatchObject({
      status: 'settled',
      amountOutstanding: 0,
    });
    const [account] = (await api(app.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountStatus: 'SUSPENDED', accountBalance: p.regular });
    const [mail] = await rows(
      app,
      "SELECT body FROM outbox WHERE payload->>'accountId' = $1 AND payload->>'kind' = 'account-suspended' ORDER BY created_at DESC LIMIT 1",
      [p.accountId],
    );
    expect(String(mail?.body)).toContain(`the ${gbp(p.regular)} you paid by card towards statement 2`);
    // Not paid again: cancelled for non-payment when the notice runs out (the end of 16 March).
    const { log: end } = await runDays(app, '2027-03-09', '2027-03-18');
    expect(end).toEqual(['2027-03-17 cancelled']);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });

  it('a dispute of a balance payment the app refunded as a surplus reverses nothing the account owes', async () => {
    // Statement 2's card payment fails on 28 February. On 3 March the customer opens the settle page, the run's
    // retry collects from the card (working again), and then the page is paid: a surplus, refunded (ADR 341).
    const s = await cardSubscription('tok_chargeCustomerFail');
    const { p, app } = s;
    await runDays(app, '2027-01-31', '2027-02-28');
    app.at.set('2027-03-03T05:00:00Z');
    const customer = (await signAnonymousToken(app.app.services, p.partyId)).accessToken;
    const page = await openSettlePage(app, customer, p.accountId);
    expect(page.status).toBe(200);
    await app.database.query('UPDATE payment_methods SET provider_reference = $1 WHERE party_id = $2', [
      'pm_test_4242_recovered',
      p.partyId,
    ]);
    await runDays(app, '2027-03-03', '2027-03-03');
    expect((await payOnHostedPage(page.body.url)).status).toBe(303);
    const settle = await s.payment('settle');
    expect(settle.status).toBe('SETTLED');
    const [surplus] = await rows(
      app,
      'SELECT status FROM duplicate_payments WHERE customer_payment_id = $1',
      [settle.id],
    );
    expect(surplus?.status).toBe('refunded');

    // The customer disputes the page's payment as well (the sandbox refuses a refunded one: sent as Stripe would).
    app.at.set('2027-03-10T10:00:00Z');
    expect(
      await s.sendDispute(
        'evt_refunded',
        'charge.dispute.funds_withdrawn',
        settle.provider_reference,
        p.regular,
      ),
    ).toBe(200);
    expect(await s.payment('settle')).toMatchObject({ status: 'REVERSED', decline_code: 'card_disputed' });
    // The money was paid back already: nothing is owed again, and the account stays in good standing.
    expect(await rows(app, "SELECT id FROM statement_line_items WHERE type = 'payment_reversal'")).toEqual(
      [],
    );
    expect(await s.account()).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    expect(await s.partnerPayments()).not.toContainEqual(['payment.reversed', p.regular]);
  });

  it('heard out of order: 409 with nothing recorded, then applied when sent again in order', async () => {
    const s = await cardSubscription();
    const { p, app } = s;
    const bind = await s.payment('bind');
    app.at.set('2027-02-10T10:00:00Z');
    // A payment not known here (its confirmation still on its way): sent again later.
    expect(
      await s.sendDispute('evt_unknown', 'charge.dispute.funds_withdrawn', 'pi_test_not_ours', 500),
    ).toBe(409);
    // Won before the withdrawal was heard: sent again later.
    expect(
      await s.sendDispute('evt_won', 'charge.dispute.funds_reinstated', bind.provider_reference, p.first),
    ).toBe(409);
    expect(
      await rows(app, "SELECT event_id FROM webhook_events WHERE event_id IN ('evt_unknown', 'evt_won')"),
    ).toEqual([]);
    expect(await s.payment('bind')).toMatchObject({ status: 'SETTLED', decline_code: null });
    expect(await s.account()).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    // Then both, in order, the second under the id that was refused: the account ends as it began.
    expect(
      await s.sendDispute('evt_lost', 'charge.dispute.funds_withdrawn', bind.provider_reference, p.first),
    ).toBe(200);
    expect(
      await s.sendDispute('evt_won', 'charge.dispute.funds_reinstated', bind.provider_reference, p.first),
    ).toBe(200);
    expect(await s.payment('bind')).toMatchObject({ status: 'SETTLED', decline_code: 'card_dispute_won' });
    expect(await s.account()).toMatchObject({ accountStatus: 'ACTIVE', accountBalance: 0 });
    expect(await s.partnerPayments()).toEqual([
      ['payment.reversed', p.first],
      ['payment.succeeded', p.first],
    ]);
    expect(await ledgerBreaks(app.app.services.db)).toEqual([]);
  });
});
