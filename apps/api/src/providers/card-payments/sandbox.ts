import { addWorkingDays } from '@forecourt/domain/calendar/working-days';
import { londonDate, startOfDayLondon } from '@forecourt/domain/dates';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { prepared } from '../../db/prepared.ts';
import {
  sandboxCardCharges,
  sandboxCardDisputes,
  sandboxCardRefunds,
  sandboxCardSessions,
  sandboxCardTokens,
} from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import { rememberedSecret } from '../../lib/secrets.ts';
import type { ProviderHost } from '../host.ts';
import {
  CARD_TOKEN_VALIDITY_SECONDS,
  type CardEvent,
  type CardPaymentsProvider,
  readDisputeEvent,
  readRefundEvent,
  WebhookSignatureError,
} from './card-payments-provider.ts';
import { signStripeStyle, verifyStripeStyle } from './signature.ts';
import {
  DECLINE_MESSAGES,
  LATER_FAILURE_MESSAGES,
  LATER_FAILURES,
  REFUND_FAILS_LATER,
  SANDBOX_CARD_REFUND_FAILS_WORKING_DAYS,
  STATIC_TOKENS,
  savedCardId,
  TEST_CARDS,
} from './test-cards.ts';
import {
  deliverWebhook,
  notBeingSent,
  sandboxId,
  sendingLease,
  tellAndHandBack,
  untoldSteps,
} from './webhook-delivery.ts';

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The card networks' day for refunds at the app's clock (ADR 406), for the tests, the simulation and the job:
 * answers how many refunds failed, 0 with the real provider (Stripe tells its own).
 */
export async function advanceSandboxCardRefunds(services: {
  providers: { cardPayments: CardPaymentsProvider };
}) {
  const provider = services.providers.cardPayments;
  if (provider.name !== 'sandbox') return 0;
  return (provider as SandboxCardPayments).advanceRefunds();
}

/** The sandbox's card refunds moved on every ten minutes; only with the sandbox provider. */
export const sandboxCardRefundsJob = defineJob({
  name: 'sandbox-card-refunds',
  payload: z.object({}),
  schedule: { cron: '*/10 * * * *', payload: {} },
  enabled: (services) => services.providers.cardPayments.name === 'sandbox',
  async handler(services) {
    await advanceSandboxCardRefunds(services);
  },
});

