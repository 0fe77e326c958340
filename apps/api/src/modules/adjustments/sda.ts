import type { AdjustmentChange, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import { addDaysIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { coverStart, getPolicy, movePolicyStart, policyAnswers } from '../policies/index.ts';
import { type AdjustmentRow, storeAdjustment } from './adjustment-view.ts';
import { confirmMta } from './confirm-mta.ts';
import { assertAdjustmentsAllowed, repriceAt } from './mta.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD = 'changes.0.update.value';

/** The new start day a START_DATE_CHANGE carries (`update: { path: 'quote.startDate', value: 'YYYY-MM-DD' }`). */
function requestedDay(changes: AdjustmentChange[]): string {
  const [change, ...rest] = changes;
  if (!change || rest.length > 0 || change.changeType !== 'START_DATE_CHANGE')
    throw validation({ changes: ['validation.oneStartDateChange'] }, 'Send one START_DATE_CHANGE');
  const value = change.update?.value;
  if (change.update?.path !== 'quote.startDate' || typeof value !== 'string' || !ISO_DAY.test(value))
    throw validation({ [FIELD]: ['validation.date'] }, 'The new start date must be a date (YYYY-MM-DD)');
  if (
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  )
    throw validation({ [FIELD]: ['validation.date'] }, 'The new start date must be a real date');
  return value;
}

/**
 * POST /api/policyAdjustments of type SDA (START_DATE_CHANGE, ADR 261): for a policy not started yet
 * (PENDING), a new start day not in the past and at most the product's `startDate.days` ahead, different
 * from the current one. The answers are re-rated by the same engine as new business at the new start; the
 * end moves with the start (same term); the difference in premium is the pro-rata for the whole period.
 */
export async function makeSda(
  ctx: Ctx,
  input: CreateAdjustmentRequest,
  partyId: string,
): Promise<AdjustmentRow> {
  const changes = (input.changes ?? []) as AdjustmentChange[];
  const day = requestedDay(changes);
  const policy = await getPolicy(ctx, input.policyId);
  const now = ctx.clock.now();
  const oldStart = new Date(policy.policyDetail.inceptedAt);
  if (policy.policyDetail.policyStatus !== 'PENDING' || oldStart <= now || policy.policyDetail.terminatedAt)
    throw new AppError('UNPROCESSABLE', 'The start date can only be changed before the cover starts.', {
      details: { reason: 'POLICY_STARTED' },
    });
  assertAdjustmentsAllowed(ctx, policy);
  const today = todayInLondon(now);
  const latest = addDaysIso(today, ctx.brand.productConfig.startDate.days);
  if (day < today)
    throw validation({ [FIELD]: ['validation.startDateInPast'] }, 'The new start date cannot be in the past');
  if (day > latest)
    throw validation(
      { [FIELD]: ['validation.startDateTooFar'] },
      `The new start date must be on or before ${latest}`,
    );
  if (day === todayInLondon(oldStart))
    throw validation({ [FIELD]: ['validation.startDateUnchanged'] }, 'That is already the start date');

  const startAt = coverStart(startOfDayLondon(day), now);
  const endAt = new Date(
    new Date(policy.policyDetail.expiredAt ?? oldStart).getTime() + (startAt.getTime() - oldStart.getTime()),
  );
  const current = await policyAnswers(ctx, policy.policyId);
  const data = { ...current.data, quote: { ...(current.data.quote as object), startDate: day } };
  const { rated, period, prorata } = await repriceAt(
    ctx,
    policy,
    current,
    data,
    startAt,
    { inceptedAt: startAt.toISOString(), expiredAt: endAt.toISOString() },
    true,
  );
  return storeAdjustment(ctx, {
    policyId: policy.policyId,
    partyId,
    adjustmentType: 'SDA',
    changes: changes as unknown as Record<string, unknown>[],
    effectiveAt: startAt,
    immediate: startAt <= now,
    prorataPremiumPence: prorata,
    updatedVersions: [
      {
        startedAt: startAt.toISOString(),
        endsAt: endAt.toISOString(),
        ratingStatus: rated.status === 'REFERRAL' ? 'REFERRAL' : 'QUOTE',
        quote: rated.quote,
        data,
        baseVersion: current.versionNumber,
        periodEnd: period.end.toISOString(),
      },
    ],
  });
}

/**
 * Confirms a start-date change in the caller's transaction: the cover period moves (only while the policy is
 * still PENDING, else 422), then as any change: a new version from the new start (its certificate and
 * schedule re-issued by the documents job), the premium difference on the account, the MID event, the e-mail.
 */
export async function confirmSda(ctx: Ctx, row: AdjustmentRow) {
  const [u] = row.updatedVersions as unknown as { startedAt: string; endsAt: string; ratingStatus: string }[];
  if (!u) throw new Error('adjustment without a version');
  if (u.ratingStatus === 'QUOTE') {
    const moved = await movePolicyStart(ctx, {
      policyId: row.policyId,
      startAt: new Date(u.startedAt),
      endAt: new Date(u.endsAt),
    });
    if (!moved)
      throw new AppError('UNPROCESSABLE', 'The start date can only be changed before the cover starts.', {
        details: { reason: 'POLICY_STARTED' },
      });
  }
  return confirmMta(ctx, row);
}
