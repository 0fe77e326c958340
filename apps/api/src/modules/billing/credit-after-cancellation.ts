import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { lockAccount, movedBy, postedBalance, postLine, REFUND_KEPT_BACK_KEY } from './ledger-store.ts';

/**
 * Money an ended policy's account holds after its final statement (ADR 305): a Direct Debit that was on its way
 * at the cancellation (GoCardless cannot refund a payment before it is confirmed, and the ledger counts it only
 * then) leaves the account in credit once confirmed; a term that ran to its end is closed with the credit it
 * holds (ADR 393). For each account with a final statement (a cancellation's, or a term's closing), no
 * collection still on its way and no refund that failed or came back (those are the finance team's), the credit
 * not yet being refunded becomes a PENDING refund line on that statement, and the statement is settled once
 * nothing is owed. Each account under its row lock, so two runs post one line. Answers the refund lines posted,
 * to be paid out.
 */
export async function refundCreditAfterCancellation(ctx: Pick<Ctx, 'db'> & { now: Date }) {
  const finals = await ctx.db
    .select({ id: statements.id, accountId: statements.accountId, kind: statements.kind })
    .from(statements)
    .where(
      and(
        // A cancellation's final statement, or the one that closed a term that ran to its end (ADR 393).
        eq(statements.final, true),
        // Only those still owed something or in credit (the rest are done: a cheap scan every hour).
        or(
          eq(statements.status, 'pending'),
          sql`(SELECT coalesce(sum(l.amount_pence), 0) FROM statement_line_items l
                WHERE l.account_id = ${statements.accountId} AND l.status = 'POSTED') < 0`,
        ),
      ),
    );
  const posted: string[] = [];
  for (const final of finals) {
    const lineId = await ctx.db.transaction(async (tx) => {
      const account = await lockAccount(tx, final.accountId);
      if (!account) return null;
      const owned = await tx.select().from(statements).where(eq(statements.accountId, account.id));
      const held = await creditToPayBack(tx, account.id, owned);
      if (!held) return null;
      const { balance, pending } = held;
      const open = owned.find((s) => s.id === final.id && s.status === 'pending');
      if (balance <= 0 && open) {
        await tx
          .update(statements)
          .set({
            status: nextStatus(statementMachine, open.status, 'creditClear'),
            amountOutstandingPence: 0,
          })
          .where(eq(statements.id, open.id));
      }
      const due = -balance - pending;
      if (due <= 0) return null;
      const card = account.paymentMethodType === 'CARD';
      const [credit] = await tx
        .select()
        .from(statementLineItems)
        .where(and(eq(statementLineItems.statementId, final.id), eq(statementLineItems.type, 'credit_note')));
      const line = await postLine(tx, final, {
        type: 'refund',
        status: 'PENDING',
        size: due,
        descriptionKey:
          final.kind === 'cancellation'
            ? 'billing.lineItem.cancellationRefund'
            : 'billing.lineItem.creditRefund',
        descriptionValue: credit?.descriptionValue ?? null,
        ...movedBy(card),
        effectiveAt: ctx.now,
      });
      // The statement's figures take in its new line, as they take in the refund a cancellation posts at once.
      await tx
        .update(statements)
        .set({
          subtotalPence: sql`${statements.subtotalPence} + ${due}`,
          carriedForwardPence: sql`${statements.carriedForwardPence} + ${due}`,
        })
        .where(eq(statements.id, final.id));
      return line.id;
    });
    if (lineId) posted.push(lineId);
  }
  return posted;
}

/** Whether a payment of one of the account's statements is still on its way (its outcome not known yet). */
export async function collectionOnItsWay(db: Db, owned: { id: string }[]): Promise<boolean> {
  const inFlight = await db
    .select({ id: customerPayments.id })
    .from(customerPayments)
    .where(
      and(
        inArray(
          customerPayments.reference,
          owned.map((s) => s.id),
        ),
        eq(customerPayments.purpose, 'statement'),
        eq(customerPayments.status, 'PENDING'),
      ),
    )
    .limit(1);
  return inFlight.length > 0;
}

/**
 * An ended account's credit as the hourly job sees it (ADR 305): its posted balance and the refunds on their way,
 * or null when the job leaves it to staff: a collection still on its way, or a refund that failed or came back.
 * A refund not paid because its credit was owed again is not a failure to pay back (ADR 386).
 */
export async function creditToPayBack(
  db: Db,
  accountId: string,
  owned: { id: string }[],
): Promise<{ balance: number; pending: number } | null> {
  if (await collectionOnItsWay(db, owned)) return null;
  const refunds = await db
    .select()
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.accountId, accountId),
        inArray(statementLineItems.type, ['refund', 'refund_reversal']),
      ),
    );
  if (refunds.some(refundCameBack)) return null;
  const pending = refunds.filter((l) => l.status === 'PENDING').reduce((t, l) => t + l.amountPence, 0);
  return { balance: await postedBalance(db, accountId), pending };
}

/**
 * A refund that did not reach the customer: one that failed (not one kept back for a charge back, ADR 386, which
 * is no failure), or money that came back after it was paid. The job then leaves the credit to staff
 * (`creditToPayBack`), and the customer is asked to call (the standing's `payingBack`, ADR 405).
 */
export const refundCameBack = (l: { type: string; status: string; descriptionKey: string | null }) =>
  l.type === 'refund_reversal' ||
  (l.type === 'refund' && l.status === 'FAILED' && l.descriptionKey !== REFUND_KEPT_BACK_KEY);
