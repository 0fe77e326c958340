import { and, eq, isNull, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.ts';
import { sandboxCardCharges, sandboxCardSessions, sandboxCardTokens } from '../../db/schema/index.ts';
import { rememberedSecret } from '../../lib/secrets.ts';
import type { ProviderHost } from '../host.ts';
import {
  CARD_TOKEN_VALIDITY_SECONDS,
  type CardEvent,
  type CardPaymentsProvider,
  WebhookSignatureError,
} from './card-payments-provider.ts';
import { verifyStripeStyle } from './signature.ts';
import {
  DECLINE_MESSAGES,
  LATER_FAILURE_MESSAGES,
  LATER_FAILURES,
  STATIC_TOKENS,
  savedCardId,
  TEST_CARDS,
} from './test-cards.ts';
import { sandboxId } from './webhook-delivery.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface SandboxCardPayments extends CardPaymentsProvider {
  services(): ProviderHost;
  webhookSecret(): Promise<string>;
}

/**
 * The sandbox card provider (default). It keeps its sessions in its own tables, serves its own hosted page
 * at /sandbox/card/checkout/{id} (sandbox-routes.ts), signs its webhooks like Stripe and accepts the test
 * cards and tokens in test-cards.ts. Tokens minted on /sandbox/card/terminal are valid for 10 minutes and
 * single-use; the static test tokens (tok_visa ...) are always fresh, as in Stripe test mode.
 */
export function sandboxCardPayments(): SandboxCardPayments {
  let attached: ProviderHost | undefined;
  const services = () => {
    if (!attached) throw new Error('The sandbox card provider is not attached to the app');
    return attached;
  };
  const webhookSecret = () => rememberedSecret(services().db, 'sandbox-card-webhook');
  return {
    name: 'sandbox',
    attach(s) {
      attached = s;
    },
    services,
    webhookSecret,

    async createSession(input) {
      const { db, clock } = services();
      const id = sandboxId('cs_test_');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      await db.insert(sandboxCardSessions).values({
        id,
        mode: input.mode,
        amountPence: input.mode === 'payment' ? (input.amountPence ?? 0) : null,
        currency: input.currency,
        lineItem: { name: input.lineItem.name, description: input.lineItem.description },
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        clientReference: input.clientReference,
        metadata: input.metadata,
        customerEmail: input.customerEmail ?? null,
        webhookUrl: `${services().selfOrigin()}/api/stripe/webhooks`,
        createdAt: now,
        expiresAt,
      });
      return { id, url: `${input.appOrigin}/sandbox/card/checkout/${id}`, expiresAt };
    },

    async chargeToken(input) {
      const { db, clock } = services();
      const now = clock.now();
      let number = STATIC_TOKENS[input.token];
      if (!number) {
        const [minted] = await db
          .update(sandboxCardTokens)
          .set({ usedAt: now })
          .where(and(eq(sandboxCardTokens.id, input.token), isNull(sandboxCardTokens.usedAt)))
          .returning();
        if (!minted) return { status: 'invalid', message: 'No such token, or it has already been used.' };
        if (now.getTime() - minted.createdAt.getTime() > CARD_TOKEN_VALIDITY_SECONDS * 1000) {
          return { status: 'expired', message: 'The card token has expired. Generate a new one.' };
        }
        number = Object.keys(TEST_CARDS).find((n) => n.endsWith(minted.cardLast4)) ?? '';
      }
      const card = TEST_CARDS[number];
      if (!card) return { status: 'invalid', message: 'No such token.' };
      if (card.outcome !== 'succeeded') {
        return { status: 'declined', declineCode: card.outcome, message: DECLINE_MESSAGES[card.outcome] };
      }
      return {
        status: 'succeeded',
        paymentReference: sandboxId('pi_test_'),
        card: { id: savedCardId(number, sandboxId('')), brand: card.brand, last4: number.slice(-4) },
      };
    },

    async chargeSavedCard(input) {
      const { db, clock } = services();
      const answer = (row: typeof sandboxCardCharges.$inferSelect) =>
        row.status === 'succeeded'
          ? ({ status: 'succeeded', paymentReference: row.paymentIntent } as const)
          : ({
              status: 'declined',
              declineCode: row.declineCode ?? 'card_declined',
              message: LATER_FAILURE_MESSAGES[row.declineCode ?? ''] ?? 'Your card was declined.',
            } as const);
      // Insert first (one query for a new key, as the billing run's keys nearly always are; ADR 320); a key
      // seen before answers the first charge's outcome.
      const last4 = /^pm_test_(\d{4})_/.exec(input.paymentMethodReference)?.[1];
      const number = Object.keys(TEST_CARDS).find((n) => last4 && n.endsWith(last4));
      const failure = number ? LATER_FAILURES[number] : 'card_declined';
      // Prepared once per database: the billing run sends thousands of these (ADR 320, amendment).
      const [row] = await prepared(db, 'sandbox_card_charge', (d) =>
        d
          .insert(sandboxCardCharges)
          .values({
            idempotencyKey: sql.placeholder('idempotencyKey'),
            paymentMethod: sql.placeholder('paymentMethod'),
            amountPence: sql.placeholder('amountPence'),
            status: sql.placeholder('status'),
            declineCode: sql.placeholder('declineCode'),
            paymentIntent: sql.placeholder('paymentIntent'),
            createdAt: sql.placeholder('createdAt'),
          })
          .onConflictDoNothing()
          .returning()
          .prepare('sandbox_card_charge'),
      ).execute({
        idempotencyKey: input.idempotencyKey,
        paymentMethod: input.paymentMethodReference,
        amountPence: input.amountPence,
        status: failure ? 'declined' : 'succeeded',
        declineCode: failure ?? null,
        paymentIntent: sandboxId('pi_test_'),
        createdAt: clock.now(),
      });
      if (row) return answer(row);
      const [first] = await db
        .select()
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.idempotencyKey, input.idempotencyKey));
      return answer(first!);
    },

    async expireSession(sessionId) {
      const { db } = services();
      await db
        .update(sandboxCardSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCardSessions.id, sessionId), eq(sandboxCardSessions.status, 'open')));
    },

    async refundPayment(input) {
      const { db, clock } = services();
      await db
        .update(sandboxCardSessions)
        .set({ refundedAt: clock.now() })
        .where(
          and(
            eq(sandboxCardSessions.paymentIntent, input.paymentReference),
            isNull(sandboxCardSessions.refundedAt),
          ),
        );
      return { refundReference: `re_test_${input.idempotencyKey.replace(/-/g, '').slice(0, 24)}` };
    },

    async parseWebhook(rawBody, signatureHeader) {
      verifyStripeStyle(rawBody, signatureHeader, await webhookSecret(), services().clock.now());
      return readStripeStyleEvent(rawBody);
    },
  };
}

