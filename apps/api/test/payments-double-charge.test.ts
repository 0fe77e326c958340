import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { api, type ListeningApp, recordingApp, rows, session, submitForm } from './payments-helpers.ts';

/** Issue 9 §4: one payment can be charged once, however many card pages were opened for it. */
let t: ListeningApp;
const fulfilled = vi.fn();
beforeAll(async () => {
  t = await recordingApp(fulfilled);
});
afterAll(async () => t.close());

const goodCard = {
  name: 'Sam Driver',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  postalCode: 'SW1A 1AA',
};

async function due() {
  const customer = await session(t.base);
  const payment = await createCustomerPayment(t.app.services, {
    partyId: customer.partyId,
    purpose: 'bind',
    reference: `FC-${customer.partyId.slice(0, 8)}`,
    amountPence: 5432,
    payerDateOfBirth: '1985-06-15',
  });
  const open = async () => {
    const res = await api(t.base, customer.token, 'POST', '/api/stripe/checkout', {
      paymentId: payment.id,
      successUrl: `${t.base}/checkout/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${t.base}/checkout`,
      lineItem: { name: 'Monthly car insurance' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { sessionId: string; url: string };
  };
  return { customer, payment, open };
}

/** What the provider kept: sessions of this payment that were paid and not refunded. */
const chargesKept = async (paymentId: string) =>
  rows(
    t,
    "SELECT id FROM sandbox_card_sessions WHERE client_reference = $1 AND payment_status = 'paid' AND refunded_at IS NULL",
    [paymentId],
  );
const openSessions = async (paymentId: string) => ({
  app: await rows(t, "SELECT id FROM payment_sessions WHERE customer_payment_id = $1 AND status = 'open'", [
    paymentId,
  ]),
  provider: await rows(
    t,
    "SELECT id FROM sandbox_card_sessions WHERE client_reference = $1 AND status = 'open'",
    [paymentId],
  ),
});

describe('one open card session per payment', () => {
  it('ten pages opened and all paid: exactly one charge is kept, the others are refused', async () => {
    const { payment, open } = await due();
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push(await open());
    const last = pages.at(-1)!;
    expect(await openSessions(payment.id)).toEqual({
      app: [{ id: last.sessionId }],
      provider: [{ id: last.sessionId }],
    });

    for (const page of pages) {
      const res = await submitForm(page.url, goodCard);
      // The replaced pages have expired: the provider refuses them.
      expect(res.status).toBe(page === last ? 303 : 404);
    }
    const replaced = await fetch(pages[0]!.url);
    expect(replaced.status).toBe(404);
    expect(await replaced.text()).toContain('This payment page has expired');
    expect(await chargesKept(payment.id)).toEqual([{ id: last.sessionId }]);
    const [row] = await rows(t, 'SELECT status FROM customer_payments WHERE id = $1', [payment.id]);
    expect(row?.status).toBe('SETTLED');
    expect(fulfilled.mock.calls.filter(([id]) => id === payment.id)).toHaveLength(1);
    const statuses = await rows(
      t,
      'SELECT status, count(*)::int AS n FROM payment_sessions WHERE customer_payment_id = $1 GROUP BY status ORDER BY status',
      [payment.id],
    );
    expect(statuses).toEqual([
      { status: 'complete', n: 1 },
      { status: 'expired', n: 9 },
    ]);
  });

  it('ten pages opened at once: one stays open, in the app and at the provider', async () => {
    const { payment, open } = await due();
    const pages = await Promise.all(Array.from({ length: 10 }, () => open()));
    expect(new Set(pages.map((p) => p.sessionId)).size).toBe(10);
    const now = await openSessions(payment.id);
    expect(now.app).toHaveLength(1);
    expect(now.provider).toEqual(now.app);
    for (const page of pages) await submitForm(page.url, goodCard);
    expect(await chargesKept(payment.id)).toHaveLength(1);
  });

  it('money that arrives for a payment settled meanwhile is refunded through the provider and flagged', async () => {
    const { customer, payment, open } = await due();
    const page = await open();
    // Settled elsewhere (by phone) while the page was open.
    await t.database.query(
      "UPDATE customer_payments SET status = 'SETTLED', provider = 'sandbox', provider_reference = 'pi_by_phone', settled_at = now() WHERE id = $1",
      [payment.id],
    );
    const res = await submitForm(page.url, goodCard);
    expect(res.status).toBe(303);
    expect(await chargesKept(payment.id)).toEqual([]);
    const flags = await rows(
      t,
      'SELECT session_id, amount_pence, status, refund_reference IS NOT NULL AS has_refund FROM duplicate_payments WHERE customer_payment_id = $1',
      [payment.id],
    );
    expect(flags).toEqual([
      { session_id: page.sessionId, amount_pence: 5432, status: 'refunded', has_refund: true },
    ]);
    const [row] = await rows(t, 'SELECT status, provider_reference FROM customer_payments WHERE id = $1', [
      payment.id,
    ]);
    expect(row).toEqual({ status: 'SETTLED', provider_reference: 'pi_by_phone' });
    expect(fulfilled.mock.calls.filter(([id]) => id === payment.id)).toHaveLength(0);

    // Staff acting for the customer see it; the customer does not.
    const seen = await api(t.base, `staff:${customer.partyId}`, 'GET', '/api/customerPayments/duplicates');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject([{ paymentId: payment.id, amount: 5432, status: 'refunded' }]);
    const asCustomer = await api(t.base, customer.token, 'GET', '/api/customerPayments/duplicates');
    expect(asCustomer.status).toBe(403);
  });

  it('a payment taken by phone closes the hosted page still open for it', async () => {
    const { customer, payment, open } = await due();
    const page = await open();
    const phone = await api(t.base, `staff:${customer.partyId}`, 'POST', '/api/stripe/moto/checkout', {
      paymentId: payment.id,
      itemName: 'Car insurance',
      token: 'tok_visa',
      postalCode: 'SW1A 1AA',
      dateOfBirth: '1985-06-15',
    });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    expect(await openSessions(payment.id)).toEqual({ app: [], provider: [] });
    expect((await submitForm(page.url, goodCard)).status).toBe(404);
    expect(await chargesKept(payment.id)).toEqual([]);
  });
});
