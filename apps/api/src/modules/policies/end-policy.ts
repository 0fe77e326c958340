import { canTransition, type PolicyEvent, policyMachine } from '@forecourt/domain/lifecycle/index';
import { desc, eq } from 'drizzle-orm';
import { policies, policyVersions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { enqueue } from '../../lib/outbox.ts';

/** How a policy ends early: cancelled (by the customer or for non-payment), voided, or not taken up. */
export type EndStatus = 'CANCELLED' | 'VOIDED' | 'NTU';

export interface PolicyEnd {
  policyId: string;
  status: EndStatus;
  /** Why (NON_PAYMENT, the customer's cancellation reason, a void or NTU reason); kept on the policy. */
  reason: string;
  /** When cover ends: now, later (a deferred cancellation: the status follows when it comes), or inception. */
  at: Date;
  now: Date;
  /**
   * 'set' (default): only a policy without an end yet (a second cancellation loses). 'supersede': an end set
   * for later gives way to this earlier one (the insurer's ends: non-payment, void, NTU). 'complete': the end
   * set earlier has come (the deferred cancellation job): only the status changes, the MID was told already.
   */
  mode?: 'set' | 'supersede' | 'complete';
  /** Staff who ended it and their note (void, NTU). */
  by?: { subject: string; note: string };
}

/** 'ended' (status changed now), 'scheduled' (end set for later), 'completed' (a deferred end came). */
export type EndOutcome = 'ended' | 'scheduled' | 'completed';

/** The policy machine's event of each early end (packages/domain/lifecycle, ADR 345). */
export const END_EVENT: Record<EndStatus, PolicyEvent> = {
  CANCELLED: 'cancel',
  VOIDED: 'void',
  NTU: 'notTakenUp',
};

/**
 * The one place a policy ends (ADR 240), in the caller's transaction: status, reason, termination time and the
 * Motor Insurance Database event (outbox), for every path: non-payment (billing's hook), the customer's
 * cancellation now or deferred, the deferred cancellation job, void and NTU. The policy row is locked, so two
 * ends at once are decided one after the other. Answers null when nothing was written (already ended, or
 * an end already set that this one may not replace).
 */
export async function endPolicy(ctx: Pick<Ctx, 'db'>, e: PolicyEnd): Promise<EndOutcome | null> {
  const [row] = await ctx.db.select().from(policies).where(eq(policies.id, e.policyId)).for('update');
  if (!row) return null;
  const event = END_EVENT[e.status];
  // Only a move the policy machine has (from PENDING or ACTIVE); an ended policy answers null.
  const legal = canTransition(policyMachine, row.status, event);
  // A void or NTU takes effect at once, from inception (even one still to come); a cancellation at `at`.
  const due = e.status !== 'CANCELLED' || e.at.getTime() <= e.now.getTime();
  if (e.mode === 'complete') {
    if (row.terminatedAt?.getTime() !== e.at.getTime() || !due) return null;
    if (row.status === e.status) return 'completed';
    if (!legal) return null;
    await ctx.db
      .update(policies)
      .set({ status: nextStatus(policyMachine, row.status, event) })
      .where(eq(policies.id, row.id));
    await announceEnd(ctx, row, e);
    return 'completed';
  }
  if (!legal) return null;
  if (row.terminatedAt && !(e.mode === 'supersede' && e.at < row.terminatedAt)) return null;
  await ctx.db
    .update(policies)
    .set({
      terminatedAt: e.at,
      cancellationReason: e.reason,
      ...(due ? { status: nextStatus(policyMachine, row.status, event) } : {}),
      ...(e.by ? { endedBy: e.by.subject, endNote: e.by.note } : {}),
    })
    .where(eq(policies.id, row.id));
  const [version] = await ctx.db
    .select({ quote: policyVersions.quote })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, row.id))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const vrn = typeof version?.quote.vrn === 'string' ? version.quote.vrn : null;
  await enqueue(ctx.db, {
    channel: 'event',
    subject: 'mid.policy.cancelled',
    body: `Motor Insurance Database: cover for ${vrn ?? 'the vehicle'} under ${row.policyNumber} ends ${e.at.toISOString()}`,
    payload: {
      type: 'mid.policy.cancelled',
      policyNumber: row.policyNumber,
      vrn,
      coverEnd: e.at.toISOString(),
      status: e.status,
      reason: e.reason,
    },
  });
  if (due) await announceEnd(ctx, row, e);
  return due ? 'ended' : 'scheduled';
}

/**
 * Partners are told when the status changes (ADR 362): a cancellation for non-payment is `policy.lapsed`,
 * every other early end (the customer's cancellation, void, NTU) `policy.cancelled`.
 */
async function announceEnd(ctx: Pick<Ctx, 'db'>, row: { id: string; policyNumber: string }, e: PolicyEnd) {
  const at = { db: ctx.db, at: e.now };
  if (e.status === 'CANCELLED' && e.reason === 'NON_PAYMENT')
    await publish('lifecycle.announced', at, {
      type: 'policy.lapsed',
      policyId: row.id,
      data: { coverEnd: e.at.toISOString(), reason: 'NON_PAYMENT' },
    });
  else
    await publish('lifecycle.announced', at, {
      type: 'policy.cancelled',
      policyId: row.id,
      // The reason's code only: a customer's 'Other|text' keeps its free text to ourselves.
      data: { status: e.status, coverEnd: e.at.toISOString(), reason: e.reason.split('|')[0] ?? e.reason },
    });
}
