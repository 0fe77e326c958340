import { canTransition, statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import { publish } from '../../lib/domain-events.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import type { CollectionPayment } from '../payments/index.ts';
import {
  type Cover,
  endsWithinNotice,
  reinstateIfPaid,
  suspendForNonPayment,
  whenCoverEnds,
} from './arrears.ts';
import { settleOpenStatements } from './cancellation-ledger.ts';
import { creditToPayBack } from './credit-after-cancellation.ts';
import { type AccountRow, movedBy, postedBalance, postLine, type StatementRow } from './ledger-store.ts';
import { type BillingNotice, sendNotice } from './notices.ts';
import { keepRefundsToCreditHeld } from './refund-payout.ts';

/**
 * Money the customer's bank or card issuer took back from the insurer, and gave back: a Direct Debit charged back
 * (ADR 384) and its charge back cancelled (ADR 390), a card payment disputed and the dispute won (ADR 392). One
 * rule for each, whatever took the money.
 */
type At = { db: Db; at: Date };

type PaymentLine = { payment: CollectionPayment; size: number; descriptionKey: string; card: boolean };

/** A payment's line on a statement: taken back (`payment_reversal`) or posted again (`payment`). */
async function postPaymentLine(
  ctx: At,
  statement: StatementRow,
  type: 'payment' | 'payment_reversal',
  o: PaymentLine,
) {
  await postLine(ctx.db, statement, {
    type,
    size: o.size,
    descriptionKey: o.descriptionKey,
    ...movedBy(o.card),
    customerPaymentId: o.payment.id,
    effectiveAt: ctx.at,
  });
}

/** `size` of a payment taken back from a statement it paid: its payment reversal, posted. */
export const postReversal = (ctx: At, statement: StatementRow, o: PaymentLine) =>
  postPaymentLine(ctx, statement, 'payment_reversal', o);

/**
 * The statement's figures moved back by the `size` reversed on it (ADR 201: lines, subtotal and carried-forward
 * agree). It asks again for `again` (the rest was kept from a refund still due, ADR 386), failed by the machine,
 * and is not collected again by itself: the customer disputed the payment.
 */
export async function askAgain(ctx: At, statement: StatementRow, o: { size: number; again: number }) {
  await ctx.db
    .update(statements)
    .set({
      subtotalPence: statement.subtotalPence + o.size,
      carriedForwardPence: statement.carriedForwardPence + o.size,
      amountOutstandingPence: statement.amountOutstandingPence + o.again,
      nextCollectionAt: null,
      // A statement failed already stays failed; a settled or pending one asked for money again fails.
      ...(o.again > 0 && canTransition(statementMachine, statement.status, 'chargeBack')
        ? { status: nextStatus(statementMachine, statement.status, 'chargeBack') }
        : {}),
    })
    .where(eq(statements.id, statement.id));
}

/**
 * `size` of a payment given back, posted again on the statement it was taken back from: the statement asks for
 * that much less, and is settled if that leaves nothing. Answers what it did not ask for (paid meanwhile).
 */
export async function repostOnStatement(ctx: At, statement: StatementRow, o: PaymentLine) {
  await postPaymentLine(ctx, statement, 'payment', o);
  const applied = Math.min(o.size, statement.amountOutstandingPence);
  const remaining = statement.amountOutstandingPence - applied;
  await ctx.db
    .update(statements)
    .set({
      subtotalPence: statement.subtotalPence - o.size,
      carriedForwardPence: statement.carriedForwardPence - o.size,
      amountOutstandingPence: remaining,
      ...(applied > 0 && remaining === 0 && canTransition(statementMachine, statement.status, 'payInFull')
        ? { status: nextStatus(statementMachine, statement.status, 'payInFull') }
        : {}),
    })
    .where(eq(statements.id, statement.id));
  return o.size - applied;
}

/**
 * What a refund still waiting keeps back of `amount` taken back (ADR 386), once its reversal is posted: worked out
 * only (the payout trims the refund lines under their lock), `kept` of it comes off the refund, `again` is owed
 * again.
 */
export async function keptFromRefunds(db: Db, accountId: string, amount: number) {
  const refunds = await keepRefundsToCreditHeld(db, accountId, { readOnly: true });
  const kept = Math.min(amount, refunds.trimmed);
  const refundLeft = [...refunds.amounts.values()].reduce((sum, n) => sum + n, 0);
  return { kept, again: amount - kept, refundLeft };
}

/**
 * After money was taken back: partners are told (`payment.reversed`, ADR 362), and the customer. A live policy's
 * account in good standing is suspended with notice of cancellation for non-payment, as after a last failed
 * collection; otherwise the e-mail says what is owed, or that nothing is.
 */
export async function tellTakenBack(
  ctx: At,
  o: {
    account: AccountRow;
    cover: Cover;
    amount: number;
    owed: { again: number; refundLeft: number };
    returned: string;
    notice: { kind: BillingNotice; subject: string };
  },
) {
  const { account, amount, owed } = o;
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: ctx.at },
    {
      type: 'payment.reversed' as const,
      policyId: account.policyId,
      data: { amountPence: amount, reversedAt: ctx.at.toISOString() },
    },
  );
  if (owed.again === 0)
    return sendNotice(ctx.db, account, o.notice.kind, o.notice.subject, [
      o.returned,
      'We have kept that amount from the refund that was still due to you, so there is nothing more to pay.',
      ...(owed.refundLeft > 0
        ? [`The rest of your refund, ${formatGBP(owed.refundLeft)}, is on its way.`]
        : []),
    ]);
  const owedAgain =
    owed.again === amount
      ? 'That amount is owed again'
      : `We have kept ${formatGBP(amount - owed.again)} of it from the refund that was still due to you; ${formatGBP(owed.again)} is owed again`;
  // Cover that ends as arranged before a notice would end it is not suspended either (ADR 396).
  const ending = endsWithinNotice(o.cover, ctx.at);
  if (o.cover.live && !ending && account.status === 'ACTIVE')
    return suspendForNonPayment(ctx.db, account, ctx.at, [
      o.returned,
      `${owedAgain}. Your account is suspended: please pay the outstanding balance from your account.`,
    ]);
  await sendNotice(ctx.db, account, o.notice.kind, o.notice.subject, [
    o.returned,
    ending
      ? `${owedAgain}. ${whenCoverEnds(ending)} Please pay the outstanding balance from your account, or call us.`
      : `${owedAgain} for the cover you had: please pay the outstanding balance from your account, or call us.`,
  ]);
}

