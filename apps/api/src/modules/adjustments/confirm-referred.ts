import { adjustmentMachine, adjustmentState } from '@forecourt/domain/lifecycle/index';
import { and, eq } from 'drizzle-orm';
import { policyAdjustments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { cancellationFigures } from '../billing/index.ts';
import { getPolicy } from '../policies/index.ts';
import { type AdjustmentRow, storeAdjustment } from './adjustment-view.ts';
import { cancellationNotAllowed, windowOf } from './cancellation.ts';
import { confirmCancellation } from './confirm-cancellation.ts';

/** The stored reason of the cancellation a referred change led to (ADR 256). */
const referredReason = (adjustmentId: string) => `Referred|${adjustmentId}`;

/** A referred change confirmed without the customer's agreement: 422, "call us" (spec 3 §4 step 3). */
export const referredRefused = () =>
  new AppError('UNPROCESSABLE', 'We cannot make this change online: please call us.', {
    details: { reason: 'ADJUSTMENT_REFERRED' },
  });

/**
 * A referred change the customer confirmed with the agreement tick (spec 3 §4 step 3, §5 "Referred
 * adjustment"; ADR 256), in the caller's transaction: the policy cannot carry the new risk, so the cover ends
 * and the policy is cancelled at once, by the rule that applies now (cooling-off or standard), with its refund.
 * The change itself is closed unconfirmed; the answer is the cancellation.
 */
export async function cancelForReferredChange(ctx: Ctx, row: AdjustmentRow) {
  nextStatus(adjustmentMachine, adjustmentState(row), 'closeReferred');
  const policy = await getPolicy(ctx, row.policyId);
  const window = windowOf(ctx, policy);
  if (!window.allowed) throw cancellationNotAllowed();
  const now = ctx.clock.now();
  const figures = await cancellationFigures(ctx, { policyId: row.policyId, at: now });
  const cancellation = await storeAdjustment(ctx, {
    policyId: row.policyId,
    partyId: row.partyId,
    adjustmentType: 'CANCELLATION',
    reason: referredReason(row.id),
    changes: [],
    effectiveAt: now,
    immediate: true,
    cancellationType: window.type,
    creditPence: figures.creditPence,
    refundPence: figures.refundPence,
    prorataPremiumPence: -figures.refundPence,
  });
  const outcome = await confirmCancellation(ctx, cancellation);
  await ctx.db.update(policyAdjustments).set({ completedAt: now }).where(eq(policyAdjustments.id, row.id));
  return outcome;
}

/** The cancellation a referred change already led to (a retried commit answers it again), if any. */
export async function cancellationOfReferred(ctx: Ctx, row: AdjustmentRow): Promise<AdjustmentRow | null> {
  const [found] = await ctx.db
    .select()
    .from(policyAdjustments)
    .where(
      and(eq(policyAdjustments.policyId, row.policyId), eq(policyAdjustments.reason, referredReason(row.id))),
    );
  return found ?? null;
}
