import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `Forecourt-Signature` header (Stripe's model, ADR 362): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed with the endpoint's secret>`. The receiver recomputes it and checks `t` is recent.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** What a receiver does (the partner guide shows the same few lines): true when the header signs the body. */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  toleranceS = 300,
  now = Date.now(),
) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > toleranceS || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
