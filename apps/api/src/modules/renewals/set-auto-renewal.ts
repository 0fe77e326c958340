import type { AutoRenewalBody } from '@forecourt/contracts/policies';
import { inRenewalWindow } from '@forecourt/domain/renewal';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { getPolicy, writeAutoRenewal } from '../policies/index.ts';
import { inviteOne } from './invite-renewals.ts';
import { takeUpLapsedRenewal } from './take-up-renewal.ts';

/**
 * PUT /api/policies/{id}/autoRenewal (spec 3 §4 Renewal, spec 2 §4): the customer (or staff acting for them)
 * opts out of auto-renewal with a reason, or back in. One step, no confirmation by e-mail (ICOBS 6A.6).
 * Opting back in during the renewal window makes the renewal there and then when none was made while out;
 * opting back in after the policy lapsed takes the renewal quote up while it is open (ADR 335).
 */
export async function setAutoRenewal(ctx: Ctx, policyId: string, body: AutoRenewalBody) {
  const policy = await getPolicy(ctx, policyId);
  const status = policy.policyDetail.policyStatus;
  // Lapsed with its renewal quote still open: opting back in takes the quote up (ADR 335).
  if (status === 'LAPSED' && body.enabled) return takeUpLapsedRenewal(ctx, policy);
  if (status !== 'ACTIVE' && status !== 'PENDING')
    throw new AppError('CONFLICT', 'This policy has ended: there is nothing to renew.');
  if (policy.policyDetail.renewalStopped || policy.reviewType === 'NEVER')
    throw new AppError('CONFLICT', 'This policy will not be renewed: please contact us.');
  const now = ctx.clock.now();
  const reason = body.enabled
    ? null
    : body.reason === 'Other'
      ? `Other|${body.reasonText ?? ''}`
      : (body.reason ?? null);
  await writeAutoRenewal(ctx.db, policyId, { enabled: body.enabled, reason, now });
  const window = inRenewalWindow(
    { status, expiredAt: policy.policyDetail.expiredAt },
    now,
    ctx.env.RENEWAL_INVITATION_DAYS,
  );
  if (body.enabled && window && !policy.renewalProposal) await inviteOne(ctx, policyId, now);
  return getPolicy(ctx, policyId);
}
