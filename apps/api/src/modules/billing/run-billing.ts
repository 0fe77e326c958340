import { balanceOf } from '@forecourt/domain/billing/ledger';
import { instalmentFor, nextPaymentDate } from '@forecourt/domain/billing/schedule';
import { addWorkingDays } from '@forecourt/domain/billing/working-days';
import { formatLondon, londonDate } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { and, asc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import {
  customerAccounts,
  customerPayments,
  ddCollections,
  policies,
  statementLineItems,
  statements,
} from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import {
  type CollectionPayment,
  chargeSavedCard,
  createCustomerPayment,
  recordCharge,
  submitDirectDebit,
} from '../payments/index.ts';
import {
  afterFailedCollection,
  type CollectedBy,
  cancelUnpaid,
  DD_NOTICE_WORKING_DAYS,
  reinstateIfPaid,
  reopenRetries,
} from './arrears.ts';
import { type AccountRow, draftStatement, postLine, type StatementRow } from './ledger-store.ts';
import { sendNotice } from './notices.ts';
import { monthlyPlanOf } from './payment-day.ts';

export interface BillingDayResult {
  raised: number;
  collected: number;
  failed: number;
  cancelled: number;
}

/** One step of a billing run as it happens (the billing-run command prints them; ADR 250). */
export type BillingRunStep = 'raised' | 'collected' | 'failed';

/**
 * The billing run for one day (ADR 202), the face the job, the tests and the demo seed call: raises every due
 * subscription statement (the account's billed period ended at or before `at`), then collects every pending
 * statement whose payment date has come by card, off-session, and submits a Direct Debit payment for every
 * pending Direct Debit statement (its outcome arrives by webhook, ADR 204). Safe to run twice at once, again after a
 * crash, or as a retried job: each account is raised under `FOR UPDATE SKIP LOCKED` of its row with a unique
 * (account, period) statement, and each collection's provider key is the payment and its attempt.
 */
export async function runBillingDay(
  services: AppServices,
  at: Date,
  onStep?: (step: BillingRunStep) => void,
): Promise<BillingDayResult> {
  const result = { raised: 0, collected: 0, failed: 0, cancelled: 0 };
  const subscriptionSchemes = services.brand.schemes
    .filter((s) => s.product === 'SUBSCRIPTION')
    .map((s) => s.schemeCode);
  if (subscriptionSchemes.length === 0) return result;
  // A period is raised in its own transaction; a crash loses at most the one in flight, redone next time.
  // The due accounts are read in pages by id (one pass, linear however many are due on one day; ADR 250),
  // each page in this run's own random order, and each account raised under its row lock, period by period.
  let after: string | undefined;
  for (;;) {
    const page = await dueAccounts(services.db, at, subscriptionSchemes, after);
    if (page.length === 0) break;
    after = page.at(-1);
    for (const accountId of shuffled(page)) {
      while (await raiseNext(services, at, subscriptionSchemes, accountId)) {
        result.raised++;
        onStep?.('raised');
      }
    }
  }
  await reopenRetries(services, at);
  // Each run takes the due collections in its own random order and skips one another has recorded, so
  // several workers share the day's collections instead of all walking the same list (ADR 250).
  for (const due of shuffled(await dueCollections(services.db, at))) {
    const outcome = await collect(services, due, at);
    if (outcome === 'none') continue;
    result[outcome]++;
    onStep?.(outcome);
  }
  for (const due of await dueDebits(services.db)) {
    if ((await submitDebit(services, due, at)) === 'failed') {
      result.failed++;
      onStep?.('failed');
    }
  }
  result.cancelled = await cancelUnpaid(services, at);
  return result;
}

const PAGE = 500;

/** The condition of an account whose next period is due on `at`. */
const isDue = (at: Date, schemes: string[]) =>
  and(
    eq(customerAccounts.status, 'ACTIVE'),
    isNotNull(customerAccounts.billedUntil),
    lte(customerAccounts.billedUntil, at),
    inArray(policies.status, ['ACTIVE', 'PENDING']),
    inArray(policies.schemeCode, schemes),
  );

/** A page of due account ids after `after`, in id order, without locking. */
async function dueAccounts(db: Db, at: Date, schemes: string[], after: string | undefined) {
  const rows = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(and(isDue(at, schemes), after ? gt(customerAccounts.id, after) : undefined))
    .orderBy(asc(customerAccounts.id))
    .limit(PAGE);
  return rows.map((r) => r.id);
}

/** Raises one due period of the account, if it is still due and no other run holds it. */
async function raiseNext(
  services: AppServices,
  at: Date,
  schemes: string[],
  accountId: string,
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ account: customerAccounts })
      .from(customerAccounts)
      .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
      .where(and(eq(customerAccounts.id, accountId), isDue(at, schemes)))
      .for('update', { of: customerAccounts, skipLocked: true });
    if (!account) return false;
    await raiseStatement(tx, account.account, at);
    return true;
  });
}

