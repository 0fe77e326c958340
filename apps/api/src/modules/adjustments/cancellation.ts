import type { CancellationOptions, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import {
  type CancellationWindow,
  cancellationEffectiveAt,
  cancellationWindow,
  storedCancellationReason,
} from '@forecourt/domain/policy/cancellation';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { cancellationFigures } from '../billing/index.ts';
import { getPolicy } from '../policies/index.ts';
import { type AdjustmentRow, storeAdjustment } from './adjustment-view.ts';

/** The spec's error when a policy may not be cancelled (spec 2 §4, §8). */
export const cancellationNotAllowed = () =>
  new AppError('UNPROCESSABLE', 'This policy cannot be cancelled.', {
    details: { reason: 'CANCELLATION_NOT_ALLOWED' },
  });

export function windowOf(ctx: Ctx, policy: Policy): CancellationWindow {
  return cancellationWindow(ctx.brand.productConfig.cancellation, policy, ctx.clock.now());
}

/** GET /api/policies/{id}/cancellation: what the cancel page offers now, with the refund if cancelled now. */
export async function cancellationOptions(ctx: Ctx, policyId: string): Promise<CancellationOptions> {
  const policy = await getPolicy(ctx, policyId);
  const window = windowOf(ctx, policy);
  const { refundPence, owedPence } = window.allowed
    ? await cancellationFigures(ctx, { policyId, at: ctx.clock.now() })
    : { refundPence: 0, owedPence: 0 };
  return {
    allowed: window.allowed,
    type: window.type,
    reasons: ctx.brand.productConfig.cancellation.reasons,
    deferralDays: window.deferralDays,
    latestDay: window.latestDay,
    refundIfNowPence: refundPence,
    owedIfNowPence: owedPence,
  };
}

/** The stored reason: required when reasons are configured; 'Other' needs its text ('Other|text'). */
function reasonOf(ctx: Ctx, reason: string | undefined): string {
  const [code = '', ...rest] = (reason ?? '').split('|');
  const stored = storedCancellationReason(ctx.brand.productConfig.cancellation, code, rest.join('|'));
  if (stored.ok) return stored.value;
  throw validation({
    reason: [stored.field === 'otherText' ? 'validation.otherReasonText' : 'validation.cancellationReason'],
  });
}

/**
 * POST /api/policyAdjustments of type CANCELLATION (spec 2 §4): empty changes, a reason and an optional
 * effective time. Cooling-off ends the cover now (its charges count from inception); Standard now, or at a
 * time up to the deferral limit. Answers the refund it would make; nothing moves until it is confirmed.
 */
export async function makeCancellation(
  ctx: Ctx,
  input: CreateAdjustmentRequest,
  partyId: string,
): Promise<AdjustmentRow> {
  if ((input.changes ?? []).length > 0)
    throw validation({ changes: ['validation.cancellationHasNoChanges'] });
  const policy = await getPolicy(ctx, input.policyId);
  const now = ctx.clock.now();
  const window = windowOf(ctx, policy);
  if (!window.allowed) throw cancellationNotAllowed();
  const reason = reasonOf(ctx, input.reason);
  const effective = cancellationEffectiveAt(window, input.effectiveAt, now);
  if (effective === 'too-late') {
    throw validation(
      { effectiveAt: ['validation.cancellationTooLate'] },
      `A cancellation can be deferred to ${window.latestDay} at the latest.`,
    );
  }
  const figures = await cancellationFigures(ctx, { policyId: policy.policyId, at: effective.at });
  return storeAdjustment(ctx, {
    policyId: policy.policyId,
    partyId,
    adjustmentType: 'CANCELLATION',
    reason,
    changes: [],
    effectiveAt: effective.at,
    immediate: effective.immediate,
    cancellationType: window.type,
    creditPence: figures.creditPence,
    refundPence: figures.refundPence,
    prorataPremiumPence: -figures.refundPence,
  });
}
