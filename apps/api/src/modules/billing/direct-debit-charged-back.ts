import { canTransition, statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, statements } from '../../db/schema/index.ts';
import { publish } from '../../lib/domain-events.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { reinstateIfPaid, suspendForNonPayment } from './arrears.ts';
import { settleOpenStatements } from './cancellation-ledger.ts';
import { creditToPayBack } from './credit-after-cancellation.ts';
import { movedBy, postedBalance, postLine } from './ledger-store.ts';
import { sendNotice } from './notices.ts';
import { keepRefundsToCreditHeld } from './refund-payout.ts';

/**
 * The statement a Direct Debit paid, locked, with its account and policy's status, and the payment's line posted
 * on it (the bank taking the debit back, or its charge back cancelled). None for a payment of no statement.
 */
async function postOnItsStatement(
  ctx: { db: Db; at: Date },
  payment: CollectionPayment,
  type: 'payment' | 'payment_reversal',
  descriptionKey: string,
) {
  if (payment.purpose !== 'statement') return undefined;
  const [row] = await ctx.db
    .select({ account: customerAccounts, statement: statements, policyStatus: policies.status })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(eq(statements.id, payment.reference))
    .for('update', { of: statements });
  if (!row) return undefined;
  await postLine(ctx.db, row.statement, {
    type,
    size: payment.amountPence,
    descriptionKey,
    ...movedBy(false),
    customerPaymentId: payment.id,
    effectiveAt: ctx.at,
  });
  return row;
}

/**
 * A collected Direct Debit that the payer's bank charged back (ADR 384), in the webhook's transaction after its
 * payment was reversed:
 * - a payment reversal is posted on the statement it paid, so the account owes the amount again;
 * - a refund still waiting to be paid keeps back what it can of the amount (ADR 386: a refund pays back only the
 *   credit the account still holds);
 * - the statement asks again for the rest (failed). It is not collected again by itself, because the
 *   customer disputed the debit;
 * - while the policy is live and the account in good standing, the account is suspended with notice of
 *   cancellation for non-payment, as after a last failed collection. Otherwise the customer is told what is owed,
 *   or that nothing is.
 */
export async function directDebitChargedBack(ctx: { db: Db; at: Date }, o: { payment: CollectionPayment }) {
  const row = await postOnItsStatement(
    ctx,
    o.payment,
    'payment_reversal',
    'billing.lineItem.directDebitChargedBack',
  );
  if (!row) return;
  const { account, statement } = row;
  const amount = o.payment.amountPence;
  // The account may hold a credit it was still to pay back (a cancellation's refund not paid yet, ADR 386): the
  // returned amount takes what it can of it, and the statement asks again only for the rest. The refund lines are
  // trimmed by their payout, under their lock, before it asks the provider; here it is only worked out.
  const refunds = await keepRefundsToCreditHeld(ctx.db, account.id, { readOnly: true });
  const refundLeft = [...refunds.amounts.values()].reduce((sum, n) => sum + n, 0);
  const again = amount - Math.min(amount, refunds.trimmed);
  await ctx.db
    .update(statements)
    .set({
      // The figures the collection took the amount off (post-collected) take it back: the statement's lines,
      // subtotal and carried-forward agree again (ADR 201); it asks for what is owed again.
      subtotalPence: statement.subtotalPence + amount,
      carriedForwardPence: statement.carriedForwardPence + amount,
      amountOutstandingPence: statement.amountOutstandingPence + again,
      nextCollectionAt: null,
      // A statement failed already stays failed; a settled or pending one asked for money again fails, by the
      // machine.
      ...(again > 0 && canTransition(statementMachine, statement.status, 'chargeBack')
        ? { status: nextStatus(statementMachine, statement.status, 'chargeBack') }
        : {}),
    })
    .where(eq(statements.id, statement.id));
  // Partners told of the payment are told it went back, in this transaction (ADR 362, 386).
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: ctx.at },
    {
      type: 'payment.reversed' as const,
      policyId: account.policyId,
      data: { amountPence: amount, reversedAt: ctx.at.toISOString() },
    },
  );
  const returned = `Your bank returned ${formatGBP(amount)} to you from the Direct Debit that paid statement ${statement.statementNumber}.`;
  if (again === 0) {
    return sendNotice(ctx.db, account, 'payment-charged-back', 'Your Direct Debit was returned', [
      returned,
      'We have kept that amount from the refund that was still due to you, so there is nothing more to pay.',
      ...(refundLeft > 0 ? [`The rest of your refund, ${formatGBP(refundLeft)}, is on its way.`] : []),
    ]);
  }
  const owedAgain =
    again === amount
      ? 'That amount is owed again'
      : `We have kept ${formatGBP(amount - again)} of it from the refund that was still due to you; ${formatGBP(again)} is owed again`;
  const live = row.policyStatus === 'ACTIVE' || row.policyStatus === 'PENDING';
  if (live && account.status === 'ACTIVE')
    return suspendForNonPayment(ctx.db, account, ctx.at, [
      returned,
      `${owedAgain}. Your account is suspended: please pay the outstanding balance from your account.`,
    ]);
  await sendNotice(ctx.db, account, 'payment-charged-back', 'Your Direct Debit was returned', [
    returned,
    `${owedAgain} for the cover you had: please pay the outstanding balance from your account, or call us.`,
  ]);
}

