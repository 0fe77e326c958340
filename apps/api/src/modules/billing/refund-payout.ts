import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, outbox, policies, statementLineItems } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { Ctx } from '../../lib/context.ts';
import type { EventHandlers } from '../../lib/domain-events.ts';
import {
  FAILED_REFUND_STATUSES,
  moveRefundPart,
  OPEN_REFUND_STATUSES,
  refundCustomerPayment,
  refundPartsFor,
} from '../payments/index.ts';
import { refundCreditAfterCancellation } from './credit-after-cancellation.ts';
import { movedBy, postLine, REFUND_KEPT_BACK_KEY, SURPLUS_REFUND_KEY, wayOfLine } from './ledger-store.ts';
import { sendNotice } from './notices.ts';
import { nextPaymentOf } from './standing-facts.ts';
import { closeEndedTerms } from './term-closing.ts';

type PayoutCtx = Pick<Ctx, 'db' | 'providers' | 'clock'> & {
  log?: Pick<Ctx['log'], 'warn'> | undefined;
};

/**
 * Pays a refund line back (after the ledger transaction committed; ADR 211, 305): against the account's
 * payments, newest first, each the way it was paid (a card payment through the card provider, a Direct Debit
 * payment through GoCardless), never more than what is left of a payment, split across several when one is
 * not enough. The provider key of each part is `refund-<line>-<payment>`, so a retry, two at once or a retry
 * after a crash make one refund per part. A line whose parts do not all end at once (a card refund is paid at
 * once, a Direct Debit refund days later) or do not cover it is split, one line per part (ADR 380), so that
 * each penny paid back has its line when it is paid. A line is settled once its part is known
 * (settleRefundLine): at once for a card refund, by webhook for a Direct Debit one. What is not paid out yet (a
 * provider refused or failed) stays a PENDING line of its own, and the hourly `refund-payout` job pays it out
 * later. Answers whether the line is settled.
 */
export async function payOutCancellationRefund(ctx: PayoutCtx, refundLineId: string) {
  const [line] = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.id, refundLineId));
  if (line?.type !== 'refund' || line.status !== 'PENDING') return false;
  // A line made by a split has its part already (its amount is the part's): only its settling is left.
  if (sumOf(await refundPartsFor(ctx.db, line.id)) < line.amountPence) {
    // Only the credit the account still holds is paid back (ADR 386): a debit charged back since the refund was
    // worked out is owed again, and takes what it can of the refund.
    const held = await ctx.db.transaction((tx) => keepRefundsToCreditHeld(tx, line.accountId));
    const amount = held.amounts.get(line.id) ?? 0;
    if (amount === 0) return false;
    line.amountPence = amount;
    const payments = await ctx.db
      .select()
      .from(statementLineItems)
      .where(
        and(
          eq(statementLineItems.accountId, line.accountId),
          eq(statementLineItems.type, 'payment'),
          eq(statementLineItems.status, 'POSTED'),
        ),
      )
      .orderBy(desc(statementLineItems.effectiveAt), desc(statementLineItems.createdAt));
    let left = line.amountPence;
    try {
      for (const p of payments) {
        if (left <= 0) break;
        if (!p.customerPaymentId) continue;
        const part = await refundCustomerPayment(ctx, {
          customerPaymentId: p.customerPaymentId,
          amountPence: Math.min(left, -p.amountPence),
          key: `refund-${line.id}-${p.customerPaymentId}`,
          reference: line.id,
        });
        if (part) left -= part.amountPence;
      }
      if (left > 0)
        ctx.log?.warn({ refundLineId, left }, 'cancellation refund not fully paid out; tried again later');
    } catch (err) {
      // The provider's answer is unknown (it may have made the refund): the line stays whole, so the retry asks
      // again with the same keys and is answered the same refund. Splitting now would give what is left new keys.
      ctx.log?.warn({ err, refundLineId }, 'cancellation refund failed at the provider; tried again later');
      return false;
    }
  }
  const now = ctx.clock.now();
  const lines = await ctx.db.transaction((tx) => linePerPart(tx, line.id));
  let settled = false;
  for (const id of lines) {
    const done = await ctx.db.transaction((tx) => settleRefundLine(tx, id, now));
    if (id === line.id) settled = done;
  }
  return settled;
}

