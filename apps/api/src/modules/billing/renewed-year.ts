import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { paidInFull, productKindOf } from '@forecourt/domain/policy/term';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, type customerPayments, policies, statements } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { chargeSavedCard, createCustomerPayment, latestPaymentFor, recordCharge } from '../payments/index.ts';
import { afterFailedCollection, reinstateIfPaid } from './arrears.ts';
import { type AccountRow, movedBy, postLine, type StatementRow } from './ledger-store.ts';
import { sendNotice } from './notices.ts';

export interface RenewedYearsResult {
  collected: number;
  failed: number;
}

/**
 * A renewed policy paid in full (annual) owes its new year at the anniversary (ADR 318): the billing run
 * raises monthly statements only, so the successor's first statement (the year's invoice, opened by the
 * renewal) is collected here, by the saved card off-session, once it is due. Exactly once whatever happens:
 * the statement is claimed under its row lock with one customer payment, the provider's key is the payment
 * and its attempt, and only the caller that moves the payment from PENDING posts the outcome. A failed
 * charge goes into the arrears flow (retries 3 and 7 days later, suspension, notice, cancellation); a retry
 * reopened by the billing run is charged here again.
 */
export async function collectRenewedYears(services: AppServices, at: Date): Promise<RenewedYearsResult> {
  const result = { collected: 0, failed: 0 };
  const schemes = services.brand.schemes
    .filter((s) => paidInFull(productKindOf(s.product)))
    .map((s) => s.schemeCode);
  if (schemes.length === 0) return result;
  const due = await services.db
    .select({ statementId: statements.id })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(
      and(
        eq(statements.kind, 'inception'),
        inArray(statements.status, ['pending', 'failed']),
        lte(statements.paymentDueAt, at),
        isNotNull(policies.previousPolicyId),
        inArray(policies.schemeCode, schemes),
        eq(customerAccounts.paymentMethodType, 'CARD'),
      ),
    );
  for (const { statementId } of due) {
    const outcome = await collectOne(services, statementId, at);
    if (outcome !== 'none') result[outcome]++;
  }
  return result;
}

/** The statement's one customer payment, made on the first claim (attempt 1); undefined when not PENDING. */
async function claim(services: AppServices, statementId: string) {
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ statement: statements, account: customerAccounts })
      .from(statements)
      .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
      .where(eq(statements.id, statementId))
      .for('update', { of: statements });
    if (!row || row.statement.amountOutstandingPence <= 0) return undefined;
    const { statement, account } = row;
    const ref = { partyId: account.partyId, purpose: 'statement' as const, reference: statement.id };
    let payment = await latestPaymentFor({ db: tx }, ref);
    if (!payment) {
      payment = await createCustomerPayment(
        { db: tx },
        { ...ref, amountPence: statement.amountOutstandingPence },
      );
      await tx.update(statements).set({ collectionAttempts: 1 }).where(eq(statements.id, statement.id));
    }
    if (payment.status !== 'PENDING') return undefined;
    return { account, paymentId: payment.id, attempt: Math.max(statement.collectionAttempts, 1) };
  });
}

async function collectOne(
  services: AppServices,
  statementId: string,
  at: Date,
): Promise<'collected' | 'failed' | 'none'> {
  const claimed = await claim(services, statementId);
  if (!claimed) return 'none';
  const { account, paymentId, attempt } = claimed;
  const charge = await chargeSavedCard(services, {
    paymentId,
    paymentMethodId: account.paymentMethodId,
    attempt,
    description: `Policy ${account.accountCode}: renewal`,
  });
  return services.db.transaction(async (tx) => {
    const [statement] = await tx
      .select()
      .from(statements)
      .where(eq(statements.id, statementId))
      .for('update');
    const recorded = await recordCharge({ ...services, db: tx }, paymentId, charge);
    if (!statement || !recorded) return 'none';
    if (charge.status !== 'succeeded') {
      await afterFailedCollection(tx, account, statement, recorded.amountPence, at);
      return 'failed';
    }
    await postYearPaid(tx, account, statement, recorded, at);
    return 'collected';
  });
}

/** The year's card payment on its statement: settled, any suspension lifted, the "payment taken" e-mail. */
async function postYearPaid(
  tx: Db,
  account: AccountRow,
  statement: StatementRow,
  payment: typeof customerPayments.$inferSelect,
  at: Date,
) {
  const paid = payment.amountPence;
  await postLine(tx, statement, {
    type: 'payment',
    size: paid,
    descriptionKey: 'billing.lineItem.cardPayment',
    ...movedBy(true),
    customerPaymentId: payment.id,
    effectiveAt: at,
  });
  const left = statement.amountOutstandingPence - paid;
  await tx
    .update(statements)
    .set({
      status: nextStatus(statementMachine, statement.status, left > 0 ? 'payInPart' : 'payInFull'),
      amountOutstandingPence: Math.max(0, left),
      subtotalPence: statement.subtotalPence - paid,
      carriedForwardPence: statement.carriedForwardPence - paid,
      nextCollectionAt: null,
    })
    .where(eq(statements.id, statement.id));
  await reinstateIfPaid(tx, account.id);
  await sendNotice(tx, account, 'payment-taken', 'Payment received', [
    `We have taken ${formatGBP(paid)} from your card for your renewed policy's year. Thank you.`,
  ]);
}
