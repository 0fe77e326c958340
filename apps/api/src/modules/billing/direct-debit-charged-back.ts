import { canTransition, statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, statements } from '../../db/schema/index.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { suspendForNonPayment } from './arrears.ts';
import { movedBy, postLine } from './ledger-store.ts';
import { sendNotice } from './notices.ts';

/**
 * A collected Direct Debit that the payer's bank charged back (ADR 384), in the webhook's transaction after its
 * payment was reversed:
 * - a payment reversal is posted on the statement it paid, so the account owes the amount again;
 * - the statement asks for it again (failed). It is not collected again by itself, because the customer disputed
 *   the debit;
 * - while the policy is live and the account in good standing, the account is suspended with notice of
 *   cancellation for non-payment, as after a last failed collection. Otherwise the customer is told it is owed.
 */
export async function directDebitChargedBack(ctx: { db: Db; at: Date }, o: { payment: CollectionPayment }) {
  if (o.payment.purpose !== 'statement') return;
  const [row] = await ctx.db
    .select({ account: customerAccounts, statement: statements, policyStatus: policies.status })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(eq(statements.id, o.payment.reference))
    .for('update', { of: statements });
  if (!row) return;
  const { account, statement } = row;
  const amount = o.payment.amountPence;
  await postLine(ctx.db, statement, {
    type: 'payment_reversal',
    size: amount,
    descriptionKey: 'billing.lineItem.directDebitChargedBack',
    ...movedBy(false),
    customerPaymentId: o.payment.id,
    effectiveAt: ctx.at,
  });
  await ctx.db
    .update(statements)
    .set({
      // The figures the collection took the amount off (post-collected) take it back: the statement's lines,
      // subtotal, carried-forward and outstanding agree again (ADR 201).
      subtotalPence: statement.subtotalPence + amount,
      carriedForwardPence: statement.carriedForwardPence + amount,
      amountOutstandingPence: statement.amountOutstandingPence + amount,
      nextCollectionAt: null,
      // A statement failed already stays failed; a settled or pending one fails again, by the machine.
      ...(canTransition(statementMachine, statement.status, 'chargeBack')
        ? { status: nextStatus(statementMachine, statement.status, 'chargeBack') }
        : {}),
    })
    .where(eq(statements.id, statement.id));
  const returned = `Your bank returned ${formatGBP(amount)} to you from the Direct Debit that paid statement ${statement.statementNumber}.`;
  const live = row.policyStatus === 'ACTIVE' || row.policyStatus === 'PENDING';
  if (live && account.status === 'ACTIVE')
    return suspendForNonPayment(ctx.db, account, ctx.at, [
      returned,
      'That amount is owed again. Your account is suspended: please pay the outstanding balance from your account.',
    ]);
  await sendNotice(ctx.db, account, 'payment-charged-back', 'Your Direct Debit was returned', [
    returned,
    'That amount is owed again for the cover you had: please pay the outstanding balance from your account, or call us.',
  ]);
}