/**
 * A charge back its payer's bank cancelled (ADR 390), in the webhook's transaction after the payment was
 * reinstated: the money is the insurer's again.
 * - The payment is posted again on the statement it paid, so the account no longer owes it.
 * - The statement no longer asks for it. If that leaves nothing to pay, the statement is settled and a suspension
 *   it brought is lifted.
 * - Anything paid meanwhile is now a credit. A live policy's next statement takes it off. An ended policy's is
 *   paid back by the hourly credit job (ADR 305), which does not count a refund kept back (ADR 386).
 * - Partners are told the payment was collected again; the customer is told what it means for them.
 */
export async function directDebitChargeBackCancelled(
  ctx: { db: Db; at: Date },
  o: { payment: CollectionPayment },
) {
  const row = await postOnItsStatement(
    ctx,
    o.payment,
    'payment',
    'billing.lineItem.directDebitChargeBackCancelled',
  );
  if (!row) return;
  const { account, statement } = row;
  const amount = o.payment.amountPence;
  const applied = Math.min(amount, statement.amountOutstandingPence);
  const remaining = statement.amountOutstandingPence - applied;
  await ctx.db
    .update(statements)
    .set({
      subtotalPence: statement.subtotalPence - amount,
      carriedForwardPence: statement.carriedForwardPence - amount,
      amountOutstandingPence: remaining,
      // Paid in full by the payment standing again: settled, by the machine. Still owed in part: as it was.
      ...(applied > 0 && remaining === 0 && canTransition(statementMachine, statement.status, 'payInFull')
        ? { status: nextStatus(statementMachine, statement.status, 'payInFull') }
        : {}),
    })
    .where(eq(statements.id, statement.id));
  // What the statement no longer asks for pays what the others ask, newest first: a debit on its way is then
  // made again for less, or cancelled (ADR 378, 382), rather than taking money the account holds already.
  const open = await settleOpenStatements(ctx, account.id, amount - applied);
  const live = row.policyStatus === 'ACTIVE' || row.policyStatus === 'PENDING';
  // Only a live policy's account goes back into good standing: an ended one stays as its end left it.
  const suspended = account.status === 'SUSPENDED';
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
      data: { amountPence: amount, collectedAt: ctx.at.toISOString() },
    },
  );
  const lines = [
    `Your bank has cancelled its return of the ${formatGBP(amount)} Direct Debit that paid statement ${statement.statementNumber}, so that payment stands.`,
    ...(await whatItLeaves(ctx.db, account.id, { live, open })),
  ];
  if (live && suspended && after?.status === 'ACTIVE') lines.push('Your account is no longer suspended.');
  if (live && after?.status === 'SUSPENDED')
    lines.push('Your account stays suspended until what is owed is paid.');
  if (!live)
    lines.push(
      'Your policy stays cancelled: this payment does not restart your cover, and you are not insured to drive the vehicle.',
    );
  await sendNotice(
    ctx.db,
    account,
    'payment-charge-back-cancelled',
    'Your Direct Debit payment stands',
    lines,
  );
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
    .select({ id: statements.id, final: statements.final })
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
  return [
    held && owned.some((s) => s.final)
      ? `${inCredit}: we will pay it back to you.`
      : `${inCredit}: please call us and we will pay it back to you.`,
  ];
}
