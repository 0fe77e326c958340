import type {
  Adjustment,
  CommitAdjustmentRequest,
  CreateAdjustmentRequest,
} from '@forecourt/contracts/adjustments';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { payOutCancellationRefund } from '../billing/index.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { type AdjustmentRow, ownAdjustment, toAdjustment } from './adjustment-view.ts';
import { makeCancellation } from './cancellation.ts';
import { confirmCancellation } from './confirm-cancellation.ts';
import { confirmMta } from './confirm-mta.ts';
import { cancelForReferredChange, cancellationOfReferred, referredRefused } from './confirm-referred.ts';
import { makeMta } from './mta.ts';
import { confirmSda, makeSda } from './sda.ts';

/** POST /api/policyAdjustments: makes an adjustment to review; nothing changes until it is committed. */
export async function createAdjustment(ctx: Ctx, input: CreateAdjustmentRequest): Promise<Adjustment> {
  const partyId = requireParty(ctx.caller);
  if (input.adjustmentType === 'SDA') return toAdjustment(await makeSda(ctx, input, partyId));
  if (input.adjustmentType !== 'CANCELLATION') return toAdjustment(await makeMta(ctx, input, partyId));
  return toAdjustment(await makeCancellation(ctx, input, partyId));
}

/** Spec 3 §4 step 3: a change any of whose updated versions is REFERRAL. */
const isReferred = (row: AdjustmentRow) =>
  (row.updatedVersions as { ratingStatus?: string }[]).some((v) => v.ratingStatus === 'REFERRAL');

/**
 * POST /api/policyAdjustments/{id}/commit: confirms the adjustment exactly once. The row is locked, so two
 * commits at once confirm it once; a confirmed one answers as it is (a retry); one older than its validity is
 * gone (410) and must be made again. A referred change is confirmed only with `acceptCancellation`, and then
 * cancels the policy at once (ADR 256), answering the cancellation. Money is paid back after the transaction has committed.
 */
export async function commitAdjustment(
  ctx: Ctx,
  adjustmentId: string,
  options: CommitAdjustmentRequest = {},
): Promise<Adjustment> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await ownAdjustment(txCtx, adjustmentId, true);
    if (row.confirmedAt) return { row, refundLineId: null };
    // A referred change already answered by cancelling the policy: the same cancellation again.
    const cancelled = row.completedAt ? await cancellationOfReferred(txCtx, row) : null;
    if (cancelled) return { row: cancelled, refundLineId: null };
    if (ctx.clock.now() > row.expiresAt) {
      throw new AppError('GONE', 'This change has expired: please make it again.', {
        details: { reason: 'ADJUSTMENT_GONE' },
      });
    }
    if (row.adjustmentType === 'CANCELLATION') return confirmCancellation(txCtx, row);
    if (row.adjustmentType === 'SDA') return confirmSda(txCtx, row);
    if (isReferred(row)) {
      if (options?.acceptCancellation !== true) throw referredRefused();
      return cancelForReferredChange(txCtx, row);
    }
    return confirmMta(txCtx, row);
  });
  if (outcome.refundLineId) await payOutCancellationRefund(ctx, outcome.refundLineId);
  if ('policyVersionId' in outcome && typeof outcome.policyVersionId === 'string')
    await requestPolicyDocuments(ctx, outcome.policyVersionId);
  return toAdjustment(outcome.row);
}
