import { eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { owned } from '../../lib/party-scope.ts';

/**
 * The answers, promotion code and product of one of the caller's proposals (a bound one too): what a policy
 * was rated from, for a mid-term adjustment (issue 13). Undefined when the caller has no such proposal.
 */
export async function proposalAnswers(ctx: Pick<Ctx, 'caller' | 'db'>, proposalCode: string) {
  const row = await owned(ctx).first(proposals, eq(proposals.proposalCode, proposalCode));
  return row ? { data: row.data, promoCode: row.promoCode, product: row.product } : undefined;
}
