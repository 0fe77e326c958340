import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { mtaLine } from './adjustment-charge.ts';
import { lockAccount, movedBy, nextStatementNumber, postedBalance, postLine } from './ledger-store.ts';

/**
 * A confirmed mid-term change on a policy paid in full (annual, driveaway: ADR 245), in the caller's
 * transaction. No billing run raises such an account's next statement, so the pro-rata difference gets its own
 * statement of kind `policy_change` at once: an MTA invoice left outstanding (paid with the pay-outstanding
 * action, `POST /api/stripe/settle`), or an MTA credit note and a refund line to the card (PENDING until
 * `payOutCancellationRefund` has paid it back after commit). Nothing for a change of nothing. A dearer change
 * the customer paid by card before confirming (`paidBy`, ADR 300) carries that payment against its invoice:
 * the statement is settled at once.
 */
export async function postPaidInFullAdjustment(
  ctx: Pick<Ctx, 'db'>,
  o: {
    policyId: string;
    amountPence: number;
    from: Date;
    to: Date;
    now: Date;
    reference: string;
    paidBy?: { customerPaymentId: string; at: Date } | undefined;
    /** The change's parts, one line each (ADR 344); absent: one line from `from` to `to`. */
    parts?: { from: string; to: string; amount: number }[] | undefined;
  },
): Promise<{ refundLineId: string | null }> {
  if (o.amountPence === 0) return { refundLineId: null };
  const [found] = await ctx.db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, o.policyId));
  const account = found && (await lockAccount(ctx.db, found.id));
  if (!account) return { refundLineId: null };
  const before = await postedBalance(ctx.db, account.id);
  const refund = o.amountPence < 0 ? Math.max(0, Math.min(-o.amountPence, -(before + o.amountPence))) : 0;
  const paid = o.paidBy && o.amountPence > 0 ? o.amountPence : 0;
  const subtotal = o.amountPence + refund - paid;
  const carried = before + subtotal;
  const statement = { id: randomUUID(), accountId: account.id };
  await ctx.db.insert(statements).values({
    ...statement,
    statementNumber: await nextStatementNumber(ctx.db, account.id),
    status: carried > 0 ? 'pending' : 'settled',
    kind: 'policy_change',
    broughtForwardPence: before,
    subtotalPence: subtotal,
    carriedForwardPence: carried,
    amountOutstandingPence: Math.max(carried, 0),
    paymentDueAt: o.now,
    createdAt: o.now,
  });
  const parts = o.parts?.length
    ? o.parts.map((p) => ({ ...o, amountPence: p.amount, from: new Date(p.from), to: new Date(p.to) }))
    : [o];
  for (const part of parts) if (part.amountPence !== 0) await postLine(ctx.db, statement, mtaLine(part));
  if (o.paidBy && paid > 0) {
    await postLine(ctx.db, statement, {
      type: 'payment',
      size: paid,
      status: 'POSTED',
      descriptionKey: 'billing.lineItem.cardPayment',
      ...movedBy(true),
      customerPaymentId: o.paidBy.customerPaymentId,
      effectiveAt: o.paidBy.at,
    });
  }
  if (refund === 0) return { refundLineId: null };
  const card = account.paymentMethodType === 'CARD';
  const line = await postLine(ctx.db, statement, {
    type: 'refund',
    size: refund,
    status: 'PENDING',
    descriptionKey: 'billing.lineItem.adjustmentRefund',
    descriptionValue: o.reference,
    ...movedBy(card),
    effectiveAt: o.now,
  });
  return { refundLineId: line.id };
}