/** How a refund line names the way its money goes back: the way the payment it refunds was made. */
const paidBackBy = (method: string) => movedBy(method === 'CARD');

/**
 * One line per part (ADR 380), for a PENDING refund line whose parts will not be settled together: some still
 * on their way while others are paid or failed, or not covering the line. The line keeps its first part; each
 * other part gets a PENDING line of its own (the part moves to it); what no part covers yet stays PENDING in a
 * line with no part, paid out later. Each line names the way its money goes back (the way the payment it
 * refunds was made).
 * A line that one part covers, or whose parts are all final and cover it, is left whole. Answers the lines to
 * settle.
 */
async function linePerPart(db: Db, lineId: string): Promise<string[]> {
  // The parts first, then the line: the order the refunds webhook takes them in (part, then line).
  const parts = await refundPartsFor(db, lineId, { forUpdate: true });
  const [line] = await db
    .select()
    .from(statementLineItems)
    .where(and(eq(statementLineItems.id, lineId), eq(statementLineItems.status, 'PENDING')))
    .for('update');
  if (!line) return [];
  const made = sumOf(parts);
  const final = parts.every((p) => !OPEN_REFUND_STATUSES.includes(p.status));
  const [first, ...others] = parts;
  // Left whole: nothing paid out yet, one part covering it, parts all final, or (never expected) parts beyond it.
  if (!first || made > line.amountPence || (made === line.amountPence && (final || others.length === 0))) {
    // Named by the way its money goes back, when that is one way.
    const ways = new Set(parts.map((p) => p.method));
    if (first && ways.size === 1 && paidBackBy(first.method).subType !== line.subType)
      await db
        .update(statementLineItems)
        .set(paidBackBy(first.method))
        .where(eq(statementLineItems.id, line.id));
    return [line.id];
  }
  const statement = { id: line.statementId, accountId: line.accountId };
  const like = (amount: number, part?: (typeof parts)[number]) => ({
    type: 'refund' as const,
    status: 'PENDING' as const,
    size: amount,
    descriptionKey: line.descriptionKey,
    descriptionValue: line.descriptionValue,
    ...(part
      ? paidBackBy(part.method)
      : { paymentMethodDescription: line.paymentMethodDescription, subType: line.subType }),
    effectiveAt: line.effectiveAt,
  });
  await db
    .update(statementLineItems)
    .set({ amountPence: first.amountPence, ...paidBackBy(first.method) })
    .where(eq(statementLineItems.id, line.id));
  const ids = [line.id];
  for (const part of others) {
    const made = await postLine(db, statement, like(part.amountPence, part));
    await moveRefundPart(db, part.idempotencyKey, made.id);
    ids.push(made.id);
  }
  const left = line.amountPence - sumOf(parts);
  if (left > 0) await postLine(db, statement, like(left));
  return ids;
}

const sumOf = (parts: { amountPence: number }[]) => parts.reduce((total, p) => total + p.amountPence, 0);

/**
 * A refund pays back only the credit its account still holds (ADR 386). A refund line waits PENDING until it is
 * paid (a provider refused it, or GoCardless has yet to pay it); meanwhile the debit it was worked out against can
 * be charged back, and is owed again. The account's PENDING refund lines, oldest first, keep what its posted lines
 * leave in credit, never less than what is already on its way to the customer; a line left with nothing is FAILED
 * (nothing paid back: the credit it was for is gone). In the caller's transaction, the lines locked. Answers each
 * PENDING line's amount after, and how much was taken off them.
 *
 * `readOnly`: works the same out and writes nothing (a charge back, which must not trim a line whose payout may be
 * at its provider this moment: the payout trims, under the line's lock, before it asks the provider).
 */
