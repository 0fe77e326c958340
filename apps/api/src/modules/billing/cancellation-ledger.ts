import { randomUUID } from 'node:crypto';
import { type ChargedPeriod, cancellationCredit, refundDue } from '@forecourt/domain/policy/cancellation';
import { eq, max } from 'drizzle-orm';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { SURPLUS_REFUND_KEY } from './ledger-store.ts';

type LineRow = typeof statementLineItems.$inferSelect;

/** Charges for periods of cover (invoices, credit notes) that a cancellation re-counts. */
const chargesOf = (lines: LineRow[]): ChargedPeriod[] =>
  lines
    .filter((l) => (l.type === 'invoice' || l.type === 'credit_note') && l.status === 'POSTED')
    .flatMap((l) =>
      l.servicePeriodStart && l.servicePeriodEnd
        ? [{ amountPence: l.amountPence, start: l.servicePeriodStart, end: l.servicePeriodEnd }]
        : [],
    );

/** Debits positive, credits negative: what the customer owes (negative: what we owe them). */
const balanceOf = (lines: LineRow[]) =>
  lines.filter((l) => l.status === 'POSTED').reduce((sum, l) => sum + l.amountPence, 0);

async function ledgerOf(ctx: Pick<Ctx, 'db'>, policyId: string) {
  const [account] = await ctx.db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, policyId));
  if (!account) return undefined;
  const lines = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.accountId, account.id));
  return { account, lines };
}

/**
 * What cancelling a policy at `at` would credit (the cover not used, pro-rata: domain policy/cancellation)
 * and pay back (the credit less anything still owed). Read only; zero when the policy has no account.
 */
export async function cancellationFigures(ctx: Pick<Ctx, 'db'>, o: { policyId: string; at: Date }) {
  const ledger = await ledgerOf(ctx, o.policyId);
  if (!ledger) return { creditPence: 0, refundPence: 0 };
  const creditPence = cancellationCredit(chargesOf(ledger.lines), o.at);
  return { creditPence, refundPence: refundDue(creditPence, balanceOf(ledger.lines)) };
}

/** What has been collected for a policy (its POSTED payments less reversals), in pence; 0 without an account. */
export async function collectedFor(ctx: Pick<Ctx, 'db'>, policyId: string) {
  const ledger = await ledgerOf(ctx, policyId);
  // A surplus refunded at once (ADR 341) was received and paid back: not collected.
  const moves = (ledger?.lines ?? []).filter(
    (l) =>
      l.status === 'POSTED' &&
      (l.type === 'payment' ||
        l.type === 'payment_reversal' ||
        (l.type === 'refund' && l.descriptionKey === SURPLUS_REFUND_KEY)),
  );
  return -moves.reduce((sum, l) => sum + l.amountPence, 0);
}

/**
 * Posts a cancellation to the ledger in the caller's transaction (issue 13, ADR 211): a final statement of
 * kind 'cancellation' with a credit note for the cover not used and, when the customer is then in credit, a
 * refund line (PENDING until `payOutCancellationRefund` has paid it back after commit). Returns the figures
 * and the refund line to pay out.
 */
export async function postCancellationCredit(
  ctx: Pick<Ctx, 'db'>,
  o: {
    policyId: string;
    at: Date;
    now: Date;
    reference: string;
    /** A void that keeps the premiums paid (ADR 240): the credit only clears what is still owed; no refund. */
    keepPaid?: boolean;
  },
) {
  const ledger = await ledgerOf(ctx, o.policyId);
  if (!ledger) return { creditPence: 0, refundPence: 0, refundLineId: null };
  const { account, lines } = ledger;
  const before = balanceOf(lines);
  const unused = cancellationCredit(chargesOf(lines), o.at);
  const creditPence = o.keepPaid ? Math.min(unused, Math.max(before, 0)) : unused;
  const refundPence = o.keepPaid ? 0 : refundDue(creditPence, before);
  const [last] = await ctx.db
    .select({ n: max(statements.statementNumber) })
    .from(statements)
    .where(eq(statements.accountId, account.id));
  const statementId = randomUUID();
  const subtotal = refundPence - creditPence;
  const carried = before + subtotal;
  await ctx.db.insert(statements).values({
    id: statementId,
    accountId: account.id,
    statementNumber: (last?.n ?? 0) + 1,
    status: carried > 0 ? 'pending' : 'settled',
    kind: 'cancellation',
    broughtForwardPence: before,
    subtotalPence: subtotal,
    carriedForwardPence: carried,
    amountOutstandingPence: Math.max(carried, 0),
    paymentDueAt: o.now,
    final: true,
  });
  const base = { statementId, accountId: account.id, effectiveAt: o.now };
  if (creditPence !== 0) {
    await ctx.db.insert(statementLineItems).values({
      ...base,
      id: randomUUID(),
      type: 'credit_note',
      status: 'POSTED',
      amountPence: -creditPence,
      descriptionKey: 'billing.lineItem.cancellation',
      descriptionValue: o.reference,
      servicePeriodStart: o.at,
    });
  }
  let refundLineId: string | null = null;
  if (refundPence > 0) {
    refundLineId = randomUUID();
    const card = account.paymentMethodType === 'CARD';
    await ctx.db.insert(statementLineItems).values({
      ...base,
      id: refundLineId,
      type: 'refund',
      status: 'PENDING',
      amountPence: refundPence,
      descriptionKey: 'billing.lineItem.cancellationRefund',
      descriptionValue: o.reference,
      paymentMethodDescription: card ? 'Card' : 'Direct Debit',
      subType: card ? 'STRIPE' : 'GOCARDLESS',
    });
  }
  return { creditPence, refundPence, refundLineId };
}