export interface SandboxCardPayments extends CardPaymentsProvider {
  services(): ProviderHost;
  webhookSecret(): Promise<string>;
  /**
   * The cardholder disputes a payment the sandbox took (ADR 392), and the issuer takes the money back from the
   * insurer at once, as Stripe reports it (`charge.dispute.funds_withdrawn`). One dispute per payment. Answers
   * whether the payment is disputed, and whether the app acknowledged the event (a refused one is sent again by
   * the next call).
   */
  disputePayment(paymentIntent: string, reason?: string): Promise<{ disputed: boolean; delivered: boolean }>;
  /**
   * The dispute is decided for the insurer and the issuer gives the money back (`charge.dispute.funds_reinstated`).
   * Answers whether it was, and whether the app acknowledged it (if not, the next call sends it again).
   */
  reinstateDispute(paymentIntent: string): Promise<{ reinstated: boolean; delivered: boolean }>;
  /**
   * The card networks' day for refunds (ADR 406): each refund to a card whose refunds fail (REFUND_FAILS_LATER)
   * that is a working day old fails, told by a signed `charge.refund.updated`; one the app did not acknowledge
   * (or a process killed before it was sent) stays failed and is sent again at the next call (ADR 409). Answers
   * how many failures the app heard.
   */
  advanceRefunds(): Promise<number>;
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
  /** An event, signed like Stripe's and posted to the app at `url`: answers whether the app acknowledged it. */
  const sendEvent = async (url: string, type: string, object: Record<string, unknown>) => {
    const created = Math.floor(services().clock.now().getTime() / 1000);
    const body = JSON.stringify({
      id: sandboxId('evt_test_'),
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object },
    });
    const signature = signStripeStyle(body, await webhookSecret(), created);
    return deliverWebhook(url, body, { 'stripe-signature': signature });
  };
  /** A dispute's money moving (ADR 392). */
  const sendDispute = (type: string, d: typeof sandboxCardDisputes.$inferSelect) =>
    sendEvent(`${services().selfOrigin()}/api/stripe/webhooks`, type, {
      id: d.id,
      object: 'dispute',
      amount: d.amountPence,
      currency: 'gbp',
      payment_intent: d.paymentIntent,
      reason: d.reason,
      status: d.status === 'funds_reinstated' ? 'won' : 'needs_response',
    });
  /** A refund no longer on its path (ADR 409): what was untold of it is not sent. */
  const forgetUntold = (r: typeof sandboxCardRefunds.$inferSelect) =>
    services()
      .db.update(sandboxCardRefunds)
      .set({ untoldFrom: null, tells: r.tells + 1 })
      .where(and(eq(sandboxCardRefunds.id, r.id), eq(sandboxCardRefunds.tells, r.tells)));
  /** A refund's change (ADR 406), as Stripe's `charge.refund.updated`. */
  const sendRefund = (type: string, r: typeof sandboxCardRefunds.$inferSelect) =>
    sendEvent(r.webhookUrl, type, {
      id: r.id,
      object: 'refund',
      amount: r.amountPence,
      currency: 'gbp',
      payment_intent: r.paymentIntent,
      status: r.status,
      failure_reason: r.failureReason,
      metadata: r.metadata,
      created: Math.floor(r.createdAt.getTime() / 1000),
    });
  /** The last four digits of the card a payment was taken from: its hosted page's, or its saved card's. */
  const cardLast4Of = async (paymentIntent: string) => {
    const { db } = services();
    const [session] = await db
      .select({ last4: sandboxCardSessions.cardLast4 })
      .from(sandboxCardSessions)
      .where(eq(sandboxCardSessions.paymentIntent, paymentIntent));
    if (session?.last4) return session.last4;
    const [charge] = await db
      .select({ method: sandboxCardCharges.paymentMethod })
      .from(sandboxCardCharges)
      .where(eq(sandboxCardCharges.paymentIntent, paymentIntent));
    return /^pm_test_(\d{4})_/.exec(charge?.method ?? '')?.[1];
  };
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
      const paymentIntent = sandboxId('pi_test_');
      const saved = savedCardId(number, sandboxId(''));
      // Recorded as Stripe keeps every charge, so that a phone payment can be disputed too (ADR 392).
      await db.insert(sandboxCardCharges).values({
        idempotencyKey: `token_${paymentIntent}`,
        paymentMethod: saved,
        amountPence: input.amountPence,
        status: 'succeeded',
        paymentIntent,
        createdAt: now,
      });
      return {
        status: 'succeeded',
        paymentReference: paymentIntent,
        card: { id: saved, brand: card.brand, last4: number.slice(-4) },
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
      const { db, clock, selfOrigin } = services();
      const now = clock.now();
      await db
        .update(sandboxCardSessions)
        .set({ refundedAt: now })
        .where(
          and(
            eq(sandboxCardSessions.paymentIntent, input.paymentReference),
            isNull(sandboxCardSessions.refundedAt),
          ),
        );
      // One refund per key, with an id of its own, as Stripe keeps them: a retried key answers the same refund.
      await db
        .insert(sandboxCardRefunds)
        .values({
          id: sandboxId('re_test_'),
          idempotencyKey: input.idempotencyKey,
          paymentIntent: input.paymentReference,
          amountPence: input.amountPence,
          status: 'succeeded',
          fails: REFUND_FAILS_LATER.has((await cardLast4Of(input.paymentReference)) ?? ''),
          metadata: input.metadata,
          webhookUrl: `${selfOrigin()}/api/stripe/webhooks`,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      const [made] = await db
        .select({ id: sandboxCardRefunds.id, status: sandboxCardRefunds.status })
        .from(sandboxCardRefunds)
        .where(eq(sandboxCardRefunds.idempotencyKey, input.idempotencyKey));
      if (!made) throw new Error('sandbox refund vanished');
      return { refundReference: made.id, status: made.status };
    },

    async advanceRefunds() {
      const { db, clock } = services();
      const now = clock.now();
      const open = await db
        .select()
        .from(sandboxCardRefunds)
        .where(
          or(
            and(eq(sandboxCardRefunds.status, 'succeeded'), eq(sandboxCardRefunds.fails, true)),
            isNotNull(sandboxCardRefunds.untoldFrom),
          ),
        );
      let failed = 0;
      for (const r of open) {
        const path = r.fails ? (['succeeded', 'failed'] as const) : (['succeeded'] as const);
        const due = addWorkingDays(
          startOfDayLondon(londonDate(r.createdAt)),
          SANDBOX_CARD_REFUND_FAILS_WORKING_DAYS,
        );
        const next = untoldSteps(path, r, due <= now ? 1 : 0);
        if (!next) {
          // Left its path with something untold: nothing more to tell of it.
          if (r.untoldFrom !== null) await forgetUntold(r);
          continue;
        }
        // The failure and what the app has still to hear, in one write; one tick of two takes it on (ADR 409).
        const [won] = await db
          .update(sandboxCardRefunds)
          .set({
            status: next.target,
            untoldFrom: r.untoldFrom ?? r.status,
            tells: r.tells + 1,
            sendingUntil: sendingLease(),
            ...(r.status !== next.target
              ? { failureReason: 'expired_or_canceled_card', updatedAt: now }
              : {}),
          })
          .where(
            and(
              eq(sandboxCardRefunds.id, r.id),
              eq(sandboxCardRefunds.status, r.status),
              eq(sandboxCardRefunds.tells, r.tells),
              notBeingSent(sandboxCardRefunds.sendingUntil),
            ),
          )
          .returning();
        if (!won) continue;
        // Not heard (the app answered an error or was down): the next tick sends it again.
        const heard = await tellAndHandBack(db, sandboxCardRefunds, won, next.steps, () =>
          sendRefund('charge.refund.updated', won),
        );
        if (heard === next.target) failed++;
      }
      return failed;
    },

    async disputePayment(paymentIntent, reason = 'fraudulent') {
      const { db, clock } = services();
      const [session] = await db
        .select({ amountPence: sandboxCardSessions.amountPence, refundedAt: sandboxCardSessions.refundedAt })
        .from(sandboxCardSessions)
        .where(eq(sandboxCardSessions.paymentIntent, paymentIntent));
      const [charge] = await db
        .select({ amountPence: sandboxCardCharges.amountPence })
        .from(sandboxCardCharges)
        .where(
          and(
            eq(sandboxCardCharges.paymentIntent, paymentIntent),
            eq(sandboxCardCharges.status, 'succeeded'),
          ),
        );
      const amount = session && !session.refundedAt ? session.amountPence : charge?.amountPence;
      if (!amount) return { disputed: false, delivered: false };
      await db
        .insert(sandboxCardDisputes)
        .values({
          paymentIntent,
          id: sandboxId('dp_test_'),
          amountPence: amount,
          reason,
          status: 'funds_withdrawn',
          updatedAt: clock.now(),
        })
        .onConflictDoNothing();
      const [d] = await db
        .select()
        .from(sandboxCardDisputes)
        .where(eq(sandboxCardDisputes.paymentIntent, paymentIntent));
      // One dispute per payment: one decided already is not raised again.
      if (d?.status !== 'funds_withdrawn') return { disputed: false, delivered: false };
      return { disputed: true, delivered: await sendDispute('charge.dispute.funds_withdrawn', d) };
    },

    async reinstateDispute(paymentIntent) {
      const { db, clock } = services();
      const [d] = await db
        .update(sandboxCardDisputes)
        .set({ status: 'funds_reinstated', updatedAt: clock.now() })
        .where(
          and(
            eq(sandboxCardDisputes.paymentIntent, paymentIntent),
            eq(sandboxCardDisputes.status, 'funds_withdrawn'),
          ),
        )
        .returning();
      if (!d) return { reinstated: false, delivered: false };
      const delivered = await sendDispute('charge.dispute.funds_reinstated', d);
      // Not heard (the app answered 409 or was down): withdrawn again, so the next call sends it again.
      if (!delivered)
        await db
          .update(sandboxCardDisputes)
          .set({ status: 'funds_withdrawn', updatedAt: clock.now() })
          .where(eq(sandboxCardDisputes.paymentIntent, paymentIntent));
      return { reinstated: delivered, delivered };
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
  const dispute = readDisputeEvent(event.id, event.type, s) ?? readRefundEvent(event.id, event.type, s);
  if (dispute) return dispute;
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
