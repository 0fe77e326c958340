import { and, eq } from 'drizzle-orm';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { draftStatement, lockAccount, postLine } from './ledger-store.ts';

/**
 * A confirmed mid-term change's pro-rata price (issue 13, ADR 212), in the caller's transaction: one line of
 * sub-type MTA on the account's draft statement — an invoice when the customer owes more, a credit note when
 * they owe less — for the days left of the period. The draft is the one statement that collects what the next
 * statement carries (ADR 202, like a payment-day journal), so the billing run raises and collects it with the
 * month's instalment; nothing is collected here. No line for a change of nothing.
 */
export async function postAdjustmentCharge(
  ctx: Pick<Ctx, 'db'>,
  o: { policyId: string; amountPence: number; from: Date; to: Date; now: Date; reference: string },
) {
  if (o.amountPence === 0) return null;
  const [found] = await ctx.db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, o.policyId));
  if (!found) return null;
  const account = await lockAccount(ctx.db, found.id);
  if (!account) return null;
  const draft = await draftStatement(ctx.db, account.id);
  const line = await postLine(ctx.db, draft, mtaLine(o));
  await ctx.db
    .update(statements)
    .set({ subtotalPence: draft.subtotalPence + line.amount })
    .where(and(eq(statements.id, draft.id), eq(statements.status, 'draft')));
  return { statementId: draft.id, lineId: line.id };
}

/** A change's pro-rata line: an MTA invoice when the customer owes more, an MTA credit note when less. */
export const mtaLine = (o: { amountPence: number; from: Date; to: Date; now: Date; reference: string }) =>
  ({
    type: o.amountPence > 0 ? 'invoice' : 'credit_note',
    size: Math.abs(o.amountPence),
    descriptionKey: 'billing.lineItem.adjustment',
    descriptionValue: o.reference,
    servicePeriodStart: o.from,
    servicePeriodEnd: o.to,
    subType: 'MTA',
    effectiveAt: o.now,
  }) as const;
