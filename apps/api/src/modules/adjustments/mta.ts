import type { AdjustmentChange, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import type { Policy } from '@forecourt/contracts/policies';
import type { Quote } from '@forecourt/contracts/proposals';
import { paymentDayFor, periodFrom } from '@forecourt/domain/billing/schedule';
import { londonDate } from '@forecourt/domain/dates';
import {
  beforeLastChange,
  customerEffectiveDateError,
  effectiveDateError,
} from '@forecourt/domain/policy/effective-date';
import { proRataPremium, termPeriod } from '@forecourt/domain/policy/pro-rata';
import { paidInFull, policyExpiry, productKindOf } from '@forecourt/domain/policy/term';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import {
  type ChangePrices,
  type ChargePart,
  monthlyChangeCharge,
  termChangeCharge,
} from '../billing/index.ts';
import { getPolicy, policyAnswers } from '../policies/index.ts';
import { applyAnswerChanges, rateProposal } from '../proposals/index.ts';
import { type AdjustmentRow, storeAdjustment } from './adjustment-view.ts';
import { changeSideOf } from './change-summary.ts';

/**
 * Spec 3 §4 step 9 (ADR 301): without the permission flag (`adjustmentsAllowed`: an account suspended for
 * non-payment) a customer cannot change the policy online: 403, which the web shows as the blocked modal.
 * Staff acting for the customer can.
 */
export function assertAdjustmentsAllowed(ctx: Ctx, policy: Policy) {
  if (ctx.caller.kind === 'admin' || policy.adjustmentsAllowed !== false) return;
  throw new AppError('FORBIDDEN', 'Your policy cannot be changed online at the moment: please contact us.', {
    details: { reason: 'ADJUSTMENTS_NOT_PERMITTED' },
  });
}

/**
 * Spec 3 §4 Renewal: in the renewal window customers cannot change the policy themselves (staff can, and
 * update the renewal quote with it); 409 CONFLICT, which the web shows as the change-blocked modal (ADR 257).
 */
function assertOutsideRenewalWindow(ctx: Ctx, policy: Policy) {
  if (ctx.caller.kind === 'admin' || policy.inRenewalWindow !== true) return;
  throw new AppError(
    'CONFLICT',
    'Your policy is being renewed: please contact us to change it before your renewal date.',
    { details: { reason: 'CHANGE_BLOCKED_RENEWAL_WINDOW' } },
  );
}

/**
 * When a change takes effect (spec 3 §4, §5): left out, now (at the start for a policy not yet started).
 * Staff choose a date on or after the inception day, before now + 30 days and before expiry (the next
 * renewal); customers the same from today on, never back (ADR 356); each refusal naming the dates. A time
 * already past today (a customer choosing today) is now. Never before the latest change (ADR 398).
 */
function effectiveAtOf(
  ctx: Ctx,
  policy: Policy,
  requested: string | null | undefined,
  lastChangeAt: Date,
): Date {
  const now = ctx.clock.now();
  const start = new Date(policy.policyDetail.inceptedAt);
  // Never before the latest version's start: the change is made on its answers (ADR 398). The version read with
  // the answers, so a change confirmed meanwhile cannot slip between (its base version is checked at commit).
  const dates = { ...policy.policyDetail, lastChangeAt };
  const staff = ctx.caller.kind === 'admin';
  const at = requested == null ? (start > now ? start : now) : new Date(requested);
  const refused =
    requested == null
      ? beforeLastChange(dates, at)
      : (staff ? effectiveDateError : customerEffectiveDateError)(dates, at, now);
  if (refused) throw validation({ effectiveAt: [refused.key] }, refused.message);
  if (at < start) return start;
  return !staff && at < now ? now : at;
}

/** What a policy version charges for its billing period: the monthly payment, or the year's price. */
export const periodPremium = (quote: Quote) =>
  quote.totals?.monthly?.regular ?? quote.totals?.discountedPrice ?? 0;

/** A version's prices as a monthly change compares them (its monthly plan; none when paid in full). */
export const pricesOf = (quote: Quote): ChangePrices => {
  const totals = quote.totals;
  return {
    plan: totals?.monthly
      ? { first: totals.monthly.first, regular: totals.monthly.regular, freeMonths: totals.freeMonths ?? 0 }
      : null,
  };
};

type Answers = Awaited<ReturnType<typeof policyAnswers>>;

/**
 * The changed risk `data` rated at `at` by the engine and tables of new business, and the pro-rata difference
 * from the policy's current version (ADR 212; ADR 344): a monthly subscription's over the statement periods the
 * change reaches (billing's `monthlyChangeCharge`, the payment schedule's periods), a policy paid in full's over
 * its term. `startChange`: a start-date change, priced over the first period of the moved cover.
 */
export async function repriceAt(
  ctx: Ctx,
  policy: Policy,
  current: Answers,
  data: Record<string, unknown>,
  at: Date,
  term: { inceptedAt: string; expiredAt: string | null },
  startChange = false,
) {
  const rated = rateProposal(
    {
      data,
      promoCode: current.promoCode,
      product: current.product,
      schemeCode: current.schemeCode,
      brand: ctx.brand,
    },
    { validityDays: 1 },
    at,
  );
  // The version the change is made on: the latest, in force from the change's effective time on (ADR 398).
  const oldQuote = current.quote as unknown as Quote;
  const expiredAt =
    term.expiredAt ?? policyExpiry(productKindOf(current.product), new Date(term.inceptedAt)).toISOString();
  if (current.product !== 'SUBSCRIPTION' || startChange) {
    // A start-date change moves the cover before it starts: the difference of its first period (the term, or
    // the first month from the new start to its first payment date), whole.
    const start = new Date(term.inceptedAt);
    const period =
      current.product === 'SUBSCRIPTION'
        ? (periodFrom(start, paymentDayFor(start), new Date(expiredAt)) ?? { start, end: start })
        : termPeriod({ inceptedAt: term.inceptedAt, expiredAt });
    // A start-date change moves the whole first period: its difference, whole. A change of a policy paid in full:
    // each day from it at the new price less the version in force that day (ADR 344).
    if (startChange) {
      const prorata = proRataPremium(
        { oldPremiumPence: periodPremium(oldQuote), newPremiumPence: periodPremium(rated.quote), period },
        at,
      );
      return { rated, period, prorata, parts: [] as ChargePart[] };
    }
    const { prorata, parts } = await termChangeCharge(ctx.db, {
      policyId: policy.policyId,
      effectiveAt: at,
      term: period,
      annual: periodPremium(rated.quote),
    });
    return { rated, period, prorata, parts };
  }
  const { prorata, period, parts } = await monthlyChangeCharge(ctx.db, {
    policyId: policy.policyId,
    effectiveAt: at,
    coverEnd: new Date(expiredAt),
    before: pricesOf(oldQuote),
    after: pricesOf(rated.quote),
  });
  return { rated, period, prorata, parts };
}

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
  assertAdjustmentsAllowed(ctx, policy);
  assertOutsideRenewalWindow(ctx, policy);
  const current = await policyAnswers(ctx, policy.policyId);
  const effectiveAt = effectiveAtOf(ctx, policy, input.effectiveAt, current.startedAt);
  // Cover that has reached its expiry is over, though the expiry job may not have moved its status yet.
  const { expiredAt } = policy.policyDetail;
  if (expiredAt && effectiveAt.getTime() >= new Date(expiredAt).getTime())
    throw new AppError('UNPROCESSABLE', 'This policy can no longer be changed.', {
      details: { reason: 'POLICY_NOT_CHANGEABLE' },
    });
  // The one rule of what a change may write, as for proposals and renewals (ADR 347): the product's answer
  // paths, the policy's read-only answers, the car's catalogue facts from the lookup.
  const applied = await applyAnswerChanges(ctx, current.data, changes, {
    onPolicy: true,
    target: `policy ${policy.policyNumber}`,
  });
  const data = { ...applied.data, quote: { ...applied.data.quote, startDate: londonDate(effectiveAt) } };
  const { rated, period, prorata, parts } = await repriceAt(ctx, policy, current, data, effectiveAt, {
    inceptedAt: policy.policyDetail.inceptedAt,
    expiredAt: policy.policyDetail.expiredAt,
  });
  const now = ctx.clock.now();
  return storeAdjustment(ctx, {
    policyId: policy.policyId,
    partyId,
    adjustmentType: 'MTA',
    changes: changes as unknown as Record<string, unknown>[],
    effectiveAt,
    immediate: effectiveAt <= now,
    prorataPremiumPence: prorata,
    // A dearer change of a policy paid in full is paid by card before it is confirmed (ADR 300).
    paymentDuePence: paidInFull(productKindOf(current.product)) && prorata > 0 ? prorata : 0,
    updatedVersions: [
      {
        startedAt: effectiveAt.toISOString(),
        ratingStatus: rated.status === 'REFERRAL' ? 'REFERRAL' : 'QUOTE',
        quote: rated.quote,
        data,
        baseVersion: current.versionNumber,
        periodEnd: period.end.toISOString(),
        // A change's line per billed period, or per version it differs from (ADR 344), posted when confirmed.
        chargeParts: parts,
        // The policy as the change was priced against, in plain words for the review (ADR 356).
        before: changeSideOf(current.quote as unknown as Quote),
        paidInFull: paidInFull(productKindOf(current.product)),
      },
    ],
  });
}
