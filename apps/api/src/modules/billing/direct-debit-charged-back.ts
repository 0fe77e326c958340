import { formatGBP } from '@forecourt/domain/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { statements } from '../../db/schema/index.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { coverOf } from './arrears.ts';
import { lockAccount } from './ledger-store.ts';
import {
  askAgain,
  keptFromRefunds,
  postReversal,
  repostOnStatement,
  tellStandsAgain,
  tellTakenBack,
} from './taken-back.ts';

/**
 * The statement a Direct Debit paid, with its account and whether its policy is live, both locked: the account
 * first, then the statement, the order the cancellation for non-payment takes them in. None for a payment of no
 * statement.
 */
async function itsStatement(db: Db, payment: CollectionPayment) {
  if (payment.purpose !== 'statement') return undefined;
  const [found] = await db
    .select({ accountId: statements.accountId })
    .from(statements)
    .where(eq(statements.id, payment.reference));
  const account = found && (await lockAccount(db, found.accountId));
  if (!account) return undefined;
  const [statement] = await db
    .select()
    .from(statements)
    .where(eq(statements.id, payment.reference))
    .for('update');
  if (!statement) return undefined;
  return { account, statement, cover: await coverOf(db, account.policyId) };
}

/**
 * A collected Direct Debit that the payer's bank charged back (ADR 384), in the webhook's transaction after its
 * payment was reversed: a payment reversal is posted on the statement it paid, which asks again for what a refund
 * still waiting does not keep back (ADR 386), and is not collected again by itself, because the customer disputed
 * the debit. A live policy's account in good standing is suspended with notice of cancellation for non-payment
 * (taken-back.ts).
 */
export async function directDebitChargedBack(ctx: { db: Db; at: Date }, o: { payment: CollectionPayment }) {
  const row = await itsStatement(ctx.db, o.payment);
  if (!row) return;
  const { account, statement } = row;
  const amount = o.payment.amountPence;
  await postReversal(ctx, statement, {
    payment: o.payment,
    size: amount,
    descriptionKey: 'billing.lineItem.directDebitChargedBack',
    card: false,
  });
  const owed = await keptFromRefunds(ctx.db, account.id, amount);
  await askAgain(ctx, statement, { size: amount, again: owed.again });
  await tellTakenBack(ctx, {
    account,
    cover: row.cover,
    amount,
    owed,
    returned: `Your bank returned ${formatGBP(amount)} to you from the Direct Debit that paid statement ${statement.statementNumber}.`,
    notice: { kind: 'payment-charged-back', subject: 'Your Direct Debit was returned' },
  });
}

/**
 * A charge back its payer's bank cancelled (ADR 390), in the webhook's transaction after the payment was
 * reinstated: the money is the insurer's again. The payment is posted again on the statement it paid, which no
 * longer asks for it; anything paid meanwhile pays the other open statements or is a credit (a live policy's next
 * statement takes it off; the hourly job pays an ended one's back, ADR 305). See taken-back.ts.
 */
export async function directDebitChargeBackCancelled(
  ctx: { db: Db; at: Date },
  o: { payment: CollectionPayment },
) {
  const row = await itsStatement(ctx.db, o.payment);
  if (!row) return;
  const { account, statement } = row;
  const amount = o.payment.amountPence;
  const surplus = await repostOnStatement(ctx, statement, {
    payment: o.payment,
    size: amount,
    descriptionKey: 'billing.lineItem.directDebitChargeBackCancelled',
    card: false,
  });
  await tellStandsAgain(ctx, {
    account,
    cover: row.cover,
    amount,
    surplus,
    stands: `Your bank has cancelled its return of the ${formatGBP(amount)} Direct Debit that paid statement ${statement.statementNumber}, so that payment stands.`,
    notice: { kind: 'payment-charge-back-cancelled', subject: 'Your Direct Debit payment stands' },
  });
}
