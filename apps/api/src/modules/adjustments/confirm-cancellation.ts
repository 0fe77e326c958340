import type { Policy } from '@forecourt/contracts/policies';
import { formatLondon } from '@forecourt/domain/dates';
import { adjustmentMachine, adjustmentState } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { hasBillingTab, productOfScheme } from '@forecourt/domain/policy/product-kind';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { policies, policyAdjustments, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { postCancellationCredit } from '../billing/index.ts';
import { emailPolicyholder, endPolicy, getPolicy, WHEN } from '../policies/index.ts';
import type { AdjustmentRow } from './adjustment-view.ts';
import { cancellationNotAllowed, windowOf } from './cancellation.ts';

/**
 * Confirms a cancellation in the caller's transaction (ADR 210, 211): the policy's end is set (CANCELLED
 * at once when immediate), an immediate cancellation is posted to the ledger now (a deferred one when the
 * job ends the policy), the Motor Insurance Database is told and the customer e-mailed. Answers the refund
 * line to pay out after commit.
 */
export async function confirmCancellation(ctx: Ctx, row: AdjustmentRow) {
  // QUOTED → COMPLETED at once, or SCHEDULED for a later end: the adjustment machine's move (ADR 345).
  nextStatus(adjustmentMachine, adjustmentState(row), row.immediate ? 'confirm' : 'schedule');
  const now = ctx.clock.now();
  const policy = await getPolicy(ctx, row.policyId);
  if (!windowOf(ctx, policy).allowed) throw cancellationNotAllowed();
  const at = row.immediate ? now : row.effectiveAt;
  const end = { policyId: row.policyId, status: 'CANCELLED' as const, reason: row.reason ?? '', at, now };
  if (!(await endPolicy(ctx, end))) throw cancellationNotAllowed();
  const posted = row.immediate
    ? await postCancellationCredit(ctx, { policyId: row.policyId, at, now, reference: row.id })
    : { creditPence: row.creditPence, refundPence: row.refundPence, refundLineId: null, owedPence: 0 };
  const [updated] = await ctx.db
    .update(policyAdjustments)
    .set({
      confirmedAt: now,
      effectiveAt: at,
      creditPence: posted.creditPence,
      refundPence: posted.refundPence,
      owedPence: posted.owedPence,
      prorataPremiumPence: -posted.refundPence,
      ...(row.immediate ? { completedAt: now } : {}),
    })
    .where(eq(policyAdjustments.id, row.id))
    .returning();
  if (!updated) throw new Error('adjustment vanished');
  await announceCancellation(ctx, policy, updated);
  return { row: updated, refundLineId: posted.refundLineId };
}

/** The customer's e-mail, in the same transaction (outbox); endPolicy told the Motor Insurance Database. */
async function announceCancellation(ctx: Ctx, policy: Policy, row: AdjustmentRow) {
  const quote = policy.currentPolicyVersion.quote as { insuredProfiles?: never[] };
  const when = formatLondon(row.effectiveAt, WHEN);
  await emailPolicyholder(ctx, quote.insuredProfiles, {
    subject: `Your policy ${policy.policyNumber} is cancelled`,
    lines: [
      row.immediate
        ? `Your policy ${policy.policyNumber} was cancelled and your cover ended at ${when}.`
        : `Your policy ${policy.policyNumber} will be cancelled and your cover will end at ${when}.`,
      moneyLine(ctx, policy.schemeCode, row, !row.immediate),
    ],
    payload: { type: 'policy.cancelled', policyNumber: policy.policyNumber, adjustmentId: row.id },
  });
}

/**
 * What a cancellation e-mail says of the money, from the adjustment's figures: what is paid back (`later`: once
 * cover ends), what is still to pay and where (ADR 383), or that there is nothing to pay back.
 */
function moneyLine(ctx: Pick<Ctx, 'brand'>, schemeCode: string, row: AdjustmentRow, later: boolean) {
  if (row.refundPence > 0)
    return `We will pay ${formatGBP(row.refundPence)} back to you${later ? ' after your cover ends' : ''}; it reaches your account in 7 to 10 working days.`;
  if (row.owedPence > 0)
    // (Arrears, or a cheaper change dated after the end that never took effect, ADR 383.)
    return `${formatGBP(row.owedPence)} is still to pay for your cover. ${
      hasBillingTab(productOfScheme(ctx.brand.schemes, schemeCode))
        ? 'You can pay it from the Billing tab of your policy, or'
        : 'Please'
    } call us to pay it.`;
  return 'There is nothing to pay back.';
}

/**
 * The customer's e-mail when a deferred cancellation ends the policy (ADR 387), in the job's transaction: the
 * confirmation named an amount worked out then; the charges raised since and the credit posted at the end give
 * the amount paid back or still to pay, which this names.
 */
export async function announceCancellationEnded(ctx: Pick<Ctx, 'db' | 'brand'>, row: AdjustmentRow) {
  const [policy] = await ctx.db
    .select({
      policyNumber: policies.policyNumber,
      schemeCode: policies.schemeCode,
      profiles: sql<unknown>`${policyVersions.quote}->'insuredProfiles'`,
    })
    .from(policies)
    .innerJoin(policyVersions, eq(policyVersions.policyId, policies.id))
    // The version in force when cover ended: a change dated at or after the end never took effect (ADR 364).
    .where(
      and(
        eq(policies.id, row.policyId),
        or(lt(policyVersions.startedAt, row.effectiveAt), eq(policyVersions.versionNumber, 1)),
      ),
    )
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  if (!policy) return;
  const profiles = typeof policy.profiles === 'string' ? JSON.parse(policy.profiles) : policy.profiles;
  await emailPolicyholder(ctx, Array.isArray(profiles) ? profiles : undefined, {
    subject: `Your policy ${policy.policyNumber} has ended`,
    lines: [
      `Your policy ${policy.policyNumber} was cancelled, as you asked, and your cover ended at ${formatLondon(row.effectiveAt, WHEN)}.`,
      moneyLine(ctx, policy.schemeCode, row, false),
    ],
    payload: { type: 'policy.cancellationEnded', policyNumber: policy.policyNumber, adjustmentId: row.id },
  });
}