export async function keepRefundsToCreditHeld(db: Db, accountId: string, o: { readOnly?: boolean } = {}) {
  const pending = await db
    .select()
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.accountId, accountId),
        eq(statementLineItems.type, 'refund'),
        eq(statementLineItems.status, 'PENDING'),
      ),
    )
    .orderBy(asc(statementLineItems.createdAt), asc(statementLineItems.id))
    .for('update');
  const amounts = new Map<string, number>();
  let trimmed = 0;
  if (pending.length === 0) return { amounts, trimmed };
  const [posted] = await db
    .select({ balance: sql<string>`coalesce(sum(${statementLineItems.amountPence}), 0)` })
    .from(statementLineItems)
    .where(and(eq(statementLineItems.accountId, accountId), eq(statementLineItems.status, 'POSTED')));
  let credit = -Number(posted?.balance ?? 0);
  for (const line of pending) {
    const made = sumOf(await refundPartsFor(db, line.id));
    const keep = Math.max(made, Math.min(line.amountPence, credit));
    credit -= keep;
    amounts.set(line.id, keep);
    trimmed += line.amountPence - keep;
    if (keep === line.amountPence || o.readOnly) continue;
    await db
      .update(statementLineItems)
      .set(keep === 0 ? { status: 'FAILED', descriptionKey: REFUND_KEPT_BACK_KEY } : { amountPence: keep })
      .where(eq(statementLineItems.id, line.id));
  }
  return { amounts, trimmed };
}

/**
 * A PENDING refund line, once its parts cover it and none is on its way any more: POSTED when all were paid,
 * FAILED when none reached the customer (the account keeps the credit), and when only some failed, POSTED
 * with a refund reversal for what came back. Answers whether it settled the line.
 */
export async function settleRefundLine(db: Db, lineId: string, at: Date) {
  const [line] = await db
    .select()
    .from(statementLineItems)
    .where(and(eq(statementLineItems.id, lineId), eq(statementLineItems.status, 'PENDING')))
    .for('update');
  if (!line) return false;
  const parts = await refundPartsFor(db, line.id);
  if (sumOf(parts) < line.amountPence || parts.some((p) => OPEN_REFUND_STATUSES.includes(p.status))) {
    return false;
  }
  const failed = sumOf(parts.filter((p) => FAILED_REFUND_STATUSES.includes(p.status)));
  const references = parts.filter((p) => !FAILED_REFUND_STATUSES.includes(p.status));
  await db
    .update(statementLineItems)
    .set({
      status: failed >= line.amountPence ? 'FAILED' : 'POSTED',
      descriptionValue: [line.descriptionValue, ...references.map((p) => p.providerRefundId)]
        .filter(Boolean)
        .join(' '),
    })
    .where(eq(statementLineItems.id, line.id));
  if (failed > 0 && failed < line.amountPence) await postRefundReversal(db, line, failed, at);
  if (failed > 0) await tellRefundFailed(db, line, Math.min(failed, line.amountPence), at);
  return true;
}

/**
 * The customer is told when money we were paying back did not reach them (ADR 405): a refund failed, or came back
 * after it was paid; once for a statement's refund. The account holds it again. With a statement still to come
 * (a live monthly policy), the billing run takes it off that statement's payment (ADR 406); otherwise the hourly
 * job leaves it to staff (`creditToPayBack`) and the policy's pages ask the customer to call (the standing's
 * `payingBack`, `held`).
 */
