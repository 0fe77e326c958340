import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { afterFailedCollection } from './arrears.ts';
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