/** Reads the sandbox's Stripe-shaped event (the same envelope Stripe sends). */
export function readStripeStyleEvent(rawBody: string): CardEvent {
  let event: {
    id: string;
    type: string;
    data: { object: Record<string, unknown> };
  };
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('Webhook body is not JSON');
  }
  // A signed body of the wrong shape ({}, [], null) is refused like a bad signature: a 400, never a 500.
  if (
    !isObject(event) ||
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    !isObject(event.data?.object)
  )
    throw new WebhookSignatureError('Webhook body is not a card event');
  const s = event.data.object;
  const kind =
    event.type === 'checkout.session.completed'
      ? 'session.completed'
      : event.type === 'checkout.session.async_payment_failed'
        ? 'session.payment_failed'
        : event.type === 'checkout.session.expired'
          ? 'session.expired'
          : 'ignored';
  const card = s.payment_method_details as { id: string; brand: string; last4: string } | null | undefined;
  return {
    id: event.id,
    providerType: event.type,
    kind,
    sessionId: String(s.id),
    mode: s.mode === 'setup' ? 'setup' : 'payment',
    clientReference: (s.client_reference_id as string | null) ?? null,
    metadata: (s.metadata as Record<string, string>) ?? {},
    amountPence: typeof s.amount_total === 'number' ? s.amount_total : null,
    paymentReference: (s.payment_intent as string | null) ?? null,
    declineCode: (s.decline_code as string | null) ?? null,
    card: card ?? null,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