async function tellRefundFailed(
  db: Db,
  line: typeof statementLineItems.$inferSelect,
  amount: number,
  at: Date,
) {
  const [account] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, line.accountId));
  if (!account) return;
  // Once for the refund of a statement, however many lines it was paid out in (ADR 380) and however many failed.
  const [told] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        sql`${outbox.payload}->>'kind' = 'refund-failed'`,
        sql`${outbox.payload}->>'statementId' = ${line.statementId}`,
      ),
    )
    .limit(1);
  if (told) return;
  const where =
    wayOfLine(line.subType) === 'BACS_DEBIT'
      ? 'the bank account your Direct Debit is paid from'
      : 'the card you paid with';
  const [policy] = await db
    .select({ status: policies.status, terminatedAt: policies.terminatedAt, expiredAt: policies.expiredAt })
    .from(policies)
    .where(eq(policies.id, account.policyId));
  const next = await nextPaymentOf(db, account, policy, at);
  await sendNotice(
    db,
    account,
    'refund-failed',
    'We could not pay your money back',
    [
      `We tried to pay ${formatGBP(amount)} back to ${where}, and it did not reach you.`,
      next
        ? `Your account still holds it, and we will take it off your payments from ${formatLondon(next.dueAt, 'd MMMM yyyy')}. If you would rather have it paid back to you, please call us.`
        : 'Your account still holds it. Please call us and we will pay it back to you.',
    ],
    { amount, statementId: line.statementId },
  );
}

async function postRefundReversal(
  db: Db,
  line: typeof statementLineItems.$inferSelect,
  size: number,
  at: Date,
) {
  await postLine(
    db,
    { id: line.statementId, accountId: line.accountId },
    {
      type: 'refund_reversal',
      size,
      descriptionKey: 'billing.lineItem.refundReturned',
      descriptionValue: line.descriptionValue,
      paymentMethodDescription: line.paymentMethodDescription,
      subType: line.subType,
      effectiveAt: at,
    },
  );
}

/**
 * Billing's handler of a refund's outcome (the `refund.outcome` event, run in the webhook's transaction): settles
 * the PENDING line; a part that failed after its line was POSTED (a Direct Debit refund paid, then the money came
 * back; a card refund that failed days after it was made, ADR 406) gets a refund reversal, so the account holds the
 * credit again, and the customer is told. A surplus payment's refund (ADR 341) is posted by `payment.surplus` as a
 * line of its own, found by its payment. Answers whether the account holds money that came back (ADR 406).
 */
export const refundOutcome: EventHandlers['refund.outcome'] = async (ctx, o) => {
  const [line] = await ctx.db
    .select()
    .from(statementLineItems)
    .where(
      o.surplus
        ? and(
            eq(statementLineItems.type, 'refund'),
            eq(statementLineItems.descriptionKey, SURPLUS_REFUND_KEY),
            eq(statementLineItems.customerPaymentId, o.surplus.customerPaymentId),
            eq(statementLineItems.descriptionValue, o.surplus.paymentReference),
          )
        : eq(statementLineItems.id, o.reference),
    )
    .for('update');
  if (!line) return { held: false };
  if (line.status === 'PENDING') await settleRefundLine(ctx.db, line.id, ctx.at);
  else if (line.status === 'POSTED' && o.returned) {
    await postRefundReversal(ctx.db, line, o.returned.amountPence, ctx.at);
    await tellRefundFailed(ctx.db, line, o.returned.amountPence, ctx.at);
  }
  return { held: o.returned !== null };
};

/**
 * The hourly refund job (ADR 305): the account of a term that ran to its end is closed (ADR 393); credit left on
 * an ended policy's account (by a debit confirmed after the cancellation, say) becomes a refund line, paid out now; refund lines still PENDING an hour after they were made
 * (a crash, a provider's refusal) are paid out again. Answers how many lines it settled.
 */
export async function payOutPendingRefunds(services: PayoutCtx) {
  const now = services.clock.now();
  await closeEndedTerms({ db: services.db, now, log: services.log });
  const late = await refundCreditAfterCancellation({ db: services.db, now });
  for (const id of late) await payOutCancellationRefund(services, id);
  const before = new Date(now.getTime() - 60 * 60 * 1000);
  const pending = await services.db
    .select({ id: statementLineItems.id })
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.type, 'refund'),
        eq(statementLineItems.status, 'PENDING'),
        lte(statementLineItems.effectiveAt, before),
      ),
    );
  let settled = 0;
  for (const { id } of pending) if (await payOutCancellationRefund(services, id)) settled++;
  return settled;
}

export const refundPayoutJob = defineJob({
  name: 'refund-payout',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '17 * * * *', payload: {} },
  async handler(services) {
    await payOutPendingRefunds(services);
  },
});
