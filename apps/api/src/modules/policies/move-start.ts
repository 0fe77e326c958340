import { and, eq } from 'drizzle-orm';
import { policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * Moves a not-yet-started policy's cover period (START_DATE_CHANGE, ADR 261): the start and the end, in the
 * caller's transaction. Only a PENDING policy moves; answers false when the policy is no longer PENDING.
 */
export async function movePolicyStart(
  ctx: Ctx,
  o: { policyId: string; startAt: Date; endAt: Date },
): Promise<boolean> {
  const moved = await ctx.db
    .update(policies)
    .set({ inceptedAt: o.startAt, expiredAt: o.endAt })
    .where(and(eq(policies.id, o.policyId), eq(policies.status, 'PENDING')))
    .returning({ id: policies.id });
  return moved.length === 1;
}
