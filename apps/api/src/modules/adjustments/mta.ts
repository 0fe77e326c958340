import type { AdjustmentChange, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { londonDate } from '@forecourt/domain/dates';
import { effectiveDateError } from '@forecourt/domain/policy/effective-date';
import { billingPeriodAt, proRataPremium } from '@forecourt/domain/policy/pro-rata';
import { applyChanges } from '@forecourt/domain/proposal/apply-changes';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { getPolicy, policyAnswers } from '../policies/index.ts';
import { rateProposal } from '../proposals/index.ts';
import { type AdjustmentRow, storeAdjustment } from './adjustment-view.ts';

/** Answers only staff may change on a policy (spec 3 §5 "Read-only on a policy"). */
const HOLDER_READ_ONLY = ['firstName', 'lastName', 'dateOfBirth'];
const CLAIMS = 'vehicleClaimsHistory';
const under = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

/** 400 for a change a customer may not make: name, date of birth, NCD; claims unless staff hold action:mta-claims. */
function assertWritable(ctx: Ctx, changes: AdjustmentChange[]) {
  const { caller } = ctx;
  const staff = caller.kind === 'admin';
  const claimsAllowed = caller.kind === 'admin' && caller.permissions.includes('action:mta-claims');
  const errors: Record<string, string[]> = {};
  changes.forEach((c, i) => {
    const path = c.update?.path ?? '';
    const readOnly =
      (!staff &&
        c.changeType === 'PROFILE_DISCLOSURE_CHANGE' &&
        HOLDER_READ_ONLY.some((r) => under(path, r))) ||
      (!staff && c.changeType === 'ASSET_DISCLOSURE_CHANGE' && under(path, 'noClaimsDiscount')) ||
      // Claims already disclosed; a new driver's own claims are disclosed with them.
      (!claimsAllowed && under(path, CLAIMS));
    if (readOnly) errors[`changes.${i}.update.path`] = ['validation.readOnlyOnPolicy'];
  });
  if (Object.keys(errors).length > 0) throw validation(errors, 'Some answers cannot be changed online');
}

/**
 * When a change takes effect (spec 3 §4, §5): a customer's now (at the start for a policy not yet started);
 * staff choose: left out now, else a date on or after the inception day, before now + 30 days and before
 * expiry (the next renewal), each refusal naming the dates.
 */
function effectiveAtOf(ctx: Ctx, policy: Policy, requested: string | null | undefined): Date {
  const now = ctx.clock.now();
  const start = new Date(policy.policyDetail.inceptedAt);
  if (ctx.caller.kind !== 'admin' || requested == null) return start > now ? start : now;
  const at = new Date(requested);
  const refused = effectiveDateError(policy.policyDetail, at, now);
  if (refused) throw validation({ effectiveAt: [refused.key] }, refused.message);
  return at < start ? start : at;
}

/** What a policy version charges for its billing period: the monthly payment, or the year's price. */
export const periodPremium = (quote: Quote) =>
  quote.totals?.monthly?.regular ?? quote.totals?.discountedPrice ?? 0;

/**
 * POST /api/policyAdjustments of type MTA (spec 3 §4): the changes applied to the policy's answers with the one
 * proposal core (ADR 135), rated by the same engine and tables as new business as at the effective date, and
 * priced pro-rata for the rest of the billing period. Nothing changes until it is committed.
 */
export async function makeMta(
  ctx: Ctx,
  input: CreateAdjustmentRequest,
  partyId: string,
): Promise<AdjustmentRow> {
  const changes = (input.changes ?? []) as AdjustmentChange[];
  if (input.adjustmentType === 'SDA' || changes.some((c) => c.changeType === 'START_DATE_CHANGE')) {
    throw new AppError('UNPROCESSABLE', 'A start date is changed by an adjustment of type SDA (ADR 261).', {
      details: { reason: 'ADJUSTMENT_TYPE_UNSUPPORTED' },
    });
  }
  if (changes.length === 0) throw validation({ changes: ['validation.required'] }, 'Nothing to change');
  const policy = await getPolicy(ctx, input.policyId);
  const { policyStatus } = policy.policyDetail;
  if (!['ACTIVE', 'PENDING'].includes(policyStatus) || policy.policyDetail.terminatedAt) {
    throw new AppError('UNPROCESSABLE', 'This policy can no longer be changed.', {
      details: { reason: 'POLICY_NOT_CHANGEABLE' },
    });
  }
  assertWritable(ctx, changes);
  const effectiveAt = effectiveAtOf(ctx, policy, input.effectiveAt);
  const current = await policyAnswers(ctx, policy.policyId);
  const applied = applyChanges(current.data, changes, {
    maxAdditionalProfiles: ctx.brand.productConfig.maxAdditionalProfiles,
  });
  if (Object.keys(applied.errors).length > 0)
    throw validation(applied.errors, 'Some changes could not be applied');
  const data = { ...applied.data, quote: { ...applied.data.quote, startDate: londonDate(effectiveAt) } };
  const rated = rateProposal(
    {
      data,
      promoCode: current.promoCode,
      product: current.product,
      schemeCode: current.schemeCode,
      brand: ctx.brand,
    },
    { validityDays: 1 },
    effectiveAt,
  );
  const oldQuote = policy.currentPolicyVersion.quote as unknown as Quote;
  const period = billingPeriodAt(
    {
      inceptedAt: policy.policyDetail.inceptedAt,
      expiredAt: policy.policyDetail.expiredAt,
      monthly: current.product === 'SUBSCRIPTION',
    },
    effectiveAt,
  );
  const prorata = proRataPremium(
    { oldPremiumPence: periodPremium(oldQuote), newPremiumPence: periodPremium(rated.quote), period },
    effectiveAt,
  );
  const now = ctx.clock.now();
  return storeAdjustment(ctx, {
    policyId: policy.policyId,
    partyId,
    adjustmentType: 'MTA',
    changes: changes as unknown as Record<string, unknown>[],
    effectiveAt,
    immediate: effectiveAt <= now,
    prorataPremiumPence: prorata,
    updatedVersions: [
      {
        startedAt: effectiveAt.toISOString(),
        ratingStatus: rated.status === 'REFERRAL' ? 'REFERRAL' : 'QUOTE',
        quote: rated.quote,
        data,
        baseVersion: current.versionNumber,
        periodEnd: period.end.toISOString(),
      },
    ],
  });
}
