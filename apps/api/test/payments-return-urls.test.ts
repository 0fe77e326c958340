import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerPayment } from '../src/modules/payments/create-customer-payment.ts';
import { api, type ListeningApp, listeningApp, rows, session } from './payments-helpers.ts';

/** Issue 9 §7: hosted payment pages return only to this site or a configured partner. */
let t: ListeningApp;
const partner = 'https://partner.example';
beforeAll(async () => {
  t = await listeningApp({ env: { ALLOWED_REDIRECT_ORIGINS: `${partner}/, https://other-partner.example` } });
});
afterAll(async () => t.close());

async function customerWithPayment() {
  const customer = await session(t.base);
  const payment = await createCustomerPayment(t.app.services, {
    partyId: customer.partyId,
    purpose: 'bind',
    reference: `FC-${customer.partyId.slice(0, 8)}`,
    amountPence: 1234,
  });
  return { customer, payment };
}

const flows = {
  'card checkout': async (success: string, cancel: string) => {
    const { customer, payment } = await customerWithPayment();
    return api(t.base, customer.token, 'POST', '/api/stripe/checkout', {
      paymentId: payment.id,
      successUrl: success,
      cancelUrl: cancel,
      lineItem: { name: 'Car insurance' },
    });
  },
  'card setup': async (success: string, cancel: string) => {
    const customer = await session(t.base);
    return api(t.base, customer.token, 'POST', '/api/stripe/setup', {
      clientReference: 'FC-NOTHING-DUE',
      successUrl: success,
      cancelUrl: cancel,
    });
  },
  'Direct Debit': async (success: string) => {
    const customer = await session(t.base);
    return api(t.base, customer.token, 'POST', '/api/gocardless/flows', {
      mandateDescription: 'Car insurance',
      successUrl: success,
    });
  },
};

describe.each(Object.entries(flows))('%s return addresses', (name, start) => {
  const own = () => `${t.base}/car-insurance/checkout`;

  it('another site is refused with 400 and no page is made', async () => {
    const before = await rows(t, 'SELECT count(*)::int AS n FROM sandbox_card_sessions');
    const evilSuccess = await start('https://evil.example/ok', own());
    expect(evilSuccess.status).toBe(400);
    expect(Object.keys(evilSuccess.body.fieldErrors)).toEqual(['successUrl']);
    if (name !== 'Direct Debit') {
      const evilCancel = await start(own(), 'https://evil.example/c');
      expect(evilCancel.status).toBe(400);
      expect(Object.keys(evilCancel.body.fieldErrors)).toEqual(['cancelUrl']);
      // Look-alikes are other sites too.
      const lookAlike = await start(`${t.base}.evil.example/ok`, `https://partner.example.evil.example/c`);
      expect(lookAlike.status).toBe(400);
    }
    expect(await rows(t, 'SELECT count(*)::int AS n FROM sandbox_card_sessions')).toEqual(before);
  });

  it("this site's own address and a configured partner's are accepted", async () => {
    expect((await start(own(), `${own()}?cancelled=1`)).status).toBe(200);
    expect((await start(`${partner}/done`, `${partner}/back`)).status).toBe(200);
    expect((await start('https://other-partner.example/done', own())).status).toBe(200);
  });
});

describe('the sandbox cancel link', () => {
  it('redirects only to the allowed address given at creation', async () => {
    const res = await flows['card checkout'](`${t.base}/ok`, `${t.base}/c`);
    const cancel = await fetch(`${t.base}/sandbox/card/checkout/${res.body.sessionId}/cancel`, {
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`${t.base}/c`);
  });
});
