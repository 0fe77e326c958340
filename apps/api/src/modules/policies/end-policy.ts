import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { enqueue } from '../../lib/outbox.ts';

/**
 * The places a policy's end is written (policies own the table). Non-payment ends a policy at once through
 * `endPolicy`; a customer's cancellation sets its end through `setPolicyTermination` (now or deferred) and
 * `cancelAtTermination` when a deferred end comes, its MID event written by the adjustments module.
 *
 * Ends a live policy (PENDING or ACTIVE) at `at`: status CANCELLED, terminatedAt, the reason, and the Motor
 * Insurance Database removal as an outbox event, in the caller's transaction. The insurer's cancellation for
 * non-payment uses it today; customer cancellation can share it (keep it the one place a policy ends).
 * Answers false when the policy had already ended (nothing written).
 */
export async function endPolicy(
  ctx: Pick<Ctx, 'db'>,
  input: { policyId: string; at: Date; reason: 'NON_PAYMENT' | (string & {}) },
): Promise<boolean> {
  const [ended] = await ctx.db
    .update(policies)
    .set({ status: 'CANCELLED', terminatedAt: input.at, cancellationReason: input.reason })
    .where(and(eq(policies.id, input.policyId), inArray(policies.status, ['PENDING', 'ACTIVE'])))
    .returning();
  if (!ended) return false;
  await enqueue(ctx.db, {
    channel: 'event',
    subject: 'mid.policy.cancelled',
    body: `Motor Insurance Database: end cover under ${ended.policyNumber}`,
    payload: {
      type: 'mid.policy.cancelled',
      policyNumber: ended.policyNumber,
      coverEnd: input.at.toISOString(),
      reason: input.reason,
    },
  });
  return true;
}

/**
 * Sets when a policy ends by cancellation (issue 13), in the caller's transaction: `terminatedAt` now or
 * later; CANCELLED at once when that time has come. Answers false when the policy already has an end (a
 * second cancellation loses). Policies' own table: the adjustments module calls this through the face.
 */
export async function setPolicyTermination(
  ctx: Pick<Ctx, 'db'>,
  o: { policyId: string; terminatedAt: Date; now: Date },
): Promise<boolean> {
  const ended = o.terminatedAt <= o.now;
  const rows = await ctx.db
    .update(policies)
    .set({ terminatedAt: o.terminatedAt, ...(ended ? { status: 'CANCELLED' as const } : {}) })
    .where(and(eq(policies.id, o.policyId), isNull(policies.terminatedAt)))
    .returning({ id: policies.id });
  return rows.length === 1;
}

/** A deferred cancellation's time has come: the policy becomes CANCELLED (no-op when it already is). */
export async function cancelAtTermination(ctx: Pick<Ctx, 'db'>, o: { policyId: string; now: Date }) {
  const rows = await ctx.db
    .update(policies)
    .set({ status: 'CANCELLED' })
    .where(and(eq(policies.id, o.policyId), lte(policies.terminatedAt, o.now)))
    .returning({ id: policies.id });
  return rows.length === 1;
}
