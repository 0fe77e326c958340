import { directDebitChargeDate } from '@forecourt/domain/calendar/working-days';
import { londonDate, startOfDayLondon } from '@forecourt/domain/dates';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, customerPayments, ddCollections, statements } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import {
  amendDebit,
  CANCELLABLE_DEBIT_STATUSES,
  claimDirectDebit,
  DEBIT_CLAIMED,
  recordCharge,
  submitDirectDebit,
  withdrawUntoldClaim,
} from '../payments/index.ts';
import { afterFailedCollection } from './arrears.ts';
import { lockAccount } from './ledger-store.ts';
import { tellDebitAmended } from './notices.ts';
import { type DueCollection, pendingStatementPayments } from './statement-payments.ts';

/** A statement payment's collection of the statement's current attempt. */
const currentAttempt = and(
  eq(ddCollections.customerPaymentId, customerPayments.id),
  eq(ddCollections.attempt, statements.collectionAttempts),
);

/**
 * Pending Direct Debit statements whose payment of the current attempt has not been submitted yet: not claimed,
 * or claimed by a run that stopped before the provider answered (ADR 381). A claim is made on its own mandate
 * even if the account has moved to a card since.
 */
export async function dueDebits(db: Db): Promise<DueCollection[]> {
  const rows = await pendingStatementPayments(db)
    .leftJoin(ddCollections, currentAttempt)
    .where(
      and(
        inArray(statements.status, ['pending', 'failed']),
        eq(statements.kind, 'subscription'),
        or(
          and(eq(customerAccounts.paymentMethodType, 'BACS_DEBIT'), isNull(ddCollections.customerPaymentId)),
          eq(ddCollections.status, DEBIT_CLAIMED),
        ),
      ),
    );
  return rows;
}

/**
 * Direct Debits on their way that ask for more than their statement now does (ADR 382): a cancellation's credit
 * lowered what it asks for while the debit waited for its charge date. While the provider can still cancel one,
 * the billing run has it cancelled and made again for what the statement asks.
 */
export async function debitsAskingTooMuch(db: Db): Promise<DueCollection[]> {
  return pendingStatementPayments(db)
    .innerJoin(ddCollections, currentAttempt)
    .where(
      and(
        // A re-presentation's statement stays `failed` while its debit is on its way.
        inArray(statements.status, ['pending', 'failed']),
        gt(statements.amountOutstandingPence, 0),
        gt(customerPayments.amountPence, statements.amountOutstandingPence),
        inArray(ddCollections.status, CANCELLABLE_DEBIT_STATUSES),
      ),
    );
}

/** Has one debit asking too much cancelled, to be made again for what its statement asks (ADR 382). */
export async function amendDebitAskingTooMuch(services: AppServices, due: DueCollection) {
  const [statement] = await services.db
    .select({ asks: statements.amountOutstandingPence })
    .from(statements)
    .where(eq(statements.id, due.statementId));
  if (!statement || statement.asks <= 0) return false;
  return amendDebit(services, {
    paymentId: due.paymentId,
    attempt: due.attempt,
    amountPence: statement.asks,
  });
}

/**
 * Claims left by a run that stopped before the provider answered, whose statement was settled since (ADR 381):
 * the provider may have made the debit. The billing run makes it (the same idempotency key finds one made
 * already), so that it can be cancelled as a debit no longer owed.
 */
export async function claimsNoLongerOwed(db: Db): Promise<DueCollection[]> {
  return pendingStatementPayments(db)
    .innerJoin(ddCollections, currentAttempt)
    .where(and(eq(statements.status, 'settled'), eq(ddCollections.status, DEBIT_CLAIMED)));
}

/**
 * Makes a claim no longer owed at the provider, charged as early as the notice allows, to be cancelled. A claim
 * made again for less and not yet told of was never asked of the provider: it is withdrawn instead (ADR 382).
 */
export async function makeClaimNoLongerOwed(services: AppServices, due: DueCollection, at: Date) {
  if (await withdrawUntoldClaim(services, { paymentId: due.paymentId, attempt: due.attempt })) return;
  const [account] = await services.db
    .select({ code: customerAccounts.accountCode })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, due.accountId));
  await submitDirectDebit(services, {
    paymentId: due.paymentId,
    attempt: due.attempt,
    chargeDate: londonDate(directDebitChargeDate({ noticeSentAt: at, paymentDate: null })),
    description: `Policy ${account?.code}`,
  });
}

