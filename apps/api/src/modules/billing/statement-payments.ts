import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, customerPayments, ddCollections, statements } from '../../db/schema/index.ts';

export interface DueCollection {
  statementId: string;
  accountId: string;
  paymentId: string;
  attempt: number;
}

/** Open subscription statements with their PENDING customer payment (what the card and Direct Debit lists read). */
export const pendingStatementPayments = (db: Db) =>
  db
    .select({
      statementId: statements.id,
      accountId: statements.accountId,
      attempt: statements.collectionAttempts,
      paymentId: customerPayments.id,
    })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .innerJoin(
      customerPayments,
      and(
        eq(customerPayments.purpose, 'statement'),
        eq(customerPayments.reference, sql`${statements.id}::text`),
        eq(customerPayments.status, 'PENDING'),
      ),
    )
    .$dynamic();

/**
 * A statement whose Direct Debit collection is in flight: submitted (or claimed) for its current attempt, its
 * outcome not known yet. The bank collects or fails it; a settlement leaves it alone (ADR 341).
 */
export const debitInFlight = sql`EXISTS (SELECT 1 FROM ${customerPayments} JOIN ${ddCollections}
  ON ${ddCollections.customerPaymentId} = ${customerPayments.id}
  AND ${ddCollections.attempt} = ${statements.collectionAttempts}
  WHERE ${customerPayments.purpose} = 'statement' AND ${customerPayments.reference} = ${statements.id}::text
  AND ${customerPayments.status} = 'PENDING')`;
