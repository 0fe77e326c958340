import { PREMIUM_LINES } from '@forecourt/domain/billing/ledger';
import { and, asc, desc, eq } from 'drizzle-orm';
import { statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { ownAccount } from './ledger-store.ts';

type StatementRow = typeof statements.$inferSelect;
type LineRow = typeof statementLineItems.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const summary = (s: StatementRow, lines: LineRow[]) => ({
  statementId: s.id,
  statementNumber: s.statementNumber,
  createdAt: s.createdAt.toISOString(),
  status: s.status,
  amount: lines
    .filter((l) => l.status === 'POSTED' && PREMIUM_LINES.includes(l.type))
    .reduce((sum, l) => sum + l.amountPence, 0),
  statementBalance: lines.filter((l) => l.status === 'POSTED').reduce((sum, l) => sum + l.amountPence, 0),
  subtotalBalance: s.subtotalPence,
  broughtForwardBalance: s.broughtForwardPence,
  carriedForwardBalance: s.carriedForwardPence,
  amountOutstanding: s.amountOutstandingPence,
  paymentDueAt: iso(s.paymentDueAt),
  final: s.final,
});

/**
 * GET /api/customerAccounts/{id}/statements: newest first by the statement's date (when it was raised, the
 * date the billing tab shows), then by number (ADR 355).
 */
export async function listStatements(ctx: Ctx, accountId: string) {
  const account = await ownAccount(ctx, accountId);
  const rows = await ctx.db
    .select()
    .from(statements)
    .where(eq(statements.accountId, account.id))
    .orderBy(desc(statements.createdAt), desc(statements.statementNumber));
  const lines = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.accountId, account.id));
  return rows.map((s) =>
    summary(
      s,
      lines.filter((l) => l.statementId === s.id),
    ),
  );
}

/** GET /api/customerAccounts/{id}/statements/{statementId}: the statement and its line items. */
export async function getStatement(ctx: Ctx, accountId: string, statementId: string) {
  const account = await ownAccount(ctx, accountId);
  const [s] = await ctx.db
    .select()
    .from(statements)
    .where(and(eq(statements.id, statementId), eq(statements.accountId, account.id)));
  if (!s) throw notFound('No such statement');
  const lines = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.statementId, s.id))
    .orderBy(asc(statementLineItems.effectiveAt), asc(statementLineItems.createdAt));
  return {
    ...summary(s, lines),
    lineItems: lines.map((l) => ({
      type: l.type,
      status: l.status,
      amount: l.amountPence,
      descriptionKey: l.descriptionKey,
      descriptionValue: l.descriptionValue,
      servicePeriodStart: iso(l.servicePeriodStart),
      servicePeriodEnd: iso(l.servicePeriodEnd),
      paymentMethodDescription: l.paymentMethodDescription,
      effectiveAt: l.effectiveAt.toISOString(),
      subType: l.subType,
      ipt: l.iptPence,
    })),
  };
}