/**
 * Direct Debits on their way for a statement that is settled already (ADR 378): a credit (a void, a
 * cancellation) or a payment by card settled it while the debit waited for its charge date, and the debit has
 * not been submitted to the banks yet. Not needed: the billing run has the provider cancel each, rather than
 * collect it and pay it back.
 */
export async function debitsNoLongerOwed(db: Db): Promise<string[]> {
  const rows = await pendingStatementPayments(db)
    .innerJoin(ddCollections, currentAttempt)
    .where(and(eq(statements.status, 'settled'), inArray(ddCollections.status, CANCELLABLE_DEBIT_STATUSES)));
  return rows.map((r) => r.paymentId);
}

/**
 * Submits one statement's Direct Debit payment (ADR 204): charge date = the statement's payment date on the
 * first attempt; a re-presentation is charged the Bacs notice after the retry day, and the statement's
 * payment date moves to it (both by R8, ADR 342). No mandate able to pay is a failed collection, through the arrears path.
 * The collection is claimed first, under the account's row lock (ADR 381): a change of payment method takes the
 * same lock, so the debit is made on the mandate the account collects by when it is claimed, and a mandate
 * replaced after that is kept until its debit is over (ADR 377).
 */
export async function submitDebit(
  services: AppServices,
  due: DueCollection,
  at: Date,
): Promise<'submitted' | 'failed'> {
  const claimed = await services.db.transaction(async (tx) => {
    // The payment, then the account: the order a payment's webhook takes them in (no deadlock between them).
    await tx
      .select({ id: customerPayments.id })
      .from(customerPayments)
      .where(eq(customerPayments.id, due.paymentId))
      .for('update');
    const account = await lockAccount(tx, due.accountId);
    const [statement] = await tx.select().from(statements).where(eq(statements.id, due.statementId));
    if (!account || !statement) return undefined;
    // R8 (ADR 342): a re-presentation, or a debit made again for less (ADR 382), is noticed now; a first attempt
    // on the statement's payment date, which the rule keeps when the statement was raised by it and moves when
    // it was not (never a non-working day).
    const chargeAt = directDebitChargeDate({
      noticeSentAt: at,
      paymentDate: due.attempt > 1 ? null : statement.paymentDueAt,
    });
    const claim = await claimDirectDebit(
      { ...services, db: tx },
      {
        paymentId: due.paymentId,
        attempt: due.attempt,
        paymentMethodId: account.paymentMethodId,
        byDebit: account.paymentMethodType === 'BACS_DEBIT',
        chargeDate: londonDate(chargeAt),
        amountPence: statement.amountOutstandingPence,
      },
    );
    // The advance notice of a debit made again for less (ADR 382): sent once, before the provider is asked, so a
    // run that stops after it makes the debit later than it says ("on or after"), never sooner.
    if (claim.kind === 'claimed' && claim.tellAmendment)
      await tellDebitAmended(tx, account, statement, {
        amountPence: claim.amountPence,
        chargeAt,
        attempt: due.attempt,
        remade: claim.remade,
      });
    return { account, chargeAt, claim };
  });
  // The account collects by card now, and nothing was asked of the provider: the card run collects it.
  if (!claimed || claimed.claim.kind === 'not_a_debit') return 'submitted';
  const { account, chargeAt } = claimed;
  const outcome =
    claimed.claim.kind === 'claimed'
      ? await submitDirectDebit(
          services,
          {
            paymentId: due.paymentId,
            attempt: due.attempt,
            chargeDate: londonDate(chargeAt),
            description: `Policy ${account.accountCode}`,
          },
          // The statement's payment date is the debit's charge date, as the provider made it.
          async (tx, made) => {
            await tx
              .update(statements)
              .set({ paymentDueAt: startOfDayLondon(made.chargeDate) })
              .where(and(eq(statements.id, due.statementId), eq(statements.collectionAttempts, due.attempt)));
          },
        )
      : 'no_mandate';
  if (outcome === 'submitted') return 'submitted';
  return services.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(statements)
      .where(eq(statements.id, due.statementId))
      .for('update');
    const recorded = await recordCharge({ ...services, db: tx }, due.paymentId, {
      status: 'declined',
      declineCode: 'no_mandate',
      message: 'No Direct Debit mandate able to pay',
    });
    if (!locked || !recorded) return 'submitted';
    await afterFailedCollection(tx, account, locked, recorded.amountPence, at, 'debit', 'no_mandate');
    return 'failed';
  });
}
