import { tz } from '@date-fns/tz';
import { LONDON } from '@forecourt/domain/calendar/london';
import { endOfMonth, isBefore } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sandboxCardSessions } from '../../db/schema/index.ts';
import type { SandboxCardPayments } from './sandbox.ts';
import { signStripeStyle } from './signature.ts';
import { luhnValid, savedCardId, TEST_CARDS } from './test-cards.ts';
import { deliverWebhook, sandboxId } from './webhook-delivery.ts';

export interface CardForm {
  name?: string;
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  postalCode?: string;
}

export type SubmitResult =
  | { kind: 'redirect'; url: string }
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'missing' };

export function validateCardForm(form: CardForm, now: Date) {
  const errors: Record<string, string> = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.cardNumber = 'Your card number is incorrect.';
  else if (!TEST_CARDS[number]) errors.cardNumber = 'This is the sandbox: use one of the test cards listed.';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry ?? '');
  const month = Number(m?.[1]);
  if (!m || month < 1 || month > 12) errors.expiry = "Your card's expiry date is incomplete.";
  else {
    const lastDay = endOfMonth(new Date(2000 + Number(m[2]), month - 1, 1), { in: tz(LONDON) });
    if (isBefore(lastDay, now)) errors.expiry = "Your card's expiry date is in the past.";
  }
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) errors.cvc = "Your card's security code is incomplete.";
  if (!(form.name ?? '').trim()) errors.name = 'Enter the name on the card.';
  if (!/^[A-Za-z][A-Za-z]?[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$/.test((form.postalCode ?? '').trim())) {
    errors.postalCode = 'Enter the billing postcode.';
  }
  return { errors, number };
}

/**
 * The person pressed Pay on the hosted page: record the outcome on the session (once), send the signed
 * webhook to the app by real HTTP, then send the browser back to the merchant's success URL. As with
 * Stripe Checkout, the success URL says nothing about the outcome; the webhook does.
 */
export async function submitSandboxCheckout(
  provider: SandboxCardPayments,
  id: string,
  form: CardForm,
  log: FastifyBaseLogger,
): Promise<SubmitResult> {
  const { db, clock } = provider.services();
  const now = clock.now();
  const [session] = await db.select().from(sandboxCardSessions).where(eq(sandboxCardSessions.id, id));
  // Expired (by time, or replaced by a newer session for the same payment): it takes no payment.
  if (!session || session.expiresAt < now || session.status === 'expired') return { kind: 'missing' };
  const successUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', id);
  if (session.status !== 'open') return { kind: 'redirect', url: successUrl };
  const { errors, number } = validateCardForm(form, now);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

  const card = TEST_CARDS[number]!;
  const paid = card.outcome === 'succeeded';
  const paymentMethodId = savedCardId(number, sandboxId(''));
  const paymentIntent = session.mode === 'payment' && paid ? sandboxId('pi_test_') : null;
  const [done] = await db
    .update(sandboxCardSessions)
    .set({
      status: 'complete',
      paymentStatus: paid ? (session.mode === 'setup' ? 'no_payment_required' : 'paid') : 'failed',
      declineCode: paid ? null : card.outcome,
      cardBrand: card.brand,
      cardLast4: number.slice(-4),
      paymentMethodId: paid ? paymentMethodId : null,
      paymentIntent,
      completedAt: now,
    })
    .where(and(eq(sandboxCardSessions.id, id), eq(sandboxCardSessions.status, 'open')))
    .returning();
  if (!done) return { kind: 'redirect', url: successUrl };

  const event = {
    id: sandboxId('evt_test_'),
    object: 'event',
    type: paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id,
        object: 'checkout.session',
        mode: done.mode,
        status: done.status,
        payment_status: done.paymentStatus,
        amount_total: done.amountPence,
        currency: done.currency,
        client_reference_id: done.clientReference,
        metadata: done.metadata,
        payment_intent: done.mode === 'payment' ? (paymentIntent ?? sandboxId('pi_test_')) : null,
        decline_code: done.declineCode,
        payment_method_details: paid
          ? { id: paymentMethodId, brand: card.brand, last4: number.slice(-4) }
          : null,
      },
    },
  };
  const body = JSON.stringify(event);
  const signature = signStripeStyle(body, await provider.webhookSecret(), Math.floor(now.getTime() / 1000));
  await deliverWebhook(done.webhookUrl, body, { 'stripe-signature': signature }, log);
  return { kind: 'redirect', url: successUrl };
}
