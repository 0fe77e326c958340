import type { Claim } from '@forecourt/contracts/claims';
import { desc, eq } from 'drizzle-orm';
import { claims, policies } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { claimView } from './claim-view.ts';

/**
 * GET /api/claims?policyNumber=: the claims on one of the caller's policies, newest loss first. A policy
 * number that is not one of the caller's is 404, as for any id the caller may not see (DESIGN.md §3,
 * issue 27 §12), never an empty list that would read as "no claims".
 */
export async function listClaims(ctx: Ctx, input: { policyNumber: string }): Promise<Claim[]> {
  const scope = owned(ctx);
  if (!(await scope.first(policies, eq(policies.policyNumber, input.policyNumber))))
    throw notFound('No policy of yours has that number');
  const rows = await ctx.db
    .select()
    .from(claims)
    .where(scope.where(claims, eq(claims.policyNumber, input.policyNumber)))
    .orderBy(desc(claims.occurredAt), desc(claims.createdAt));
  return rows.map(claimView);
}
