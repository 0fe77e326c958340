import { desc, eq } from 'drizzle-orm';
import { customerAccounts } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * The method a policy's account collects by now (the one it was bought with, or the one changed on the
 * account since): what its renewal is collected by (ADR 316).
 */
export async function accountMethodOf(ctx: Pick<Ctx, 'db'>, policyId: string) {
  const [account] = await ctx.db
    .select({ id: customerAccounts.paymentMethodId, type: customerAccounts.paymentMethodType })
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, policyId))
    .orderBy(desc(customerAccounts.createdAt))
    .limit(1);
  return account;
}
