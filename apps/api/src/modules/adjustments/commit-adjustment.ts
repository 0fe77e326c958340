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
import type { AfterCommit, SettledPayment } from '../payments/index.ts';
import { type AdjustmentRow, ownAdjustment, toAdjustment } from './adjustment-view.ts';
import { makeCancellation } from './cancellation.ts';
import { adjustmentAnswer } from './change-summary.ts';
import { confirmCancellation } from './confirm-cancellation.ts';
import { confirmMta } from './confirm-mta.ts';
import { cancelForReferredChange, cancellationOfReferred, referredRefused } from './confirm-referred.ts';
import { makeMta } from './mta.ts';
import {
  adjustmentGone,
  paidAdjustment,
  paymentDueFirst,
  refundUnusedPayment,
  settledPaymentOf,
} from './pay-adjustment.ts';
import { confirmSda, makeSda } from './sda.ts';

/** POST /api/policyAdjustments: makes an adjustment to review; nothing changes until it is committed. */
export async function createAdjustment(ctx: Ctx, input: CreateAdjustmentRequest): Promise<Adjustment> {
  const partyId = requireParty(ctx.caller);
  if (input.adjustmentType === 'SDA') return toAdjustment(await makeSda(ctx, input, partyId));
  if (input.adjustmentType !== 'CANCELLATION')
    return adjustmentAnswer(ctx, await makeMta(ctx, input, partyId));
  return toAdjustment(await makeCancellation(ctx, input, partyId));
}

/** Spec 3 §4 step 3: a change any of whose updated versions is REFERRAL. */
const isReferred = (row: AdjustmentRow) =>
  (row.updatedVersions as { ratingStatus?: string }[]).some((v) => v.ratingStatus === 'REFERRAL');

/**
 * POST /api/policyAdjustments/{id}/commit: confirms the adjustment exactly once. The row is locked, so two
 * commits at once confirm it once; a confirmed one answers as it is (a retry); one older than its validity is
 * gone (410) and must be made again. A referred change is confirmed only with `acceptCancellation`, and then
 * cancels the policy at once (ADR 256), answering the cancellation. A dearer change of a policy paid in full
 * needs its card payment first (ADR 300). Money is paid back after the transaction has committed.
 */
export async function commitAdjustment(
  ctx: Ctx,
  adjustmentId: string,
  options: CommitAdjustmentRequest = {},
): Promise<Adjustment> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    return commitLocked(txCtx, await ownAdjustment(txCtx, adjustmentId, true), options);
  });
  await afterCommit(ctx, outcome);
  return adjustmentAnswer(ctx, outcome.row);
}

type Outcome = { row: AdjustmentRow; refundLineId: string | null; policyVersionId?: string };

/**
 * The commit of a locked adjustment, in the caller's transaction. A dearer change of a policy paid in full is
 * made only once paid (ADR 300): with its settled card payment (which also lifts the 30-minute validity: the
 * customer paid while it was valid), else a customer gets 402; staff may still confirm it, leaving the
 * difference outstanding to take by phone or for the customer to pay from the billing tab (ADR 245).
 */
async function commitLocked(
  txCtx: Ctx,
  row: AdjustmentRow,
  options: CommitAdjustmentRequest,
): Promise<Outcome> {
  if (row.confirmedAt) return { row, refundLineId: null };
  // A referred change already answered by cancelling the policy: the same cancellation again.
  const cancelled = row.completedAt ? await cancellationOfReferred(txCtx, row) : null;
  if (cancelled) return { row: cancelled, refundLineId: null };
  const paid = row.paymentDuePence > 0 ? await settledPaymentOf(txCtx, row) : undefined;
  if (!paid && txCtx.clock.now() > row.expiresAt) throw adjustmentGone();
  if (row.adjustmentType === 'CANCELLATION') return confirmCancellation(txCtx, row);
  if (row.adjustmentType === 'SDA') return confirmSda(txCtx, row);
  if (isReferred(row)) {
    if (options?.acceptCancellation !== true) throw referredRefused();
    return cancelForReferredChange(txCtx, row);
  }
  if (row.paymentDuePence > 0 && !paid && txCtx.caller.kind !== 'admin') throw paymentDueFirst();
  return confirmMta(txCtx, row, paid);
}

/** Money is paid back and documents asked for once the transaction has committed. */
async function afterCommit(ctx: Ctx, outcome: Outcome) {
  if (outcome.refundLineId) await payOutCancellationRefund(ctx, outcome.refundLineId);
  if (outcome.policyVersionId) await requestPolicyDocuments(ctx, outcome.policyVersionId);
}

/**
 * Fulfilment of a settled 'mta' card payment (ADR 300), inside the card webhook's transaction: the change it
 * paid for is confirmed there and then, exactly once (the row lock and `confirmedAt`; the customer's return
 * to the app commits the same way and finds it done). A change that can no longer be made (its policy changed
 * or ended meanwhile) is left unconfirmed, in a savepoint, and the payment refunded in full after commit.
 */
export async function fulfilPaidAdjustment(
  ctx: Ctx,
  payment: SettledPayment,
  /** The same context outside the settling transaction, for the work after commit. */
  later: Ctx,
): Promise<AfterCommit | undefined> {
  const row = await paidAdjustment(ctx, payment);
  if (!row) return undefined;
  try {
    // The webhook has no caller: the change is made as the customer who paid (their data, their scope).
    const payer = {
      kind: 'customer' as const,
      partyId: payment.partyId,
      userId: 'card-payment',
      permissions: [],
      claims: {},
    };
    const outcome = await ctx.db.transaction((sp) =>
      commitLocked({ ...ctx, db: sp, caller: payer }, row, {}),
    );
    return () => afterCommit(later, outcome);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const reason = err.message;
    return () => refundUnusedPayment(later, payment, reason);
  }
}
