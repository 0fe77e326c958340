import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, customerPayments, ddCollections, statements } from '../../db/schema/index.ts';
import { anyOf } from '../../db/values.ts';
import type { AppServices } from '../../lib/context.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import {
  chargeSavedCards,
  flagSurplus,
  recordCharges,
  refundFlagged,
  untoldClaim,
} from '../payments/index.ts';
import { afterFailedCollection } from './arrears.ts';
import { type Collected, postCollected } from './post-collected.ts';
import { type DueCollection, pendingStatementPayments } from './statement-payments.ts';

/**
 * Card statements due: pending, their payment date come, on an account that collects by card. Not one whose
 * current attempt has a Direct Debit claimed or on its way (ADR 381): the account moved to a card after its
 * debit was made, and the debit decides that attempt (a failure is retried, by card).
 */
export async function dueCollections(db: Db, at: Date): Promise<DueCollection[]> {
  // One join (not a list of ids as parameters): a day of 100,000 statements stays one query (ADR 250).
  return pendingStatementPayments(db).where(
    and(
      inArray(statements.status, ['pending', 'failed']),
      eq(statements.kind, 'subscription'),
      lte(statements.paymentDueAt, at),
      eq(customerAccounts.paymentMethodType, 'CARD'),
      // (Not a claim made again for less and never told of: never asked of the provider, ADR 382.)
      sql`NOT EXISTS (SELECT 1 FROM ${ddCollections} WHERE ${ddCollections.customerPaymentId} = ${customerPayments.id}
        AND ${ddCollections.attempt} = ${statements.collectionAttempts}
        AND NOT (${untoldClaim}))`,
    ),
  );
}

export function shuffled<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * Collects a page of card statements (ADR 320): the payments still PENDING and their accounts read in one
 * query, the cards charged off-session with bounded parallelism (key `<payment>:<attempt>`), then in one
 * transaction the page's statements locked in id order, the outcomes recorded (only a payment still PENDING
 * moves, so a charge another run recorded is not posted twice), and the collected ones posted in bulk.
 */
export async function collectPage(
  services: AppServices,
  page: DueCollection[],
  at: Date,
  concurrency: number,
): Promise<('collected' | 'failed')[]> {
  // Another worker may have recorded some since the list was read: nothing to charge for those.
  const open = await services.db
    .select()
    .from(customerPayments)
    .where(
      and(
        anyOf(
          customerPayments.id,
          page.map((d) => d.paymentId),
        ),
        eq(customerPayments.status, 'PENDING'),
      ),
    );
  if (open.length === 0) return [];
  const payments = new Map(open.map((p) => [p.id, p]));
  const todo = page.filter((d) => payments.has(d.paymentId));
  const accounts = new Map(
    (
      await services.db
        .select()
        .from(customerAccounts)
        .where(
          anyOf(
            customerAccounts.id,
            todo.map((d) => d.accountId),
          ),
        )
    ).map((a) => [a.id, a]),
  );
  const byPayment = new Map(
    todo.map((d) => [
      d.paymentId,
      { payment: payments.get(d.paymentId)!, account: accounts.get(d.accountId)! },
    ]),
  );
  const charges = await chargeSavedCards(
    services,
    todo.map((d) => {
      const { payment, account } = byPayment.get(d.paymentId)!;
      return {
        paymentId: payment.id,
        partyId: payment.partyId,
        purpose: payment.purpose,
        amountPence: payment.amountPence,
        attempt: d.attempt,
        paymentMethodId: account.paymentMethodId,
        description: `Policy ${account.accountCode}`,
      };
    }),
    concurrency,
  );
  const flagged: string[] = [];
  const outcomes = await services.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(statements)
      .where(
        anyOf(
          statements.id,
          todo.map((d) => d.statementId),
        ),
      )
      .orderBy(asc(statements.id))
      .for('update');
    const lockedById = new Map(locked.map((s) => [s.id, s]));
    const moved = await recordCharges(
      { ...services, db: tx },
      todo.map((d, i) => ({ paymentId: d.paymentId, charge: charges[i]! })),
    );
    const outcomes: ('collected' | 'failed')[] = [];
    const collected: Collected[] = [];
    for (const [i, d] of todo.entries()) {
      const statement = lockedById.get(d.statementId);
      const { payment, account } = byPayment.get(d.paymentId)!;
      if (!statement || !moved.has(d.paymentId)) continue;
      const charge = charges[i];
      if (charge?.status === 'succeeded') {
        // What the statement still owes now it is locked: a settlement (the customer's card page, staff by
        // phone) may have paid it since the list was read. Only that much is posted as collected; the rest is
        // a surplus, flagged, recorded as a payment and a refund, and paid back (ADR 341), not left as credit.
        const owed = OPEN.includes(statement.status) ? Math.max(0, statement.amountOutstandingPence) : 0;
        const applied = Math.min(payment.amountPence, owed);
        if (applied > 0)
          collected.push({ account, statement, payment: { ...payment, amountPence: applied } });
        const flag = await flagSurplus(services, tx, {
          payment: { ...payment, status: 'SETTLED', providerReference: charge.paymentReference },
          paymentReference: charge.paymentReference,
          amountPence: payment.amountPence - applied,
        });
        if (flag) flagged.push(payment.id);
        outcomes.push('collected');
      } else {
        await afterFailedCollection(tx, account, statement, payment.amountPence, at);
        outcomes.push('failed');
      }
    }
    await postCollected(tx, collected, at, 'card');
    return outcomes;
  });
  for (const paymentId of flagged) await refundFlagged(services, paymentId);
  return outcomes;
}

const OPEN: readonly string[] = guardOf(statementMachine, 'payInFull').from;
