import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { api, type ListeningApp, listeningApp, rows, session, submitForm } from './payments-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

async function due() {
  const customer = await session(t.base);
  const payment = await createCustomerPayment(t.app.services, {
    partyId: customer.partyId,
    purpose: 'bind',
    reference: 'FC-PROPOSAL-2',
    amountPence: 6150,
    payerDateOfBirth: '1985-06-15',
  });
  return { customer, payment, staff: `staff:${customer.partyId}` };
}

const form = (paymentId: string, token: string, extra: Record<string, string> = {}) => ({
  paymentId,
  itemName: 'Monthly car insurance',
  token,
  postalCode: 'sw1a 1aa',
  dateOfBirth: '1985-06-15',
  ...extra,
});

describe('phone payments with a card token (admin settle)', () => {
  it('tok_visa (trimmed, postcode upper-cased) settles the payment', async () => {
    const { payment, staff } = await due();
    const res = await api(
      t.base,
      staff,
      'POST',
      '/api/stripe/moto/checkout',
      form(payment.id, '  tok_visa '),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentId: payment.id, status: 'SETTLED', amount: 6150 });
    const again = await api(t.base, staff, 'POST', '/api/stripe/moto/checkout', form(payment.id, 'tok_visa'));
    expect(again.status).toBe(409);
  });

  it.each([
    ['tok_chargeDeclined', 'card_declined'],
    ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ])('%s answers 402 with the decline code %s', async (token, code) => {
    const { payment, staff } = await due();
    const res = await api(t.base, staff, 'POST', '/api/stripe/moto/checkout', form(payment.id, token));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_REQUIRED', declineCode: code });
    const [row] = await rows(t, 'SELECT status, decline_code FROM customer_payments WHERE id = $1', [
      payment.id,
    ]);
    expect(row).toEqual({ status: 'FAILED', decline_code: code });
  });

  it('checks token pattern, postcode and the date of birth on record (400 with field errors)', async () => {
    const { payment, staff } = await due();
    const bad = await api(t.base, staff, 'POST', '/api/stripe/moto/checkout', {
      ...form(payment.id, 'visa'),
      postalCode: 'NOT A CODE',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['postalCode', 'token']);
    const wrongDob = await api(
      t.base,
      staff,
      'POST',
      '/api/stripe/moto/checkout',
      form(payment.id, 'tok_visa', { dateOfBirth: '1985-06-16' }),
    );
    expect(wrongDob.status).toBe(400);
    expect(wrongDob.body.fieldErrors.dateOfBirth).toEqual([
      'The date of birth does not match the one on record.',
    ]);
    expect(
      (await rows(t, 'SELECT status FROM customer_payments WHERE id = $1', [payment.id]))[0]?.status,
    ).toBe('PENDING');
  });

  it('a token made on the virtual terminal is single-use and expires after 10 minutes', async () => {
    const mint = async () => {
      const res = await submitForm(`${t.base}/sandbox/card/terminal`, { cardNumber: '4242 4242 4242 4242' });
      expect(res.status).toBe(200);
      return /<code id="token">(tok_\w+)<\/code>/.exec(res.html)?.[1] as string;
    };
    const stale = await mint();
    t.clock.advance(10 * 60 * 1000 + 1000);
    const first = await due();
    const expired = await api(
      t.base,
      first.staff,
      'POST',
      '/api/stripe/moto/checkout',
      form(first.payment.id, stale),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.fieldErrors.token[0]).toContain('within 10 minutes');

    const fresh = await mint();
    const ok = await api(
      t.base,
      first.staff,
      'POST',
      '/api/stripe/moto/checkout',
      form(first.payment.id, fresh),
    );
    expect(ok.status).toBe(200);
    const second = await due();
    const reused = await api(
      t.base,
      second.staff,
      'POST',
      '/api/stripe/moto/checkout',
      form(second.payment.id, fresh),
    );
    expect(reused.status).toBe(400);
  });

  it('customers cannot take phone payments, and admins cannot use the customer card checkout', async () => {
    const { payment, customer, staff } = await due();
    const asCustomer = await api(
      t.base,
      customer.token,
      'POST',
      '/api/stripe/moto/checkout',
      form(payment.id, 'tok_visa'),
    );
    expect(asCustomer.status).toBe(403);
    const asStaff = await api(t.base, staff, 'POST', '/api/stripe/checkout', {
      paymentId: payment.id,
      successUrl: `${t.base}/ok`,
      cancelUrl: `${t.base}/no`,
      lineItem: { name: 'x' },
    });
    expect(asStaff.status).toBe(403);
  });
});
