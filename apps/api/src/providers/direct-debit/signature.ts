import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../card-payments/card-payments-provider.ts';

/** GoCardless's scheme: `Webhook-Signature` is the hex HMAC-SHA256 of the raw body with the endpoint secret. */
export const signGoCardlessStyle = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

export function verifyGoCardlessStyle(body: string, header: string | undefined, secret: string) {
  if (!header) throw new WebhookSignatureError('Missing Webhook-Signature header');
  const expected = Buffer.from(signGoCardlessStyle(body, secret));
  const given = Buffer.from(header.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookSignatureError('Webhook signature does not match');
  }
}
