import { formatLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import { type CollectionPayment, DEBIT_CANCELLED_CAUSE } from '../payments/index.ts';
import { afterFailedCollection } from './arrears.ts';
import { sendNotice } from './notices.ts';
import { postCollected } from './post-collected.ts';

/**
 * A Direct Debit outcome from the provider's webhook (registered with payments, ADR 204), in the webhook's
 * transaction after the customer payment moved: confirmed posts the payment (sub-type GOCARDLESS) and settles
 * the statement; failed runs the same arrears path as a card (one re-presentation, then suspension), which
 * leaves a statement settled meanwhile as it is.
 */
export async function directDebitOutcome(
  ctx: { db: Db; at: Date },
  o: { payment: CollectionPayment; succeeded: boolean },
) {
  if (o.payment.purpose !== 'statement') return;
  const [row] = await ctx.db
    .select({ account: customerAccounts, statement: statements })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .where(eq(statements.id, o.payment.reference))
    .for('update', { of: statements });
  if (!row) return;
  if (o.succeeded) await postCollected(ctx.db, [{ ...row, payment: o.payment }], ctx.at, 'debit');
  // A debit cancelled because its statement was settled meanwhile (ADR 378): the advance notice promised it,
  // so the customer is told it will not be taken. Once: the payment moved from PENDING in this transaction.
  else if (o.payment.declineCode === DEBIT_CANCELLED_CAUSE && row.statement.status === 'settled') {
    const due = row.statement.paymentDueAt;
    await sendNotice(ctx.db, row.account, 'debit-cancelled', 'Your Direct Debit will not be collected', [
      `We have cancelled the Direct Debit of ${formatGBP(o.payment.amountPence)}${due ? ` that was to be collected on or after ${formatLondon(due, 'd MMMM yyyy')}` : ''}.`,
      `Nothing is owed for statement ${row.statement.statementNumber} any more, so nothing will be taken.`,
    ]);
  }
  // A debit that fails after a credit settled its statement changes nothing there (ADR 376); the payment is
  // FAILED all the same.
  else
    await afterFailedCollection(
      ctx.db,
      row.account,
      row.statement,
      o.payment.amountPence,
      ctx.at,
      'debit',
      o.payment.declineCode,
    );
}
