import { eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * Marks a proposal bound to its new policy (status POLICY). Called by policies' bind in its transaction
 * (ctx.db), so that only the proposals module writes the proposals table (ADR 134, 170).
 */
export async function markProposalBound(
  ctx: Pick<Ctx, 'db'>,
  proposalCode: string,
  bound: { policyId: string; policyNumber: string; now: Date },
): Promise<void> {
  await ctx.db
    .update(proposals)
    .set({
      status: 'POLICY',
      policyId: bound.policyId,
      policyNumber: bound.policyNumber,
      updatedAt: bound.now,
    })
    .where(eq(proposals.proposalCode, proposalCode));
}
