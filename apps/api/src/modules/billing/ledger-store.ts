import { randomUUID } from 'node:crypto';
import { iptOfLine, signed } from '@forecourt/domain/billing/ledger';
import type { LineItemStatus, LineItemSubType, LineItemType } from '@forecourt/domain/enums';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import { insertRows } from '../../db/values.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';

/**
 * The ledger's writes (ADR 201), in the caller's transaction: line items are inserted, never edited (a
 * correction is a new item); statement numbers count up per account under the account's row lock.
 */
export type AccountRow = typeof customerAccounts.$inferSelect;
/** The refund line of money received that nothing was due for, paid back at once (ADR 341). */
export const SURPLUS_REFUND_KEY = 'billing.lineItem.surplusRefund';
export type StatementRow = typeof statements.$inferSelect;

/** Locks the account row for the rest of the transaction (one writer per account's ledger at a time). */
export async function lockAccount(db: Db, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.id, accountId))
    .for('update');
  return row;
}

export async function nextStatementNumber(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(statements.statementNumber) })
    .from(statements)
    .where(eq(statements.accountId, accountId));
  return (row?.n ?? 0) + 1;
}

/** The account's draft statement (the items the next statement will carry), made when there is none. */
export async function draftStatement(db: Db, accountId: string): Promise<StatementRow> {
  const [draft] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, accountId), eq(statements.status, 'draft')));
  if (draft) return draft;
  const [made] = await db
    .insert(statements)
    .values({
      id: randomUUID(),
      accountId,
      statementNumber: await nextStatementNumber(db, accountId),
      status: 'draft',
      kind: 'subscription',
    })
    .returning();
  if (!made) throw new Error('draft statement not made');
  return made;
}

export interface NewLine {
  type: LineItemType;
  status?: LineItemStatus;
  /** The size of the line in pence (>= 0); its sign follows from the type. */
  size: number;
  descriptionKey: string;
  descriptionValue?: string | null;
  servicePeriodStart?: Date | null;
  servicePeriodEnd?: Date | null;
  paymentMethodDescription?: string | null;
  subType?: LineItemSubType | null;
  customerPaymentId?: string | null;
  effectiveAt: Date;
}

/** Posts a line item on a statement; premium lines record their IPT. */
export async function postLine(db: Db, statement: Pick<StatementRow, 'id' | 'accountId'>, line: NewLine) {
  const row = lineRow(statement, line);
  await db.insert(statementLineItems).values(row);
  return { id: row.id, amount: row.amountPence };
}

/** Many line items in one multi-row INSERT (a page of the billing run, ADR 320). */
export async function postLines(
  db: Db,
  lines: { statement: Pick<StatementRow, 'id' | 'accountId'>; line: NewLine }[],
) {
  await insertRows(
    db,
    statementLineItems,
    lines.map((l) => lineRow(l.statement, l.line)),
  );
}

function lineRow(statement: Pick<StatementRow, 'id' | 'accountId'>, line: NewLine) {
  const amount = signed(line.type, line.size);
  return {
    id: randomUUID(),
    statementId: statement.id,
    accountId: statement.accountId,
    type: line.type,
    status: line.status ?? 'POSTED',
    amountPence: amount,
    iptPence: iptOfLine({ type: line.type, amount }),
    descriptionKey: line.descriptionKey,
    descriptionValue: line.descriptionValue ?? null,
    servicePeriodStart: line.servicePeriodStart ?? null,
    servicePeriodEnd: line.servicePeriodEnd ?? null,
    paymentMethodDescription: line.paymentMethodDescription ?? null,
    subType: line.subType ?? null,
    customerPaymentId: line.customerPaymentId ?? null,
    effectiveAt: line.effectiveAt,
  };
}

/** The posted balance of an account: what it owes (positive) or holds in credit (negative). */
export async function postedBalance(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ b: sql<string>`coalesce(sum(${statementLineItems.amountPence}), 0)` })
    .from(statementLineItems)
    .where(and(eq(statementLineItems.accountId, accountId), eq(statementLineItems.status, 'POSTED')));
  return Number(row?.b ?? 0);
}

/** One of the caller's accounts (scoped to the caller's party), or 404. */
export async function ownAccount(ctx: Ctx, accountId: string): Promise<AccountRow> {
  const account = await owned(ctx).first(customerAccounts, eq(customerAccounts.id, accountId));
  if (!account) throw notFound('No such account');
  return account;
}
