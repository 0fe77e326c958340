import type { Claim } from '@forecourt/contracts/claims';
import { desc, eq } from 'drizzle-orm';
import { claims } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { owned } from '../../lib/party-scope.ts';
import { claimView } from './claim-view.ts';

/**
 * GET /api/claims?policyNumber=: the claims on one of the caller's policies, newest loss first. Another
 * customer's policy number gives an empty list (its claims are not the caller's), never its claims.
 */
export async function listClaims(ctx: Ctx, input: { policyNumber: string }): Promise<Claim[]> {
  const scope = owned(ctx);
  const rows = await ctx.db
    .select()
    .from(claims)
    .where(scope.where(claims, eq(claims.policyNumber, input.policyNumber)))
    .orderBy(desc(claims.occurredAt), desc(claims.createdAt));
  return rows.map(claimView);
}
