import type { Quote } from '@forecourt/contracts/proposals';
import { formatLondon } from '@forecourt/domain/dates';
import { adjustmentMachine, adjustmentState } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { paidInFull, productKindOf } from '@forecourt/domain/policy/term';
import { eq } from 'drizzle-orm';
import { policyAdjustments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { enqueue } from '../../lib/outbox.ts';
import { postAdjustmentCharge, postPaidInFullAdjustment } from '../billing/index.ts';
import {
  addPolicyVersion,
  emailPolicyholder,
  getPolicy,
  recordPaymentsOnVersion,
  WHEN,
} from '../policies/index.ts';
import { findScheme } from '../rating/index.ts';
import type { AdjustmentRow } from './adjustment-view.ts';
import { referredRefused } from './confirm-referred.ts';

type Updated = {
  startedAt: string;
  ratingStatus: 'QUOTE' | 'REFERRAL';
  quote: Quote;
  data: Record<string, unknown>;
  baseVersion: number;
  periodEnd: string;
  /** A change's charge per billed period or per version it differs from (ADR 344); absent on older changes. */
  chargeParts?: { from: string; to: string; amount: number }[];
};

/**
 * Confirms a mid-term change in the caller's transaction (issue 13 item 4): a new policy version (its
 * certificate and schedule follow by the documents job), the pro-rata line for the next statement, the Motor
 * Insurance Database event and the e-mail. A change made on a version that has since been replaced is gone.
 * `paid`: the card payment taken before confirming a dearer change of a policy paid in full (ADR 300).
 */
export async function confirmMta(
  ctx: Ctx,
  row: AdjustmentRow,
  paid?: { id: string; settledAt: Date | null } | undefined,
) {
  nextStatus(adjustmentMachine, adjustmentState(row), 'confirm');
  const [u] = row.updatedVersions as unknown as Updated[];
  if (!u) throw new Error('adjustment without a version');
  const policy = await getPolicy(ctx, row.policyId);
  if (!['ACTIVE', 'PENDING'].includes(policy.policyDetail.policyStatus) || policy.policyDetail.terminatedAt)
    throw new AppError('UNPROCESSABLE', 'This policy can no longer be changed.', {
      details: { reason: 'POLICY_NOT_CHANGEABLE' },
    });
  if (u.ratingStatus !== 'QUOTE') throw referredRefused();

  const now = ctx.clock.now();
  const version = await addPolicyVersion(ctx, {
    policyId: row.policyId,
    startedAt: row.effectiveAt,
    quote: u.quote,
    data: u.data,
    now,
    after: u.baseVersion,
  });
  if (!version)
    throw new AppError('GONE', 'This change has expired: please make it again.', {
      details: { reason: 'ADJUSTMENT_GONE' },
    });
  const charge = {
    policyId: row.policyId,
    amountPence: row.prorataPremiumPence,
    from: row.effectiveAt,
    to: new Date(u.periodEnd),
    now,
    reference: row.id,
    paidBy: paid ? { customerPaymentId: paid.id, at: paid.settledAt ?? now } : undefined,
  };
  // A subscription's next statement carries the difference; a policy paid in full settles it at once (ADR 245).
  const product = productKindOf(findScheme(ctx.brand, policy.schemeCode)?.product);
  const { refundLineId } = paidInFull(product)
    ? await postPaidInFullAdjustment(ctx, { ...charge, parts: u.chargeParts })
    : { refundLineId: null, ...(await postMonthlyCharge(ctx, charge, u.chargeParts)) };
  // The new schedule's payments: what the ledger says is paid and what remains, the change included (ADR 355).
  await recordPaymentsOnVersion(ctx, row.policyId, version.policyVersionId);
  const [updated] = await ctx.db
    .update(policyAdjustments)
    .set({ confirmedAt: now, completedAt: now })
    .where(eq(policyAdjustments.id, row.id))
    .returning();
  if (!updated) throw new Error('adjustment vanished');
  await enqueue(ctx.db, {
    channel: 'event',
    subject: 'mid.policy.changed',
    body: `Motor Insurance Database: ${u.quote.vrn ?? 'the vehicle'} under ${version.policyNumber} from ${row.effectiveAt.toISOString()}`,
    payload: {
      type: 'mid.policy.changed',
      policyNumber: version.policyNumber,
      vrn: u.quote.vrn ?? null,
      from: row.effectiveAt.toISOString(),
      version: version.versionNumber,
    },
  });
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: now },
    {
      type: 'policy.changed',
      policyId: row.policyId,
      data: {
        effectiveAt: row.effectiveAt.toISOString(),
        premiumChangePence: row.prorataPremiumPence,
      },
    },
  );
  const price =
    row.prorataPremiumPence > 0
      ? `The change costs ${formatGBP(row.prorataPremiumPence)} for the rest of this period.`
      : row.prorataPremiumPence < 0
        ? `You get ${formatGBP(-row.prorataPremiumPence)} back for the rest of this period.`
        : 'Your price does not change.';
  await emailPolicyholder(ctx, u.quote.insuredProfiles, {
    subject: `Your policy ${version.policyNumber} has changed`,
    lines: [
      `Your change to policy ${version.policyNumber} applies from ${formatLondon(row.effectiveAt, WHEN)}.`,
      price,
      'Your new certificate and schedule are in your account under your policy documents.',
    ],
    payload: { type: 'policy.changed', policyNumber: version.policyNumber, adjustmentId: row.id },
  });
  return { row: updated, refundLineId, policyVersionId: version.policyVersionId };
}

/** A monthly change's lines: one per billed period it reaches (ADR 344), or the one line of an older change. */
async function postMonthlyCharge(
  ctx: Ctx,
  charge: Parameters<typeof postAdjustmentCharge>[1],
  parts: Updated['chargeParts'],
) {
  if (!parts || parts.length === 0) return postAdjustmentCharge(ctx, charge);
  let last: Awaited<ReturnType<typeof postAdjustmentCharge>> = null;
  for (const part of parts)
    last = await postAdjustmentCharge(ctx, {
      ...charge,
      amountPence: part.amount,
      from: new Date(part.from),
      to: new Date(part.to),
    });
  return last;
}
