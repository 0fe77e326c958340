import { randomUUID } from 'node:crypto';
import { eq, max } from 'drizzle-orm';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * A confirmed mid-term change's pro-rata price (issue 13, ADR 212), in the caller's transaction: a draft
 * statement of kind 'mta' holding one PENDING line of sub-type MTA — an invoice when the customer owes more,
 * a credit note when they owe less — for the days left of the period. The next statement the billing run
 * raises carries it; nothing is collected here. No line for a change of nothing.
 */
export async function postAdjustmentCharge(
  ctx: Pick<Ctx, 'db'>,
  o: { policyId: string; amountPence: number; from: Date; to: Date; now: Date; reference: string },
) {
  if (o.amountPence === 0) return null;
  const [account] = await ctx.db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, o.policyId));
  if (!account) return null;
  const [last] = await ctx.db
    .select({ n: max(statements.statementNumber) })
    .from(statements)
    .where(eq(statements.accountId, account.id));
  const statementId = randomUUID();
  await ctx.db.insert(statements).values({
    id: statementId,
    accountId: account.id,
    statementNumber: (last?.n ?? 0) + 1,
    status: 'draft',
    kind: 'mta',
    subtotalPence: o.amountPence,
  });
  const lineId = randomUUID();
  await ctx.db.insert(statementLineItems).values({
    id: lineId,
    statementId,
    accountId: account.id,
    type: o.amountPence > 0 ? 'invoice' : 'credit_note',
    status: 'PENDING',
    amountPence: o.amountPence,
    descriptionKey: 'billing.lineItem.adjustment',
    descriptionValue: o.reference,
    servicePeriodStart: o.from,
    servicePeriodEnd: o.to,
    subType: 'MTA',
    effectiveAt: o.now,
  });
  return { statementId, lineId };
}
