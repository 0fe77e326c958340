import { and, eq, isNull, lte } from 'drizzle-orm';
import { policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

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
