import { and, eq, inArray } from 'drizzle-orm';
import { policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { enqueue } from '../../lib/outbox.ts';

/**
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