/** Raises the statement of the account's next period: the draft (with its journals) plus the month's invoice. */
async function raiseStatement(tx: Db, account: AccountRow, at: Date) {
  const periodStart = account.billedUntil as Date;
  const periodEnd = nextPaymentDate(periodStart, account.paymentDay);
  const plan = await monthlyPlanOf(tx, account.policyId);
  const months = await tx
    .select({ id: statements.id })
    .from(statements)
    .where(
      and(
        eq(statements.accountId, account.id),
        isNotNull(statements.periodStart),
        ne(statements.status, 'draft'),
      ),
    );
  const instalment = plan ? instalmentFor(months.length + 1, plan) : 0;
  const draft = await draftStatement(tx, account.id);
  await postLine(tx, draft, {
    type: 'invoice',
    size: instalment,
    descriptionKey: 'billing.lineItem.subscription',
    servicePeriodStart: periodStart,
    servicePeriodEnd: periodEnd,
    effectiveAt: periodStart,
  });
  const all = await tx.select().from(statementLineItems).where(eq(statementLineItems.accountId, account.id));
  const ledger = all.map((l) => ({
    type: l.type,
    status: l.status,
    amount: l.amountPence,
    statementId: l.statementId,
  }));
  const subtotal = balanceOf(ledger.filter((l) => l.statementId === draft.id));
  const broughtForward = balanceOf(ledger) - subtotal;
  const carried = broughtForward + subtotal;
  const outstanding = Math.max(0, Math.min(subtotal, carried));
  const byDebit = account.paymentMethodType === 'BACS_DEBIT';
  const dueAt = byDebit ? laterOf(periodStart, addWorkingDays(at, DD_NOTICE_WORKING_DAYS)) : periodStart;
  await tx
    .update(statements)
    .set({
      status: outstanding > 0 ? 'pending' : 'settled',
      kind: 'subscription',
      periodStart,
      periodEnd,
      broughtForwardPence: broughtForward,
      subtotalPence: subtotal,
      carriedForwardPence: carried,
      amountOutstandingPence: outstanding,
      paymentDueAt: dueAt,
      collectionAttempts: outstanding > 0 ? 1 : 0,
      createdAt: at,
    })
    .where(eq(statements.id, draft.id));
  await tx
    .update(customerAccounts)
    .set({ billedUntil: periodEnd })
    .where(eq(customerAccounts.id, account.id));
  if (outstanding > 0) {
    await createCustomerPayment(
      { db: tx },
      {
        partyId: account.partyId,
        purpose: 'statement',
        reference: draft.id,
        amountPence: outstanding,
      },
    );
  }
  await statementIssuedEmail(tx, account, {
    number: draft.statementNumber,
    amount: outstanding,
    periodStart,
    periodEnd,
    dueAt,
    byDebit,
  });
}

const laterOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

async function statementIssuedEmail(
  tx: Db,
  account: AccountRow,
  s: { number: number; amount: number; periodStart: Date; periodEnd: Date; dueAt: Date; byDebit: boolean },
) {
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy');
  await sendNotice(
    tx,
    account,
    'statement-issued',
    s.byDebit ? 'Your statement and Direct Debit advance notice' : 'Your statement',
    [
      `Your statement ${s.number} covers ${day(s.periodStart)} to ${day(s.periodEnd)}.`,
      s.amount > 0
        ? s.byDebit
          ? `Advance notice: ${formatGBP(s.amount)} will be collected by Direct Debit on or after ${day(s.dueAt)}.`
          : `${formatGBP(s.amount)} will be taken from your saved card on ${day(s.dueAt)}.`
        : 'There is nothing to pay this month.',
    ],
    { statementNumber: s.number, amount: s.amount },
  );
}

interface DueCollection {
  statementId: string;
  accountId: string;
  paymentId: string;
  attempt: number;
}

/** Open subscription statements with their PENDING customer payment (what the card and Direct Debit lists read). */
const pendingStatementPayments = (db: Db) =>
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

async function dueCollections(db: Db, at: Date): Promise<DueCollection[]> {
  // One join (not a list of ids as parameters): a day of 100,000 statements stays one query (ADR 250).
  return pendingStatementPayments(db).where(
    and(
      inArray(statements.status, ['pending', 'failed']),
      eq(statements.kind, 'subscription'),
      lte(statements.paymentDueAt, at),
      eq(customerAccounts.paymentMethodType, 'CARD'),
    ),
  );
}

function shuffled<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** Charges one statement's card off-session, then records the outcome and posts it, once. */
async function collect(
  services: AppServices,
  due: DueCollection,
  at: Date,
): Promise<'collected' | 'failed' | 'none'> {
  // Another worker may have recorded it since the list was read: nothing to charge.
  const [payment] = await services.db
    .select({ status: customerPayments.status })
    .from(customerPayments)
    .where(eq(customerPayments.id, due.paymentId));
  if (payment?.status !== 'PENDING') return 'none';
  const [account] = await services.db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.id, due.accountId));
  if (!account) return 'none';
  const charge = await chargeSavedCard(services, {
    paymentId: due.paymentId,
    paymentMethodId: account.paymentMethodId,
    attempt: due.attempt,
    description: `Policy ${account.accountCode}`,
  });
  return services.db.transaction(async (tx) => {
    const [statement] = await tx
      .select()
      .from(statements)
      .where(eq(statements.id, due.statementId))
      .for('update');
    const recorded = await recordCharge({ ...services, db: tx }, due.paymentId, charge);
    if (!statement || !recorded) return 'none';
    if (charge.status === 'succeeded') {
      await postCollected(tx, account, statement, recorded, at, 'card');
      return 'collected';
    }
    await afterFailedCollection(tx, account, statement, recorded.amountPence, at);
    return 'failed';
  });
}

