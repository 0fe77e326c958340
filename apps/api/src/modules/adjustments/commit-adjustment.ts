import type { Adjustment, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { payOutCancellationRefund } from '../billing/index.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { ownAdjustment, toAdjustment } from './adjustment-view.ts';
import { makeCancellation } from './cancellation.ts';
import { confirmCancellation } from './confirm-cancellation.ts';
import { confirmMta } from './confirm-mta.ts';
import { makeMta } from './mta.ts';
import { confirmSda, makeSda } from './sda.ts';

/** POST /api/policyAdjustments: makes an adjustment to review; nothing changes until it is committed. */
export async function createAdjustment(ctx: Ctx, input: CreateAdjustmentRequest): Promise<Adjustment> {
  const partyId = requireParty(ctx.caller);
  if (input.adjustmentType === 'SDA') return toAdjustment(await makeSda(ctx, input, partyId));
  if (input.adjustmentType !== 'CANCELLATION') return toAdjustment(await makeMta(ctx, input, partyId));
  return toAdjustment(await makeCancellation(ctx, input, partyId));
}

/**
 * POST /api/policyAdjustments/{id}/commit: confirms the adjustment exactly once. The row is locked, so two
 * commits at once confirm it once; a confirmed one answers as it is (a retry); one older than its validity is
 * gone (410) and must be made again. Money is paid back after the transaction has committed.
 */
export async function commitAdjustment(ctx: Ctx, adjustmentId: string): Promise<Adjustment> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const row = await ownAdjustment(txCtx, adjustmentId, true);
    if (row.confirmedAt) return { row, refundLineId: null };
    if (ctx.clock.now() > row.expiresAt) {
      throw new AppError('GONE', 'This change has expired: please make it again.', {
        details: { reason: 'ADJUSTMENT_GONE' },
      });
    }
    if (row.adjustmentType === 'CANCELLATION') return confirmCancellation(txCtx, row);
    if (row.adjustmentType === 'SDA') return confirmSda(txCtx, row);
    return confirmMta(txCtx, row);
  });
  if (outcome.refundLineId) await payOutCancellationRefund(ctx, outcome.refundLineId);
  if ('policyVersionId' in outcome && typeof outcome.policyVersionId === 'string')
    await requestPolicyDocuments(ctx, outcome.policyVersionId);
  return toAdjustment(outcome.row);
}
