import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import type { SandboxCardPayments } from '../src/providers/card-payments/sandbox.ts';
import { signStripeStyle } from '../src/providers/card-payments/signature.ts';
import { api, type ListeningApp, recordingApp, rows, session, submitForm } from './payments-helpers.ts';

let t: ListeningApp;
const fulfilled = vi.fn();
beforeAll(async () => {
  t = await recordingApp(fulfilled);
});
afterAll(async () => t.close());

const goodCard = { name: 'Sam Driver', expiry: '12 / 34', cvc: '123', postalCode: 'SW1A 1AA' };

async function checkout(amountPence = 5432) {
  const customer = await session(t.base);
  const payment = await createCustomerPayment(t.app.services, {
    partyId: customer.partyId,
    purpose: 'bind',
    reference: 'FC-PROPOSAL-1',
    amountPence,
    payerDateOfBirth: '1985-06-15',
  });
  const res = await api(t.base, customer.token, 'POST', '/api/stripe/checkout', {
    paymentId: payment.id,
    successUrl: `${t.base}/car-insurance/proposal/P1/checkout/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${t.base}/car-insurance/proposal/P1/checkout`,
    lineItem: { name: 'Monthly car insurance', description: 'First month' },
  });
  expect(res.status).toBe(200);
  return { customer, payment, ...(res.body as { sessionId: string; url: string }) };
}

const paymentRow = async (id: string) =>
  (await rows(t, 'SELECT status, decline_code FROM customer_payments WHERE id = $1', [id]))[0];

describe('card checkout on the sandbox hosted page', () => {
  it('serves its own payment page showing the amount', async () => {
    const { url, sessionId } = await checkout();
    expect(url).toBe(`${t.base}/sandbox/card/checkout/${sessionId}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('£54.32');
    expect(html).toContain('name="cardNumber"');
  });

  it('4242 4242 4242 4242 pays: signed webhook settles the payment, then the browser goes to the success URL', async () => {
    const { url, sessionId, payment, customer } = await checkout();
    const res = await submitForm(url, { ...goodCard, cardNumber: '4242 4242 4242 4242' });
    expect(res.status).toBe(303);
    expect(res.location).toBe(
      `${t.base}/car-insurance/proposal/P1/checkout/payment/callback?session_id=${sessionId}`,
    );
    expect(await paymentRow(payment.id)).toEqual({ status: 'SETTLED', decline_code: null });
    expect(fulfilled).toHaveBeenCalledWith(payment.id);
    const status = await api(t.base, customer.token, 'GET', `/api/stripe/sessions/${sessionId}`);
    expect(status.body).toMatchObject({ status: 'complete', declineCode: null, paymentId: payment.id });
    const cards = await rows(t, 'SELECT display FROM payment_methods WHERE party_id = $1', [
      customer.partyId,
    ]);
    expect(cards).toEqual([{ display: 'VISA •••• 4242' }]);
    // The page cannot be paid twice.
    const again = await submitForm(url, { ...goodCard, cardNumber: '4242424242424242' });
    expect(again.status).toBe(303);
    expect(fulfilled).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('%s is declined with %s and nothing is fulfilled', async (number, code) => {
    const calls = fulfilled.mock.calls.length;
    const { url, sessionId, payment, customer } = await checkout();
    const res = await submitForm(url, { ...goodCard, cardNumber: number });
    expect(res.status).toBe(303);
    expect(await paymentRow(payment.id)).toEqual({ status: 'FAILED', decline_code: code });
    const status = await api(t.base, customer.token, 'GET', `/api/stripe/sessions/${sessionId}`);
    expect(status.body).toMatchObject({ status: 'failed', declineCode: code });
    expect(fulfilled.mock.calls.length).toBe(calls);
  });

  it('re-shows the page with messages for a card that is not a test card, and changes nothing', async () => {
    const { url, payment } = await checkout();
    const res = await submitForm(url, { cardNumber: '4111 1111 1111 1112', expiry: '13/20', cvc: '1' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Your card number is incorrect.');
    expect(res.html).toContain('expiry date is incomplete');
    expect(res.html).toContain('security code is incomplete');
    expect(await paymentRow(payment.id)).toEqual({ status: 'PENDING', decline_code: null });
  });

  it('cancel returns to the cancel URL and the payment stays pending', async () => {
    const { url, payment } = await checkout();
    const res = await fetch(`${url}/cancel`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.base}/car-insurance/proposal/P1/checkout`);
    expect((await paymentRow(payment.id))?.status).toBe('PENDING');
  });

  it('refuses a payment of another party (404) and bad input (400 with field errors)', async () => {
    const { payment } = await checkout();
    const stranger = await session(t.base);
    const res = await api(t.base, stranger.token, 'POST', '/api/stripe/checkout', {
      paymentId: payment.id,
      successUrl: `${t.base}/ok`,
      cancelUrl: `${t.base}/no`,
      lineItem: { name: 'x' },
    });
    expect(res.status).toBe(404);
    const bad = await api(t.base, stranger.token, 'POST', '/api/stripe/checkout', {
      paymentId: 'nope',
      successUrl: 'javascript:alert(1)',
      lineItem: {},
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(
      expect.arrayContaining(['paymentId', 'successUrl', 'cancelUrl', 'lineItem.name']),
    );
  });
});

describe('card webhooks', () => {
  const secret = () => (t.app.services.providers.cardPayments as SandboxCardPayments).webhookSecret();
  const completedEvent = (id: string, sessionId: string, paymentId: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 5432,
          client_reference_id: paymentId,
          metadata: {},
          payment_intent: 'pi_test_1',
        },
      },
    });
  const post = (body: string, signature?: string) =>
    fetch(`${t.base}/api/stripe/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body,
    });
  const now = () => Math.floor(Date.now() / 1000);

  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const { sessionId, payment } = await checkout();
    const body = completedEvent('evt_forged_1', sessionId, payment.id);
    const before = await rows(t, 'SELECT count(*)::int AS n FROM webhook_events');
    for (const signature of [
      signStripeStyle(body, 'whsec_not_the_secret', now()),
      undefined,
      signStripeStyle(body, await secret(), now() - 3600),
    ]) {
      const res = await post(body, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Invalid webhook signature');
    }
    expect((await paymentRow(payment.id))?.status).toBe('PENDING');
    expect(await rows(t, 'SELECT count(*)::int AS n FROM webhook_events')).toEqual(before);
  });

  it('applies a replayed event once', async () => {
    const { sessionId, payment } = await checkout();
    const calls = fulfilled.mock.calls.length;
    const body = completedEvent('evt_replayed_1', sessionId, payment.id);
    const first = await post(body, signStripeStyle(body, await secret(), now()));
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect((await paymentRow(payment.id))?.status).toBe('SETTLED');
    await t.database.query("UPDATE customer_payments SET updated_at = '2000-01-01' WHERE id = $1", [
      payment.id,
    ]);
    const second = await post(body, signStripeStyle(body, await secret(), now()));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    const [row] = await rows(t, 'SELECT updated_at FROM customer_payments WHERE id = $1', [payment.id]);
    expect(new Date(row?.updated_at as string).getUTCFullYear()).toBe(2000);
    expect(fulfilled.mock.calls.length).toBe(calls + 1);
  });
});