/** A collected payment: the payment line, the statement settled, any suspension lifted, "payment taken". */
async function postCollected(
  tx: Db,
  account: AccountRow,
  statement: StatementRow,
  payment: CollectionPayment,
  at: Date,
  by: CollectedBy,
) {
  await postLine(tx, statement, {
    type: 'payment',
    size: payment.amountPence,
    descriptionKey: by === 'card' ? 'billing.lineItem.cardPayment' : 'billing.lineItem.directDebitPayment',
    paymentMethodDescription: by === 'card' ? 'Card' : 'Direct Debit',
    subType: by === 'card' ? 'STRIPE' : 'GOCARDLESS',
    customerPaymentId: payment.id,
    effectiveAt: at,
  });
  const remaining = statement.amountOutstandingPence - payment.amountPence;
  await tx
    .update(statements)
    .set({
      subtotalPence: statement.subtotalPence - payment.amountPence,
      carriedForwardPence: statement.carriedForwardPence - payment.amountPence,
      amountOutstandingPence: Math.max(0, remaining),
      status: remaining <= 0 ? 'settled' : 'pending',
      nextCollectionAt: null,
    })
    .where(eq(statements.id, statement.id));
  await reinstateIfPaid(tx, account.id);
  await sendNotice(tx, account, 'payment-taken', 'Payment received', [
    by === 'card'
      ? `We have taken ${formatGBP(payment.amountPence)} from your card. Thank you.`
      : `We have collected ${formatGBP(payment.amountPence)} by Direct Debit. Thank you.`,
  ]);
}

/** Pending Direct Debit statements whose payment of the current attempt has not been submitted yet. */
async function dueDebits(db: Db): Promise<DueCollection[]> {
  const rows = await pendingStatementPayments(db)
    .leftJoin(
      ddCollections,
      and(
        eq(ddCollections.customerPaymentId, customerPayments.id),
        eq(ddCollections.attempt, statements.collectionAttempts),
      ),
    )
    .where(
      and(
        inArray(statements.status, ['pending', 'failed']),
        eq(statements.kind, 'subscription'),
        eq(customerAccounts.paymentMethodType, 'BACS_DEBIT'),
        sql`${ddCollections.customerPaymentId} IS NULL`,
      ),
    );
  return rows;
}

/**
 * Submits one statement's Direct Debit payment (ADR 204): charge date = the statement's payment date on the
 * first attempt; a re-presentation is charged the Bacs notice after the retry day, and the statement's
 * payment date moves to it. No mandate able to pay is a failed collection, through the arrears path.
 */
async function submitDebit(
  services: AppServices,
  due: DueCollection,
  at: Date,
): Promise<'submitted' | 'failed'> {
  const [row] = await services.db
    .select({ account: customerAccounts, statement: statements })
    .from(statements)
    .innerJoin(customerAccounts, eq(customerAccounts.id, statements.accountId))
    .where(eq(statements.id, due.statementId));
  if (!row) return 'submitted';
  const { account, statement } = row;
  const chargeAt =
    due.attempt > 1 || !statement.paymentDueAt
      ? addWorkingDays(at, DD_NOTICE_WORKING_DAYS)
      : statement.paymentDueAt;
  const outcome = await submitDirectDebit(services, {
    paymentId: due.paymentId,
    paymentMethodId: account.paymentMethodId,
    attempt: due.attempt,
    chargeDate: londonDate(chargeAt),
    description: `Policy ${account.accountCode}`,
  });
  if (outcome === 'submitted') {
    if (due.attempt > 1) {
      await services.db
        .update(statements)
        .set({ paymentDueAt: chargeAt })
        .where(and(eq(statements.id, statement.id), eq(statements.collectionAttempts, due.attempt)));
    }
    return 'submitted';
  }
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
    await afterFailedCollection(tx, account, locked, recorded.amountPence, at, 'debit');
    return 'failed';
  });
}

/**
 * A Direct Debit outcome from the provider's webhook (registered with payments, ADR 204), in the webhook's
 * transaction after the customer payment moved: confirmed posts the payment (sub-type GOCARDLESS) and settles
 * the statement; failed runs the same arrears path as a card (one re-presentation, then suspension).
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
  if (o.succeeded) await postCollected(ctx.db, row.account, row.statement, o.payment, ctx.at, 'debit');
  else
    await afterFailedCollection(ctx.db, row.account, row.statement, o.payment.amountPence, ctx.at, 'debit');
}
