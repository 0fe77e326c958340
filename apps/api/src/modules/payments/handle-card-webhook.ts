import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { customerPayments, paymentMethods, paymentSessions, webhookEvents } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import {
  type CardEvent,
  WebhookSignatureError,
} from '../../providers/card-payments/card-payments-provider.ts';
import { type AfterCommit, fulfil, runAfterCommit } from './fulfilment.ts';

/**
 * POST /api/stripe/webhooks. The signature is checked before anything is read (bad: 400, nothing changes).
 * Each event is applied once, in one transaction with its record in webhook_events: a replay answers 200
 * and changes nothing.
 */
export async function handleCardWebhook(ctx: Ctx, rawBody: string, signature: string | undefined) {
  const provider = ctx.providers.cardPayments;
  let event: CardEvent;
  try {
    event = await provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      ctx.log.warn({ reason: err.message }, 'card webhook rejected');
      throw validation({ signature: [err.message] }, 'Invalid webhook signature');
    }
    throw err;
  }
  let afterCommit: AfterCommit | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ provider: `card:${provider.name}`, eventId: event.id, type: event.providerType })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return { received: true as const, duplicate: true };
    const txCtx = { ...ctx, db: tx };
    const now = ctx.clock.now();
    const [session] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, event.sessionId));
    if (!session || event.kind === 'ignored') return { received: true as const, duplicate: false };

    if (event.kind === 'session.expired') {
      await tx
        .update(paymentSessions)
        .set({ status: 'expired' })
        .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open')));
    } else if (event.kind === 'session.payment_failed') {
      await tx
        .update(paymentSessions)
        .set({ status: 'failed', declineCode: event.declineCode, completedAt: now })
        .where(eq(paymentSessions.id, session.id));
      if (session.customerPaymentId) {
        await tx
          .update(customerPayments)
          .set({ status: 'FAILED', declineCode: event.declineCode, updatedAt: now })
          .where(
            and(eq(customerPayments.id, session.customerPaymentId), eq(customerPayments.status, 'PENDING')),
          );
      }
    } else {
      await tx
        .update(paymentSessions)
        .set({ status: 'complete', completedAt: now })
        .where(eq(paymentSessions.id, session.id));
      if (event.card) await saveCard(txCtx, session.partyId, provider.name, event.card);
      if (session.customerPaymentId) {
        const [settled] = await tx
          .update(customerPayments)
          .set({
            status: 'SETTLED',
            provider: provider.name,
            providerReference: event.paymentReference,
            declineCode: null,
            settledAt: now,
            updatedAt: now,
          })
          .where(
            and(eq(customerPayments.id, session.customerPaymentId), eq(customerPayments.status, 'PENDING')),
          )
          .returning();
        if (settled) afterCommit = await fulfil(txCtx, settled);
      }
    }
    return { received: true as const, duplicate: false };
  });
  await runAfterCommit(ctx, afterCommit);
  return result;
}

export async function saveCard(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  partyId: string,
  provider: string,
  card: { id: string; brand: string; last4: string },
) {
  await ctx.db
    .insert(paymentMethods)
    .values({
      id: randomUUID(),
      partyId,
      type: 'CARD',
      provider,
      providerReference: card.id,
      display: `${card.brand.toUpperCase()} •••• ${card.last4}`,
      cardBrand: card.brand,
      cardLast4: card.last4,
    })
    .onConflictDoNothing();
}
