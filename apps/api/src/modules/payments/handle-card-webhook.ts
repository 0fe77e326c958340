import { randomUUID } from 'node:crypto';
import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray } from 'drizzle-orm';
import { customerPayments, paymentMethods, paymentSessions, webhookEvents } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { validation } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import {
  type CardEvent,
  WebhookSignatureError,
} from '../../providers/card-payments/card-payments-provider.ts';
import { applyCardDispute } from './card-disputed.ts';
import { applyCardRefundFailed } from './card-refund-failed.ts';
import { closeOpenSessions, expireAtProvider } from './create-card-session.ts';
import { type AfterCommit, fulfil, runAfterCommit } from './fulfilment.ts';
import { methodReady } from './method-ready.ts';
import { flagSurplus, refundFlagged } from './surplus.ts';

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
  let closed: string[] = [];
  let surplusOf: string | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ provider: `card:${provider.name}`, eventId: event.id, type: event.providerType })
      .onConflictDoNothing()
      .returning();
    if (fresh.length === 0) return { received: true as const, duplicate: true };
    const txCtx = { ...ctx, db: tx };
    if (event.kind === 'dispute.funds_withdrawn' || event.kind === 'dispute.funds_reinstated') {
      await applyCardDispute(txCtx, provider.name, event);
      return { received: true as const, duplicate: false };
    }
    if (event.kind === 'refund.failed') {
      await applyCardRefundFailed(txCtx, provider.name, event);
      return { received: true as const, duplicate: false };
    }
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
          .set({ status: FAIL.to, declineCode: event.declineCode, updatedAt: now })
          .where(
            and(eq(customerPayments.id, session.customerPaymentId), eq(customerPayments.status, 'PENDING')),
          );
      }
    } else {
      const card = event.card ? await saveCard(txCtx, session.partyId, provider.name, event.card) : undefined;
      await tx
        .update(paymentSessions)
        .set({ status: 'complete', completedAt: now, paymentMethodId: card?.id ?? null })
        .where(eq(paymentSessions.id, session.id));
      if (card && session.kind === 'setup') {
        afterCommit = await methodReady(ctx, tx, {
          partyId: session.partyId,
          clientReference: session.clientReference,
          method: card,
        });
      }
      if (session.customerPaymentId) {
        const [settled] = await tx
          .update(customerPayments)
          .set({
            status: SETTLE.to,
            provider: provider.name,
            providerReference: event.paymentReference,
            declineCode: null,
            settledAt: now,
            updatedAt: now,
          })
          .where(
            and(
              eq(customerPayments.id, session.customerPaymentId),
              inArray(customerPayments.status, SETTLE.from),
            ),
          )
          .returning();
        if (settled) {
          afterCommit = await fulfil(txCtx, settled);
          // The other pages open for the same thing can no longer take money for it (ADR 341).
          closed = await closeOpenSessions(tx, settled, session.id);
          surplusOf = settled.id;
        } else if (event.mode === 'payment' && event.paymentReference && (event.amountPence ?? 0) > 0) {
          surplusOf = await flagDuplicate(ctx, tx, session, event);
        }
      }
    }
    return { received: true as const, duplicate: false };
  });
  await runAfterCommit(ctx, afterCommit);
  for (const id of closed) await expireAtProvider(ctx, id);
  if (surplusOf) await refundFlagged(ctx, surplusOf);
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
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.provider, provider), eq(paymentMethods.providerReference, card.id)));
  return row;
}

/**
 * Issue 9 §4 (ADR 131): money arrived on a session whose payment is already settled (paid on another
 * session, or by phone). It is flagged for staff, recorded in the ledger and refunded in full through the
 * provider once the transaction (tx) has committed (flagSurplus, ADR 341). Answers the payment to refund for.
 */
async function flagDuplicate(
  ctx: Ctx,
  tx: Ctx['db'],
  session: typeof paymentSessions.$inferSelect,
  event: CardEvent,
): Promise<string | undefined> {
  const [payment] = await tx
    .select()
    .from(customerPayments)
    .where(eq(customerPayments.id, session.customerPaymentId ?? ''));
  if (!payment || payment.providerReference === event.paymentReference) return undefined;
  const flag = await flagSurplus(ctx, tx, {
    payment,
    paymentReference: event.paymentReference ?? '',
    amountPence: event.amountPence ?? 0,
    sessionId: session.id,
  });
  return flag ? payment.id : undefined;
}

/** Customer payments move through the payment machine (ADR 345). */
const SETTLE = guardOf(paymentMachine, 'settle');
const FAIL = guardOf(paymentMachine, 'fail');
