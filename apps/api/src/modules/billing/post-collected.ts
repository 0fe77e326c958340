import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { valuesTable } from '../../db/values.ts';
import { publish } from '../../lib/domain-events.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { type CollectedBy, reinstateIfPaidMany } from './arrears.ts';
import { type AccountRow, movedBy, postLines, type StatementRow } from './ledger-store.ts';
import { sendNotices } from './notices.ts';

export interface Collected {
  account: AccountRow;
  statement: StatementRow;
  payment: Pick<CollectionPayment, 'id' | 'amountPence'>;
}

/** Collected payments: the payment lines, the statements settled, suspensions lifted, "payment taken". */
export async function postCollected(tx: Db, collected: Collected[], at: Date, by: CollectedBy) {
  if (collected.length === 0) return;
  // Through the statement machine (ADR 345): paid in full settles, in part leaves it pending; only open ones move.
  const paid = guardOf(statementMachine, 'payInFull');
  const part = guardOf(statementMachine, 'payInPart');
  await postLines(
    tx,
    collected.map(({ statement, payment }) => ({
      statement,
      line: {
        type: 'payment',
        size: payment.amountPence,
        descriptionKey:
          by === 'card' ? 'billing.lineItem.cardPayment' : 'billing.lineItem.directDebitPayment',
        ...movedBy(by === 'card'),
        customerPaymentId: payment.id,
        effectiveAt: at,
      },
    })),
  );
  // Partners are told of each collected payment, in this transaction, the page at once (ADR 362).
  await publish(
    'lifecycle.announced',
    { db: tx, at },
    collected.map(({ account, payment }) => ({
      type: 'payment.succeeded' as const,
      policyId: account.policyId,
      data: { amountPence: payment.amountPence, collectedAt: at.toISOString() },
    })),
  );
  await tx.execute(
    sql`UPDATE statements s SET subtotal_pence = s.subtotal_pence - v.paid,
          carried_forward_pence = s.carried_forward_pence - v.paid,
          amount_outstanding_pence = greatest(0, s.amount_outstanding_pence - v.paid),
          status = CASE WHEN s.amount_outstanding_pence - v.paid <= 0 THEN ${paid.to} ELSE ${part.to} END,
          next_collection_at = NULL
        FROM ${valuesTable(
          'v',
          'id uuid, paid integer',
          collected.map((c) => [c.statement.id, c.payment.amountPence]),
        )}
        WHERE s.id = v.id AND s.status IN (${sql.join(
          paid.from.map((f) => sql`${f}`),
          sql`, `,
        )})`,
  );
  await reinstateIfPaidMany(
    tx,
    collected.map((c) => c.account.id),
  );
  await sendNotices(
    tx,
    collected.map(({ account, payment }) => ({
      account,
      kind: 'payment-taken' as const,
      subject: 'Payment received',
      lines: [
        by === 'card'
          ? `We have taken ${formatGBP(payment.amountPence)} from your card. Thank you.`
          : `We have collected ${formatGBP(payment.amountPence)} by Direct Debit. Thank you.`,
      ],
    })),
  );
}
