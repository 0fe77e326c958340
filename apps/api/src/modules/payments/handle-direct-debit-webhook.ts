import { and, eq } from 'drizzle-orm';
import { paymentMethods, webhookEvents } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { WebhookSignatureError } from '../../providers/card-payments/card-payments-provider.ts';
import type { DirectDebitEvent, MandateStatus } from '../../providers/direct-debit/direct-debit-provider.ts';
import { applyDirectDebitPaymentEvent } from './collect-direct-debit.ts';
import { type AfterCommit, runAfterCommit } from './fulfilment.ts';
import { mandateActivated } from './method-ready.ts';
import { applyDirectDebitRefundEvent } from './refund-payment.ts';

const MANDATE_ACTIONS: Record<string, MandateStatus> = {
  active: 'ACTIVE',
  reinstated: 'ACTIVE',
  cancelled: 'CANCELLED',
  failed: 'CANCELLED',
  expired: 'CANCELLED',
};

/**
 * POST /api/gocardless/webhooks: verify the Webhook-Signature, then apply each event once (events already
 * seen are skipped), all in one transaction: mandate events set the mandate's status, payment events settle or
 * fail the collection (ADR 204), refund events settle or fail the refund line (ADR 305).
 */
export async function handleDirectDebitWebhook(ctx: Ctx, rawBody: string, signature: string | undefined) {
  const provider = ctx.providers.directDebit;
  let events: DirectDebitEvent[];
  try {
    events = await provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      ctx.log.warn({ reason: err.message }, 'Direct Debit webhook rejected');
      throw validation({ signature: [err.message] }, 'Invalid webhook signature');
    }
    throw err;
  }
  const afterCommit: (AfterCommit | undefined)[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    let applied = 0;
    for (const event of events) {
      const fresh = await tx
        .insert(webhookEvents)
        .values({
          provider: `dd:${provider.name}`,
          eventId: event.id,
          type: `${event.resourceType}.${event.action}`,
        })
        .onConflictDoNothing()
        .returning();
      if (fresh.length === 0) continue;
      applied++;
      if (event.resourceType === 'payments' && event.paymentId) {
        await applyDirectDebitPaymentEvent(
          { ...ctx, db: tx },
          {
            action: event.action,
            paymentId: event.paymentId,
            cause: event.cause,
            createdAt: event.createdAt,
          },
        );
        continue;
      }
      if (event.resourceType === 'refunds' && event.refundId) {
        await applyDirectDebitRefundEvent(
          { ...ctx, db: tx },
          { action: event.action, refundId: event.refundId },
        );
        continue;
      }
      const status = MANDATE_ACTIONS[event.action];
      if (event.resourceType !== 'mandates' || !status || !event.mandateId) continue;
      const [method] = await tx
        .update(paymentMethods)
        .set({ mandateStatus: status, updatedAt: ctx.clock.now() })
        .where(
          and(
            eq(paymentMethods.provider, provider.name),
            eq(paymentMethods.providerReference, event.mandateId),
          ),
        )
        .returning();
      // The bank can speak of a mandate before the app has recorded it: the completion of the redirect flow
      // (provider first, then our row) races the provider's first events. Answered 409 with nothing recorded,
      // so the provider sends the batch again and the status is not lost (ADR 366).
      if (!method) {
        ctx.log.warn(
          { mandateId: event.mandateId, action: event.action },
          'Mandate event before the mandate',
        );
        throw new AppError(
          'CONFLICT',
          `Mandate ${event.mandateId} is not known here yet: send the event again`,
        );
      }
      // A mandate set up from the billing tab collects for its account once active (ADR 310).
      if (status === 'ACTIVE') afterCommit.push(await mandateActivated(ctx, tx, method));
    }
    return { received: true as const, duplicate: events.length > 0 && applied === 0 };
  });
  for (const work of afterCommit) await runAfterCommit(ctx, work);
  return result;
}
