import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './card-payments-provider.ts';

/** Stripe's scheme: header `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, five minutes' tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signStripeStyle(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifyStripeStyle(payload: string, header: string | undefined, secret: string, now: Date) {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed Stripe-Signature header');
  }
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp outside the tolerance');
  }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex'));
  const ok = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookSignatureError('Webhook signature does not match');
}
