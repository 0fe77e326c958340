import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberedSecret } from '../src/lib/secrets.ts';
import { signStripeStyle } from '../src/providers/card-payments/signature.ts';
import { signGoCardlessStyle } from '../src/providers/direct-debit/signature.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';

/**
 * Issue 27 point 11: a webhook correctly signed with a body of the wrong shape is refused with a 400, never a 500,
 * and changes nothing.
 */
let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

const MALFORMED = [
  '{}',
  '[]',
  'null',
  '{"events":[null]}',
  '{"events":{}}',
  '{"data":null,"id":"e","type":"x"}',
];

const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${t.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('signed webhooks with a malformed body (issue 27 point 11)', () => {
  it('card provider: 400 for each', async () => {
    const provider = t.app.services.providers.cardPayments as unknown as { webhookSecret(): Promise<string> };
    const secret = await provider.webhookSecret();
    for (const body of MALFORMED) {
      const signature = signStripeStyle(body, secret, Math.floor(Date.now() / 1000));
      const res = await post('/api/stripe/webhooks', body, { 'stripe-signature': signature });
      expect(res.status, body).toBe(400);
    }
  });

  it('Direct Debit provider: 400 for each', async () => {
    const secret = await rememberedSecret(t.app.services.db, 'sandbox-dd-webhook');
    for (const body of MALFORMED) {
      const res = await post('/api/gocardless/webhooks', body, {
        'webhook-signature': signGoCardlessStyle(body, secret),
      });
      expect(res.status, body).toBe(400);
    }
  });
});