/** What a payment standing again does not do for a policy that has ended, by how it ended. */
const STAYS_CANCELLED =
  'Your policy stays cancelled: this payment does not restart your cover, and you are not insured to drive the vehicle.';
const AFTER_THE_END: Record<string, string> = {
  LAPSED:
    'Your policy has ended: this payment does not restart your cover, and you are not insured under it to drive the vehicle.',
  RENEWED: 'This payment was for the year before your policy renewed: your renewed policy is not affected.',
};

/**
 * After money taken back was given back (posted again by repostOnStatement): what the statements no longer ask
 * for (`surplus`) pays the account's other open statements, newest first, so a Direct Debit on its way asks for
 * less or is cancelled (ADR 378, 382). A live policy's suspension is lifted when nothing is left failed; an ended
 * one stays as its end left it. Partners are told the payment stands (`payment.succeeded`), and the customer what
 * it leaves them.
 */
export async function tellStandsAgain(
  ctx: At,
  o: {
    account: AccountRow;
    cover: Cover;
    amount: number;
    surplus: number;
    stands: string;
    notice: { kind: BillingNotice; subject: string };
  },
) {
  const { account } = o;
  const live = o.cover.live;
  const open = await settleOpenStatements(ctx, account.id, o.surplus);
  if (live) await reinstateIfPaid(ctx.db, account.id);
  const [after] = await ctx.db
    .select({ status: customerAccounts.status })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, account.id));
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: ctx.at },
    {
      type: 'payment.succeeded' as const,
      policyId: account.policyId,
      data: { amountPence: o.amount, collectedAt: ctx.at.toISOString() },
    },
  );
  const lines = [o.stands, ...(await whatItLeaves(ctx.db, account.id, { live, open }))];
  if (live && account.status === 'SUSPENDED' && after?.status === 'ACTIVE')
    lines.push('Your account is no longer suspended.');
  if (live && after?.status === 'SUSPENDED')
    lines.push('Your account stays suspended until what is owed is paid.');
  // An ended policy stays as its end left it, in words true of how it ended: a renewed year's policy is not the
  // one that covers the customer now, and a lapsed one was not cancelled.
  if (!live) lines.push(AFTER_THE_END[o.cover.status ?? ''] ?? STAYS_CANCELLED);
  await sendNotice(ctx.db, account, o.notice.kind, o.notice.subject, lines);
}

/**
 * What a payment standing again leaves the customer, in words (ADR 390), from what the Billing tab shows: what is
 * still to pay there, what a Direct Debit on its way will collect, or a credit and how it comes back (the next
 * statement takes a live policy's; the hourly job pays an ended one's back, unless it leaves it to staff).
 */
async function whatItLeaves(
  db: Db,
  accountId: string,
  o: { live: boolean; open: { stillOpen: number; collecting: number } },
) {
  const toPay = o.open.stillOpen - o.open.collecting;
  const lines: string[] = [];
  if (toPay > 0)
    lines.push(
      `${formatGBP(toPay)} is still to pay: please pay it from the Billing tab of your policy, or call us.`,
    );
  if (o.open.collecting > 0)
    lines.push(`The Direct Debit on its way will collect ${formatGBP(o.open.collecting)}.`);
  if (o.open.stillOpen > 0) return lines;
  const owned = await db
    .select({ id: statements.id })
    .from(statements)
    .where(eq(statements.accountId, accountId));
  // The hourly job's own reading of the account (its balance, less refunds on their way), when it will act.
  const held = await creditToPayBack(db, accountId, owned);
  const credit = held ? -held.balance - held.pending : -(await postedBalance(db, accountId));
  if (credit <= 0) return ['There is nothing more to pay.'];
  const inCredit = `Your account is ${formatGBP(credit)} in credit`;
  if (o.live)
    return [
      `${inCredit}: it will be taken off your next payment, or paid back to you if your cover ends first.`,
    ];
  // An ended policy's account has a final statement (a cancellation's), or gets one within the hour (a term that
  // ran to its end, ADR 393): the hourly job pays the credit back unless it leaves it to staff.
  return [
    held
      ? `${inCredit}: we will pay it back to you.`
      : `${inCredit}: please call us and we will pay it back to you.`,
  ];
}
