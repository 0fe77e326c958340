import type { Proposal, ProposalStatus } from '@forecourt/contracts/proposals';
import { desc, eq, type SQL } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { owned } from '../../lib/party-scope.ts';
import { toProposal } from './proposal-view.ts';

/** GET /api/proposals: the caller's proposals, newest first, filtered. */
export async function listProposals(
  ctx: Ctx,
  filters: {
    externalReference?: string | undefined;
    schemeCode?: string | undefined;
    status?: ProposalStatus | undefined;
  },
): Promise<{ items: Proposal[] }> {
  const scope = owned(ctx);
  const where: SQL[] = [];
  if (filters.externalReference)
    where.push(eq(proposals.externalReference, filters.externalReference.toUpperCase()));
  if (filters.schemeCode) where.push(eq(proposals.schemeCode, filters.schemeCode));
  if (filters.status) where.push(eq(proposals.status, filters.status));
  const rows = await ctx.db
    .select()
    .from(proposals)
    .where(scope.where(proposals, ...where))
    .orderBy(desc(proposals.createdAt))
    .limit(100);
  const now = ctx.clock.now();
  return { items: rows.map((row) => toProposal(row, now, ctx.brand)) };
}
