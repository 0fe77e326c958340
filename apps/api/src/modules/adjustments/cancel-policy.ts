import type { Adjustment } from '@forecourt/contracts/adjustments';
import type { Ctx } from '../../lib/context.ts';
import { commitAdjustment, createAdjustment } from './commit-adjustment.ts';

/**
 * Cancels a policy as its owner (or staff acting for them) would: makes the cancellation and confirms it
 * (spec 2 §4). For the demo seed and other lanes; `ctx.caller` must own the policy.
 */
export async function cancelPolicy(
  ctx: Ctx,
  o: { policyId: string; reason: string; effectiveAt?: Date | undefined },
): Promise<Adjustment> {
  const made = await createAdjustment(ctx, {
    adjustmentType: 'CANCELLATION',
    policyId: o.policyId,
    reason: o.reason,
    changes: [],
    effectiveAt: o.effectiveAt?.toISOString() ?? null,
  });
  return commitAdjustment(ctx, made.adjustmentId);
}
