import { eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { findOwnedProposal } from './queries.ts';

/** DELETE /api/proposals/{code}: a quote the visitor no longer wants; a bound proposal stays. */
export async function deleteProposal(ctx: Ctx, proposalCode: string): Promise<void> {
  const scope = owned(ctx);
  const row = await findOwnedProposal(ctx.db, scope, proposalCode);
  if (row.status === 'POLICY')
    throw new AppError('CONFLICT', 'A proposal that became a policy cannot be deleted');
  await ctx.db.delete(proposals).where(scope.where(proposals, eq(proposals.proposalCode, proposalCode)));
}
