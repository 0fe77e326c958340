import { and, desc, eq, inArray } from 'drizzle-orm';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * What the policy's last posted cancellation wrote (its final statement of kind 'cancellation'): the credit for
 * the cover not used and the refund, in pence; null when none was posted. A repeated end (a retry after a
 * timeout) answers these figures again instead of posting twice.
 */
export async function postedCancellationFigures(
  ctx: Pick<Ctx, 'db'>,
  policyId: string,
): Promise<{ creditPence: number; refundPence: number } | null> {
  const [statement] = await ctx.db
    .select({ id: statements.id })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .where(and(eq(customerAccounts.policyId, policyId), eq(statements.kind, 'cancellation')))
    .orderBy(desc(statements.statementNumber))
    .limit(1);
  if (!statement) return null;
  const lines = await ctx.db
    .select({ type: statementLineItems.type, amountPence: statementLineItems.amountPence })
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.statementId, statement.id),
        inArray(statementLineItems.type, ['credit_note', 'debit_journal', 'refund']),
      ),
    );
  const sum = (type: string) => lines.filter((l) => l.type === type).reduce((s, l) => s + l.amountPence, 0);
  // A credit below nothing was posted as a debit journal (ADR 383).
  return { creditPence: -sum('credit_note') - sum('debit_journal'), refundPence: sum('refund') };
}
