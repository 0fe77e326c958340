import { and, eq, inArray } from 'drizzle-orm';
import { customerAccounts } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/** Which of these policies' accounts are suspended for non-payment (ADR 203; ADR 301: no changes online). */
export async function suspendedPolicyIds(ctx: Pick<Ctx, 'db'>, policyIds: string[]): Promise<Set<string>> {
  if (policyIds.length === 0) return new Set();
  const found = await ctx.db
    .select({ policyId: customerAccounts.policyId })
    .from(customerAccounts)
    .where(and(inArray(customerAccounts.policyId, policyIds), eq(customerAccounts.status, 'SUSPENDED')));
  return new Set(found.map((r) => r.policyId));
}
