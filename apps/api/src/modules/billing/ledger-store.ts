import { randomUUID } from 'node:crypto';
import { iptOfLine, PREMIUM_LINES, signed } from '@forecourt/domain/billing/ledger';
import type { LineItemStatus, LineItemSubType, LineItemType } from '@forecourt/domain/enums';
import { iptInGross } from '@forecourt/domain/money';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import { anyOf, insertRows } from '../../db/values.ts';
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
/** A payment-day change's journal line, for a part of its transitional period; its value is the new day (ADR 368). */
export const PAYMENT_DAY_CHANGE_KEY = 'billing.lineItem.paymentDayChange';

/** A refund line not paid because the credit it was for is owed again (ADR 386): one key, in the domain. */
export { REFUND_KEPT_BACK_KEY } from '@forecourt/domain/billing/ledger';
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

/** How a payment or refund line names the way its money moved: by card (Stripe) or by Direct Debit (GoCardless). */
export const movedBy = (card: boolean) =>
  card
    ? { paymentMethodDescription: 'Card', subType: 'STRIPE' as const }
    : { paymentMethodDescription: 'Direct Debit', subType: 'GOCARDLESS' as const };

/** The way a line's money moved, read back from its sub-type (`movedBy`'s inverse); null for neither (a change). */
export const wayOfLine = (subType: string | null): 'CARD' | 'BACS_DEBIT' | null =>
  subType === 'STRIPE' ? 'CARD' : subType === 'GOCARDLESS' ? 'BACS_DEBIT' : null;

/** Posts a line item on a statement; premium lines record their IPT (allocated, `premiumTaxOf`). */
export async function postLine(db: Db, statement: Pick<StatementRow, 'id' | 'accountId'>, line: NewLine) {
  const [row] = await rowsWithTax(db, [{ statement, line }]);
  await db.insert(statementLineItems).values(row!);
  return { id: row!.id, amount: row!.amountPence };
}

/** Many line items in one multi-row INSERT (a page of the billing run, ADR 320). */
export async function postLines(
  db: Db,
  lines: { statement: Pick<StatementRow, 'id' | 'accountId'>; line: NewLine }[],
) {
  if (lines.length === 0) return;
  await insertRows(db, statementLineItems, await rowsWithTax(db, lines));
}

/**
 * The rows of new lines with their insurance premium tax (issue 26 defect 5, ADR 344): the tax of an account's
 * premium lines is allocated cumulatively — each line's tax is the tax of the account's premium so far with it,
 * less the tax already on its earlier lines — so the lines' tax always adds up to the tax of their sum (the
 * policy's annual tax over its twelve statements, a credit note's refunded tax included), never 5p off.
 */
async function rowsWithTax(
  db: Db,
  lines: { statement: Pick<StatementRow, 'id' | 'accountId'>; line: NewLine }[],
) {
  const rows = lines.map((l) => lineRow(l.statement, l.line));
  const premium = rows.filter((r) => PREMIUM_LINES.includes(r.type));
  if (premium.length === 0) return rows;
  const accountIds = [...new Set(premium.map((r) => r.accountId))];
  const sums = await db
    .select({
      accountId: statementLineItems.accountId,
      gross: sql<string>`coalesce(sum(${statementLineItems.amountPence}), 0)`,
      ipt: sql<string>`coalesce(sum(${statementLineItems.iptPence}), 0)`,
    })
    .from(statementLineItems)
    .where(
      and(
        anyOf(statementLineItems.accountId, accountIds),
        inArray(statementLineItems.type, [...PREMIUM_LINES]),
        inArray(statementLineItems.status, ['POSTED', 'PENDING']),
      ),
    )
    .groupBy(statementLineItems.accountId);
  const so = new Map(sums.map((r) => [r.accountId, { gross: Number(r.gross), ipt: Number(r.ipt) }]));
  for (const row of premium) {
    const before = so.get(row.accountId) ?? { gross: 0, ipt: 0 };
    const gross = before.gross + row.amountPence;
    const ipt = iptInGross(gross);
    row.iptPence = ipt - before.ipt;
    so.set(row.accountId, { gross, ipt });
  }
  return rows;
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
