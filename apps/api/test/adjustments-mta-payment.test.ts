import type { Adjustment } from '@forecourt/contracts/adjustments';
import { londonDate, londonMidnightOf } from '@forecourt/domain/calendar/london';
import { startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCardPayments } from '../src/providers/card-payments/sandbox.ts';
import { signStripeStyle } from '../src/providers/card-payments/signature.ts';
import { customerWithPaidPolicy, ledgerLines } from './adjustments-helpers.ts';
import { caller } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';

/**
 * ADR 300: a dearer change of a policy paid in full (MotorHub's annual scheme) is paid by card before it is
 * made, through POST /api/customerPayments/checkout/mta and the hosted card page; the settled webhook (or the
 * customer's return, whichever comes first) confirms it exactly once.
 */
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp({ env: { BRAND: 'motorhub' } });
}, 240_000);
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof customerWithPaidPolicy>>;
const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';

const annual = (email: string) => customerWithPaidPolicy(t, email, true, 'MHANNUAL1');
const addCover = async (c: Customer) => {
  const res = await c.call('POST', '/api/policyAdjustments', {
    adjustmentType: 'MTA',
    policyId: c.policyId,
    changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { adjustmentId: string; prorataPremium: number; paymentDue: number };
};
const due = (c: Pick<Customer, 'call'>, adjustmentId: unknown, key?: string) =>
  c.call(
    'POST',
    '/api/customerPayments/checkout/mta',
    { adjustmentId },
    key ? { 'idempotency-key': key } : {},
  );
const commit = (c: Pick<Customer, 'call'>, id: string) =>
  c.call('POST', `/api/policyAdjustments/${id}/commit`);
const versions = async (c: Customer) =>
  (await rows(t, 'SELECT count(*)::int AS n FROM policy_versions WHERE policy_id = $1', [c.policyId]))[0]?.n;

/** The hosted card page for the payment (on the listening server); `pay` submits a test card. */
async function hostedPage(c: Customer, paymentId: string) {
  const res = await c.call('POST', '/api/stripe/checkout', {
    paymentId,
    successUrl:
      'http://localhost:80/policy/x/management/adjustment/y/payment?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:80/policy/x/management/adjustment/y',
    lineItem: { name: 'Policy change' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url as string);
  const pay = (cardNumber = GOOD) =>
    submitForm(`${t.base}${url.pathname}${url.search}`, {
      name: 'Sam Taylor',
      expiry: '12 / 34',
      cvc: '123',
      postalCode: 'LS1 5HD',
      cardNumber,
    });
  return { sessionId: res.json().sessionId as string, pay };
}

describe('a dearer change of an annual policy (ADR 300)', () => {
  it('is paid by card before it is made; the webhook confirms it, the return finds it done', async () => {
    const c = await annual('mta.pay.owner@example.com');
    const a = await addCover(c);
    expect(a.prorataPremium).toBeGreaterThan(0);
    expect(a.paymentDue).toBe(a.prorataPremium);
    // Confirming before paying: 402, nothing changes.
    const early = await commit(c, a.adjustmentId);
    expect(early.statusCode, early.body).toBe(402);
    expect(await versions(c)).toBe(1);

    const payment = await due(c, a.adjustmentId);
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.json()).toMatchObject({ purpose: 'mta', reference: a.adjustmentId, amount: a.paymentDue });
    const page = await hostedPage(c, payment.json().paymentId);
    await page.pay();
    const after = (await c.call('GET', `/api/policyAdjustments/${a.adjustmentId}`)).json();
    expect(after.confirmed).toBe(true);
    expect(await versions(c)).toBe(2);
    // The change's own statement: the MTA invoice and the card payment against it, settled.
    expect((await ledgerLines(t, c.policyId)).slice(2)).toEqual([
      expect.objectContaining({ type: 'invoice', amount_pence: a.paymentDue, sub_type: 'MTA' }),
      expect.objectContaining({ type: 'payment', amount_pence: -a.paymentDue, sub_type: 'STRIPE' }),
    ]);
    const [account] = (await c.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)).json();
    expect(account).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
    // The return commits the same way: already done, the same answer.
    const back = await commit(c, a.adjustmentId);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().confirmedAt).toBe(after.confirmedAt);
    // Asking for the payment again answers the settled one.
    expect((await due(c, a.adjustmentId)).json()).toMatchObject({
      paymentId: payment.json().paymentId,
      status: 'SETTLED',
    });
    expect(await versions(c)).toBe(2);
  });

  it('a declined card commits nothing and shows the decline; a good card then makes it', async () => {
    const c = await annual('mta.pay.declined@example.com');
    const a = await addCover(c);
    const { paymentId } = (await due(c, a.adjustmentId)).json();
    const first = await hostedPage(c, paymentId);
    await first.pay(DECLINED);
    const session = (await c.call('GET', `/api/stripe/sessions/${first.sessionId}`)).json();
    expect(session).toMatchObject({ status: 'failed', declineCode: 'card_declined' });
    expect((await c.call('GET', `/api/policyAdjustments/${a.adjustmentId}`)).json().confirmed).toBe(false);
    expect(await versions(c)).toBe(1);
    expect((await ledgerLines(t, c.policyId)).length).toBe(2);
    const again = await due(c, a.adjustmentId);
    expect(again.json()).toMatchObject({ paymentId, status: 'FAILED', declineCode: 'card_declined' });
    await (await hostedPage(c, paymentId)).pay();
    expect((await c.call('GET', `/api/policyAdjustments/${a.adjustmentId}`)).json().confirmed).toBe(true);
    expect(await versions(c)).toBe(2);
  });

  it('an adjustment older than 30 minutes is gone (410); one already confirmed by staff is a 409', async () => {
    const c = await annual('mta.pay.gone@example.com');
    const a = await addCover(c);
    await t.database.query(
      "UPDATE policy_adjustments SET expires_at = now() - interval '1 second' WHERE id = $1",
      [a.adjustmentId],
    );
    const gone = await due(c, a.adjustmentId);
    expect(gone.statusCode, gone.body).toBe(410);
    expect((await commit(c, a.adjustmentId)).statusCode).toBe(410);
    // Staff confirming for the customer leave the difference outstanding (taken by phone, ADR 300).
    const b = await addCover(c);
    const staff = caller(t, `staff:${c.partyId}`);
    expect((await commit(staff, b.adjustmentId)).statusCode).toBe(200);
    expect((await due(c, b.adjustmentId)).statusCode).toBe(409);
  });

  it('webhook and return at once, the hosted page sent twice and a second settled event: one payment, one commit', async () => {
    const c = await annual('mta.pay.twice@example.com');
    const a = await addCover(c);
    const both = await Promise.all([due(c, a.adjustmentId), due(c, a.adjustmentId)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().paymentId).toBe(both[1]?.json().paymentId);
    const paymentId = both[0]?.json().paymentId as string;
    const page = await hostedPage(c, paymentId);
    const outcomes = await Promise.all([
      page.pay(),
      page.pay(),
      commit(c, a.adjustmentId),
      commit(c, a.adjustmentId),
    ]);
    for (const r of outcomes.slice(2)) expect([200, 402]).toContain((r as { statusCode: number }).statusCode);
    expect((await commit(c, a.adjustmentId)).statusCode).toBe(200);
    // The provider sends the settled event again under a new id: nothing more happens.
    const [payment] = await rows(t, 'SELECT provider_reference FROM customer_payments WHERE id = $1', [
      paymentId,
    ]);
    const body = JSON.stringify({
      id: 'evt_mta_second_settle',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: page.sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: a.paymentDue,
          client_reference_id: paymentId,
          metadata: {},
          payment_intent: payment?.provider_reference,
        },
      },
    });
    const secret = await (t.app.services.providers.cardPayments as SandboxCardPayments).webhookSecret();
    const replay = await fetch(`${t.base}/api/stripe/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeStyle(body, secret, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    expect(replay.status).toBe(200);
    expect(await versions(c)).toBe(2);
    const payments = await rows(
      t,
      "SELECT status FROM customer_payments WHERE purpose = 'mta' AND reference = $1",
      [a.adjustmentId],
    );
    expect(payments).toEqual([{ status: 'SETTLED' }]);
    const lines = (await ledgerLines(t, c.policyId)).slice(2);
    expect(lines.map((l) => l.type)).toEqual(['invoice', 'payment']);
  });

  it('paid by card and then disputed (ADR 392): the change is owed again, on its own statement, and the account suspended', async () => {
    const c = await annual('mta.pay.disputed@example.com');
    const a = await addCover(c);
    const payment = await due(c, a.adjustmentId);
    await (await hostedPage(c, payment.json().paymentId)).pay();
    const [paid] = await rows(t, 'SELECT provider_reference FROM customer_payments WHERE id = $1', [
      payment.json().paymentId,
    ]);
    const card = t.app.services.providers.cardPayments as SandboxCardPayments;
    expect(await card.disputePayment(String(paid?.provider_reference))).toEqual({
      disputed: true,
      delivered: true,
    });
    // The change stands (the cover was given); its price is owed again, on the change's statement.
    expect(await versions(c)).toBe(2);
    expect((await ledgerLines(t, c.policyId)).slice(2)).toEqual([
      expect.objectContaining({ type: 'invoice', amount_pence: a.paymentDue, sub_type: 'MTA' }),
      expect.objectContaining({ type: 'payment', amount_pence: -a.paymentDue }),
      expect.objectContaining({ type: 'payment_reversal', amount_pence: a.paymentDue }),
    ]);
    const [account] = (await c.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)).json();
    expect(account).toMatchObject({
      accountStatus: 'SUSPENDED',
      outstandingAmount: a.paymentDue,
      accountBalance: a.paymentDue,
    });
    const [mail] = await rows(
      t,
      "SELECT body FROM outbox WHERE payload->>'accountId' = $1 AND payload->>'kind' = 'account-suspended'",
      [account.accountId],
    );
    expect(String(mail?.body)).toContain(
      'you paid by card for a change to your policy, after the payment was disputed',
    );
  });

  it('retried with the same key: the same answer', async () => {
    const c = await annual('mta.pay.retry@example.com');
    const a = await addCover(c);
    const first = await due(c, a.adjustmentId, 'mta-retry-key-1');
    const second = await due(c, a.adjustmentId, 'mta-retry-key-1');
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
  });
});

describe('who may ask for the payment, and what', () => {
  it('another customer 404; no or tampered token 401; staff acting for nobody 403; bad input 400', async () => {
    const c = await annual('mta.pay.access@example.com');
    const a = await addCover(c);
    const other = await annual('mta.pay.other@example.com');
    expect((await due(other, a.adjustmentId)).statusCode).toBe(404);
    expect((await due(caller(t, undefined), a.adjustmentId)).statusCode).toBe(401);
    const token = String(c.headers.authorization).slice(7);
    expect((await due(caller(t, `${token.slice(0, -4)}AAAA`), a.adjustmentId)).statusCode).toBe(401);
    expect((await due(caller(t, 'staff:'), a.adjustmentId)).statusCode).toBe(403);
    for (const bad of ['not-a-uuid', `${a.adjustmentId}\u0000`, 12, 'x'.repeat(100_000), null])
      expect((await due(c, bad)).statusCode).toBe(400);
    expect((await c.call('POST', '/api/customerPayments/checkout/mta', {})).statusCode).toBe(400);
  });

  it('monthly: nothing is paid first (422); the change is confirmed and the next statement carries it', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.pay.monthly@example.com', true, 'MHMOTOR1');
    const a = await addCover(c);
    expect(a.prorataPremium).toBeGreaterThan(0);
    expect(a.paymentDue).toBe(0);
    expect((await due(c, a.adjustmentId)).statusCode).toBe(422);
    expect((await commit(c, a.adjustmentId)).statusCode).toBe(200);
  });

  it('/api/openapi.json lists the call', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/customerPayments/checkout/mta']).toHaveProperty('post');
  });
});

describe('the permission flag (spec 3 §4 step 9, ADR 301)', () => {
  it('an account suspended for non-payment: the flag is off and a customer change is a 403; staff can', async () => {
    const c = await annual('mta.flag@example.com');
    const policy = async () => (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect((await policy()).adjustmentsAllowed).toBe(true);
    await t.database.query("UPDATE customer_accounts SET status = 'SUSPENDED' WHERE policy_id = $1", [
      c.policyId,
    ]);
    expect((await policy()).adjustmentsAllowed).toBe(false);
    const [listed] = (await c.call('GET', '/api/policies')).json();
    expect(listed.adjustmentsAllowed).toBe(false);
    const change = {
      adjustmentType: 'MTA',
      policyId: c.policyId,
      changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    };
    const refused = await c.call('POST', '/api/policyAdjustments', change);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/cannot be changed online/);
    const staff = caller(t, `staff:${c.partyId}`);
    expect((await staff.call('POST', '/api/policyAdjustments', change)).statusCode).toBe(201);
    // A cancellation is not a change: still offered.
    expect((await c.call('GET', `/api/policies/${c.policyId}/cancellation`)).statusCode).toBe(200);
  });
});

describe('a change of a policy paid in full placed under a later one (issue 26, ADR 344; ADR 398)', () => {
  it('is refused: it would carry the later change back; from the later change on it is one line against it', async () => {
    const c = await annual('under-later@example.com');
    const staff = caller(t, `staff:${c.partyId}`);
    const excess = (n: number, effectiveAt?: string) => ({
      adjustmentType: 'MTA',
      policyId: c.policyId,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: n }],
      ...(effectiveAt ? { effectiveAt } : {}),
    });
    // Staff set a cheaper excess from 15 days ahead; then the customer picks another excess today. Made on version
    // 2's answers, today's change would put version 2's excess on cover from today: refused (ADR 398).
    const later = startOfDayLondon(todayInLondon(new Date(Date.now() + 15 * 86_400_000))).toISOString();
    const first = (await staff.call('POST', '/api/policyAdjustments', excess(300, later))).json();
    expect((await commit(staff, first.adjustmentId)).statusCode).toBe(200);
    const today = await c.call('POST', '/api/policyAdjustments', excess(200));
    expect(today.statusCode, today.body).toBe(400);
    expect(today.json().fieldErrors).toEqual({ effectiveAt: ['validation.beforeLastChange'] });
    // From the staff change's day: priced against version 2 only, one line from it to the end.
    const made = await c.call('POST', '/api/policyAdjustments', excess(200, later));
    expect(made.statusCode, made.body).toBe(201);
    const second = made.json() as { adjustmentId: string; prorataPremium: number };
    // (Dearer against version 2: staff confirm it, leaving the difference on the account, ADR 245.)
    expect((await commit(staff, second.adjustmentId)).statusCode).toBe(200);
    const lines = await rows(
      t,
      `SELECT amount_pence AS amount, service_period_start AS s
         FROM statement_line_items WHERE sub_type = 'MTA' AND description_value = $1`,
      [second.adjustmentId],
    );
    expect(lines).toHaveLength(1);
    expect(new Date(String(lines[0]?.s)).toISOString()).toBe(later);
    expect(Number(lines[0]?.amount)).toBe(second.prorataPremium);
    expect(second.prorataPremium).toBeGreaterThan(0);
  });
});

describe('how the difference of a policy paid in full is paid (issue 28 defect 11, ADR 356)', () => {
  it('a dearer change is charged to the card first; a cheaper one is refunded to the card, as the ledger does', async () => {
    const c = await annual('mta.words.annual@example.com');
    const dearer = (await addCover(c)) as Awaited<ReturnType<typeof addCover>> & {
      summary: Adjustment['summary'] & {};
    };
    expect(dearer.summary.after.per).toBe('year');
    expect(dearer.summary.payment).toMatchObject({
      kind: 'card-charge',
      amount: dearer.paymentDue,
      method: 'CARD',
    });
    const cheaper = await c.call('POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: c.policyId,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
    });
    expect(cheaper.statusCode, cheaper.body).toBe(201);
    const a = cheaper.json();
    expect(a.prorataPremium).toBeLessThan(0);
    expect(a.summary.payment).toMatchObject({ kind: 'refund', amount: -a.prorataPremium, method: 'CARD' });
    expect(a.summary.payment.workingDays).toBeGreaterThan(0);
    const done = await commit(c, a.adjustmentId);
    expect(done.statusCode, done.body).toBe(200);
    const refunds = await rows(
      t,
      "SELECT amount_pence FROM statement_line_items WHERE type = 'refund' AND description_value LIKE $1",
      [`${a.adjustmentId}%`],
    );
    expect(done.json().summary.payment).toMatchObject({
      kind: 'refund',
      amount: Math.abs(Number(refunds[0]?.amount_pence)),
    });
  });
});

describe('a cheaper change dated later on the day the policy is cancelled (ADR 383)', () => {
  it('never takes effect: the cancellation takes back what it refunded, as a charge the customer is told of', async () => {
    const c = await customerWithPaidPolicy(t, 'drive28.same-day@example.com', true, 'MHDRIVE28');
    const staff = caller(t, `staff:${c.partyId}`);
    const [policy] = await rows(t, 'SELECT expired_at FROM policies WHERE id = $1', [c.policyId]);
    const expiry = new Date(String(policy?.expired_at));
    // The cover's last London day: the change dated late in it, the customer cancelling earlier that day (the
    // simulation's life 684722151 of seed 121, where posting this threw on a credit note of -20p).
    const lastDay = londonMidnightOf(londonDate(new Date(expiry.getTime() - 1)));
    const third = Math.floor((expiry.getTime() - lastDay.getTime()) / 3);
    const changeAt = new Date(lastDay.getTime() + 2 * third);
    const made = await staff.call('POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: c.policyId,
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
      effectiveAt: changeAt.toISOString(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const change = made.json() as { adjustmentId: string; prorataPremium: number };
    const back = -change.prorataPremium;
    expect(back).toBeGreaterThan(0);
    expect((await commit(staff, change.adjustmentId)).statusCode).toBe(200);

    // (The customer's sign-in has long expired by then: staff cancel for them, on the phone.)
    const skip = lastDay.getTime() + third - t.clock.now().getTime();
    t.clock.advance(skip);
    try {
      const cancel = (body: Record<string, unknown> = {}) =>
        staff.call('POST', '/api/policyAdjustments', {
          adjustmentType: 'CANCELLATION',
          policyId: c.policyId,
          changes: [],
          reason: 'Price',
          ...body,
        });
      // The cancel page says so before anyone confirms.
      const options = (await staff.call('GET', `/api/policies/${c.policyId}/cancellation`)).json();
      expect(options).toMatchObject({ type: 'Standard', refundIfNowPence: 0, owedIfNowPence: back });
      const asked = await cancel();
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json().cancellation).toMatchObject({ type: 'Standard', immediate: true, refundPence: 0 });
      const id = asked.json().adjustmentId as string;
      const done = await staff.call('POST', `/api/policyAdjustments/${id}/commit`, undefined, {
        'idempotency-key': 'same-day-1',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().cancellation).toMatchObject({ creditPence: -back, refundPence: 0, owedPence: back });
      // Retried after a timeout: the same answer, nothing posted twice.
      const again = await staff.call('POST', `/api/policyAdjustments/${id}/commit`, undefined, {
        'idempotency-key': 'same-day-1',
      });
      expect(again.json()).toEqual(done.json());

      // The whole last day was had under the first version: the change's refund is taken back, once, as a
      // debit journal (never a negative credit note), and the final statement asks for it.
      const lines = await ledgerLines(t, c.policyId);
      expect(lines.filter((l) => l.kind === 'cancellation')).toEqual([
        expect.objectContaining({ type: 'debit_journal', status: 'POSTED', amount_pence: back }),
      ]);
      const [account] = (
        await staff.call('GET', `/api/customerAccounts?policyNumber=${c.policyNumber}`)
      ).json();
      expect(account).toMatchObject({ accountBalance: back, outstandingAmount: back });
      // Charged less refunded plus owed: the price paid at purchase, every day at the first version's price.
      const [money] = await rows(
        t,
        `SELECT (SELECT coalesce(sum(amount_pence), 0) FROM statement_line_items
                  WHERE account_id = $1 AND status = 'POSTED' AND type IN ('payment', 'refund'))::int AS cash`,
        [account.accountId],
      );
      expect(-Number(money?.cash) + back).toBe(c.paid);
      const [mail] = await rows(
        t,
        "SELECT body FROM outbox WHERE payload->>'type' = 'policy.cancelled' AND payload->>'policyNumber' = $1",
        [c.policyNumber],
      );
      expect(String(mail?.body)).toContain(`£${(back / 100).toFixed(2)} is still to pay for your cover.`);
      expect(String(mail?.body)).toContain('Please call us to pay it.');
    } finally {
      t.clock.advance(-skip);
    }
  });
});
