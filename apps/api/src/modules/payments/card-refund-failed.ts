import { and, eq } from 'drizzle-orm';
import { duplicatePayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish, type SurplusRef } from '../../lib/domain-events.ts';
import type { CardEvent } from '../../providers/card-payments/card-payments-provider.ts';
import { applyRefundStatus } from './refund-payment.ts';

/**
 * A card refund that failed after it was made (ADR 406): Stripe says `succeeded` when a refund is made, and
 * `failed` days later (`charge.refund.updated`) when the card network could not return the money, say to a closed
 * card. In the webhook's transaction:
 * - the refund part becomes `failed`, and `refund.outcome` tells billing the money came back: the account holds
 *   it again (a refund reversal), the customer is told once, and the policy's pages ask them to call (ADR 405);
 * - a surplus payment's refund (ADR 341) is flagged for staff, who see the customer's flags: `refund_returned` when
 *   the customer's account holds it again (a surplus posted on the ledger), `refund_failed` when nothing does and
 *   staff must pay it back (ADR 406).
 * A refund the app never made (not ours, or another provider's) changes nothing. A replay of the event changes
 * nothing (webhook_events; the part is failed and the flag moved already).
 */
export async function applyCardRefundFailed(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  provider: string,
  event: CardEvent,
) {
  const refundId = event.refund?.id;
  if (!refundId) return;
  const [flag] = await ctx.db
    .select()
    .from(duplicatePayments)
    .where(
      and(
        eq(duplicatePayments.provider, provider),
        eq(duplicatePayments.refundReference, refundId),
        eq(duplicatePayments.status, 'refunded'),
      ),
    )
    .for('update');
  const surplus: SurplusRef | null = flag
    ? { customerPaymentId: flag.customerPaymentId, paymentReference: flag.paymentReference }
    : null;
  const moved = await applyRefundStatus(ctx, {
    method: 'CARD',
    provider,
    providerRefundId: refundId,
    status: 'failed',
    surplus,
  });
  if (!flag) return;
  // A surplus taken on another charge is refunded with no part of its own (surplus.ts): its outcome is told here.
  const held =
    moved?.held ??
    (
      await publish(
        'refund.outcome',
        { db: ctx.db, at: ctx.clock.now() },
        { reference: flag.id, returned: { amountPence: flag.amountPence }, surplus },
      )
    ).held;
  await ctx.db
    .update(duplicatePayments)
    .set({ status: held ? 'refund_returned' : 'refund_failed' })
    .where(and(eq(duplicatePayments.id, flag.id), eq(duplicatePayments.status, 'refunded')));
}
