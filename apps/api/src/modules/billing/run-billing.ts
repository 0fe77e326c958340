import { randomUUID } from 'node:crypto';
import { signed } from '@forecourt/domain/billing/ledger';
import { instalmentFor, periodCharge, periodFrom } from '@forecourt/domain/billing/schedule';
import { directDebitChargeDate } from '@forecourt/domain/calendar/working-days';
import { formatLondon, londonDate } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { paidInFull } from '@forecourt/domain/policy/term';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import {
  customerAccounts,
  customerPayments,
  ddCollections,
  policies,
  statementLineItems,
  statements,
} from '../../db/schema/index.ts';
import { anyOf, insertRows, valuesTable } from '../../db/values.ts';
import { mapWithLimit } from '../../lib/concurrency.ts';
import type { AppServices } from '../../lib/context.ts';
import {
  type CollectionPayment,
  chargeSavedCards,
  createCustomerPayments,
  recordCharge,
  recordCharges,
  submitDirectDebit,
} from '../payments/index.ts';
import {
  afterFailedCollection,
  type CollectedBy,
  cancelUnpaid,
  reinstateIfPaidMany,
  reopenRetries,
} from './arrears.ts';
import { type AccountRow, postLines, type StatementRow } from './ledger-store.ts';
import { type Notice, sendNotices } from './notices.ts';
import { monthlyPlansAt } from './payment-day.ts';

export interface BillingDayResult {
  raised: number;
  collected: number;
  failed: number;
  cancelled: number;
}

/** One step of a billing run as it happens (the billing-run command prints them; ADR 250). */
export type BillingRunStep = 'raised' | 'collected' | 'failed';

export interface BillingRunOptions {
  /** Accounts raised, and card payments collected, per transaction (ADR 320); default 1,000. */
  page?: number;
  /** Card charges in flight at the provider at once; default 16. */
  concurrency?: number;
}

const PAGE = 1000;
const CONCURRENCY = 16;
/** Statements raised in one run after which the planner's statistics are refreshed before collecting. */
const ANALYZE_AFTER = 100;

/**
 * The billing run for one day (ADR 202, set-based since ADR 320), the face the job, the tests and the demo
 * seed call: raises every due subscription statement (the account's billed period ended at or before `at`),
 * then collects every pending statement whose payment date has come by card, off-session, and submits a
 * Direct Debit payment for every pending Direct Debit statement (its outcome arrives by webhook, ADR 204).
 * Safe to run twice at once, again after a crash, or as a retried job: a page of accounts is raised in one
 * transaction under `FOR UPDATE SKIP LOCKED` of their rows with a unique (account, period) statement each,
 * and each collection's provider key is the payment and its attempt.
 */
export async function runBillingDay(
  services: AppServices,
  at: Date,
  onStep?: (step: BillingRunStep) => void,
  options: BillingRunOptions = {},
): Promise<BillingDayResult> {
  const page = options.page ?? PAGE;
  const concurrency = options.concurrency ?? CONCURRENCY;
  const result = { raised: 0, collected: 0, failed: 0, cancelled: 0 };
  const subscriptionSchemes = services.brand.schemes
    .filter((s) => !paidInFull(s.product))
    .map((s) => s.schemeCode);
  if (subscriptionSchemes.length === 0) return result;
  // A page of due accounts (in id order, after the last page) is locked and raised in one transaction; a
  // crash loses at most the page in flight, redone next time. Rows another run holds are skipped (it raises
  // them). An account still due after its period (a catch-up of several months) keeps the page where it is.
  let after: string | undefined;
  for (;;) {
    const raised = await raisePage(services, at, subscriptionSchemes, after, page);
    if (raised.ids.length === 0) break;
    for (const _ of raised.ids) {
      result.raised++;
      onStep?.('raised');
    }
    if (!raised.stillDue) after = raised.ids.at(-1);
  }
  // The pages just raised are PENDING statements and payments the planner's statistics have not seen (on a
  // billing day they are most of those rows): without fresh statistics the collections below were joined as if
  // there were none, a nested loop over sequential scans that took 60 s for 10,000 accounts (ADR 320,
  // amendment of 2026-11-26). ANALYZE samples, so it stays cheap at any size.
  if (result.raised >= ANALYZE_AFTER) await services.db.execute(sql`ANALYZE statements, customer_payments`);
  await reopenRetries(services, at);
  // Each run takes the due collections in its own random order, a page at a time, and leaves out those
  // another run has recorded meanwhile, so several workers share the day's collections (ADR 250).
  const due = shuffled(await dueCollections(services.db, at));
  for (let i = 0; i < due.length; i += page) {
    for (const outcome of await collectPage(services, due.slice(i, i + page), at, concurrency)) {
      result[outcome]++;
      onStep?.(outcome);
    }
  }
  const debits = await dueDebits(services.db);
  for (const outcome of await mapWithLimit(debits, concurrency, (d) => submitDebit(services, d, at))) {
    if (outcome === 'failed') {
      result.failed++;
      onStep?.('failed');
    }
  }
  result.cancelled = await cancelUnpaid(services, at);
  return result;
}

/**
 * The condition of an account whose next period is due on `at`: billed up to a moment that has come, and still
 * short of the end of cover (the policy's expiry, or a cancellation already set): no period is raised for cover
 * that has ended or is set to end by then (issue 26, ADR 344).
 */
const isDue = (at: Date, schemes: string[]) =>
  and(
    eq(customerAccounts.status, 'ACTIVE'),
    isNotNull(customerAccounts.billedUntil),
    lte(customerAccounts.billedUntil, at),
    inArray(policies.status, ['ACTIVE', 'PENDING']),
    inArray(policies.schemeCode, schemes),
    sql`(${policies.expiredAt} IS NULL OR ${customerAccounts.billedUntil} < ${policies.expiredAt})`,
    sql`(${policies.terminatedAt} IS NULL OR ${customerAccounts.billedUntil} < ${policies.terminatedAt})`,
  );

/** Far enough ahead to stand for "no end" (a policy without an expiry on record). */
const NO_END = new Date('9999-12-31T00:00:00Z');

/**
 * Locks the next page of due accounts after `after` (skipping rows another run holds) and raises one period
 * of each: the statements (a draft with journals becomes the statement; otherwise a new one), their invoice
 * lines, the accounts' billed period, the customer payments and the "statement issued" e-mails, each one
 * multi-row statement. Answers the ids raised, in id order, and whether any is still due (a catch-up).
 */
async function raisePage(
  services: AppServices,
  at: Date,
  schemes: string[],
  after: string | undefined,
  size: number,
): Promise<{ ids: string[]; stillDue: boolean }> {
  return services.db.transaction(async (tx) => {
    const locked = await tx
      .select({
        account: customerAccounts,
        expiredAt: policies.expiredAt,
        terminatedAt: policies.terminatedAt,
      })
      .from(customerAccounts)
      .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
      .where(and(isDue(at, schemes), after ? gt(customerAccounts.id, after) : undefined))
      .orderBy(asc(customerAccounts.id))
      .limit(size)
      .for('update', { of: customerAccounts, skipLocked: true });
    const accounts = locked.map((r) => r.account);
    if (accounts.length === 0) return { ids: [], stillDue: false };
    const ids = accounts.map((a) => a.id);
    const ends = new Map(locked.map((r) => [r.account.id, r]));
    // The one billing-period function (ADR 344): from the billed end to the next payment date, the term's last
    // period running on to the expiry; the plan is the version in force when the period starts.
    const periods = new Map(
      accounts.map((a) => {
        const end = ends.get(a.id);
        const from = a.billedUntil as Date;
        const period = periodFrom(from, a.paymentDay, end?.expiredAt ?? NO_END) ?? { start: from, end: from };
        return [a.id, period];
      }),
    );
    const plans = await monthlyPlansAt(
      tx,
      accounts.map((a) => ({ policyId: a.policyId, at: periods.get(a.id)!.start })),
    );
    const books = new Map(
      (
        await tx
          .select({
            accountId: statements.accountId,
            lastNumber: sql<number>`max(${statements.statementNumber})`,
            months: sql<number>`(count(*) FILTER (WHERE ${statements.periodStart} IS NOT NULL AND ${statements.status} <> 'draft'))::int`,
            draftId: sql<
              string | null
            >`(array_agg(${statements.id}) FILTER (WHERE ${statements.status} = 'draft'))[1]`,
            draftNumber: sql<
              number | null
            >`max(${statements.statementNumber}) FILTER (WHERE ${statements.status} = 'draft')`,
          })
          .from(statements)
          .where(anyOf(statements.accountId, ids))
          .groupBy(statements.accountId)
      ).map((b) => [b.accountId, b]),
    );
    // The posted ledger of each account, and the part of it already on the draft (journals waiting).
    const ledgers = new Map(
      (
        await tx
          .select({
            accountId: statementLineItems.accountId,
            total: sql<string>`coalesce(sum(${statementLineItems.amountPence}), 0)`,
            draft: sql<string>`coalesce(sum(${statementLineItems.amountPence}) FILTER (WHERE ${statements.status} = 'draft'), 0)`,
          })
          .from(statementLineItems)
          .innerJoin(statements, eq(statements.id, statementLineItems.statementId))
          .where(and(anyOf(statementLineItems.accountId, ids), eq(statementLineItems.status, 'POSTED')))
          .groupBy(statementLineItems.accountId)
      ).map((l) => [l.accountId, { total: Number(l.total), draft: Number(l.draft) }]),
    );
    const raised = accounts.map((account) => {
      const book = books.get(account.id);
      const ledger = ledgers.get(account.id) ?? { total: 0, draft: 0 };
      const plan = plans.get(account.policyId);
      const { start: periodStart, end: periodEnd } = periods.get(account.id)!;
      // A cancellation set inside the period: only the days on cover are billed (R4), and the line's service
      // period ends with the cover, so the cancellation's credit finds nothing more to give back.
      const coverEnd = ends.get(account.id)?.terminatedAt ?? periodEnd;
      const serviceEnd = coverEnd.getTime() < periodEnd.getTime() ? coverEnd : periodEnd;
      const month = plan ? instalmentFor(Number(book?.months ?? 0) + 1, plan) : 0;
      const instalment = periodCharge(month, { start: periodStart, end: periodEnd }, coverEnd);
      const invoice = signed('invoice', instalment);
      const subtotal = ledger.draft + invoice;
      const carried = ledger.total + invoice;
      const outstanding = Math.max(0, Math.min(subtotal, carried));
      const byDebit = account.paymentMethodType === 'BACS_DEBIT';
      const dueAt = byDebit
        ? directDebitChargeDate({ noticeSentAt: at, paymentDate: periodStart })
        : periodStart;
      const statement = {
        id: book?.draftId ?? randomUUID(),
        accountId: account.id,
        statementNumber: book?.draftId ? Number(book.draftNumber) : Number(book?.lastNumber ?? 0) + 1,
        status: outstanding > 0 ? ('pending' as const) : ('settled' as const),
        kind: 'subscription',
        periodStart,
        periodEnd,
        broughtForwardPence: ledger.total - ledger.draft,
        subtotalPence: subtotal,
        carriedForwardPence: carried,
        amountOutstandingPence: outstanding,
        paymentDueAt: dueAt,
        collectionAttempts: outstanding > 0 ? 1 : 0,
        createdAt: at,
      };
      return { account, statement, fromDraft: Boolean(book?.draftId), instalment, byDebit, serviceEnd };
    });
    const fresh = raised.filter((r) => !r.fromDraft).map((r) => r.statement);
    await insertRows(tx, statements, fresh);
    const drafts = raised.filter((r) => r.fromDraft).map((r) => r.statement);
    if (drafts.length) {
      await tx.execute(
        sql`UPDATE statements s SET status = v.status, kind = 'subscription', period_start = v.ps,
              period_end = v.pe, brought_forward_pence = v.bf, subtotal_pence = v.st,
              carried_forward_pence = v.cf, amount_outstanding_pence = v.os, payment_due_at = v.due,
              collection_attempts = v.att, created_at = v.at
            FROM ${valuesTable(
              'v',
              STATEMENT_COLUMNS,
              drafts.map((d) => [
                d.id,
                d.status,
                d.periodStart,
                d.periodEnd,
                d.broughtForwardPence,
                d.subtotalPence,
                d.carriedForwardPence,
                d.amountOutstandingPence,
                d.paymentDueAt,
                d.collectionAttempts,
                d.createdAt,
              ]),
            )}
            WHERE s.id = v.id AND s.status = 'draft'`,
      );
    }
    await postLines(
      tx,
      raised.map(({ statement, instalment, serviceEnd }) => ({
        statement,
        line: {
          type: 'invoice',
          size: instalment,
          descriptionKey: 'billing.lineItem.subscription',
          servicePeriodStart: statement.periodStart,
          servicePeriodEnd: serviceEnd,
          effectiveAt: statement.periodStart,
        },
      })),
    );
    await tx.execute(
      sql`UPDATE customer_accounts a SET billed_until = v.until
          FROM ${valuesTable(
            'v',
            'id uuid, until timestamptz',
            raised.map((r) => [r.account.id, r.statement.periodEnd]),
          )}
          WHERE a.id = v.id`,
    );
    await createCustomerPayments(
      { db: tx },
      raised
        .filter((r) => r.statement.amountOutstandingPence > 0)
        .map((r) => ({
          partyId: r.account.partyId,
          purpose: 'statement' as const,
          reference: r.statement.id,
          amountPence: r.statement.amountOutstandingPence,
        })),
    );
    await sendNotices(
      tx,
      raised.map((r) => statementIssued(r.account, r.statement, r.byDebit)),
    );
    return { ids, stillDue: raised.some((r) => r.statement.periodEnd.getTime() <= at.getTime()) };
  });
}

const STATEMENT_COLUMNS =
  'id uuid, status text, ps timestamptz, pe timestamptz, bf integer, st integer, cf integer, os integer, due timestamptz, att integer, at timestamptz';

/** The "statement issued" e-mail, with the Bacs advance notice for Direct Debit. */
function statementIssued(
  account: AccountRow,
  s: {
    statementNumber: number;
    amountOutstandingPence: number;
    periodStart: Date;
    periodEnd: Date;
    paymentDueAt: Date;
  },
  byDebit: boolean,
): Notice {
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy');
  const amount = s.amountOutstandingPence;
  return {
    account,
    kind: 'statement-issued',
    subject: byDebit ? 'Your statement and Direct Debit advance notice' : 'Your statement',
    lines: [
      `Your statement ${s.statementNumber} covers ${day(s.periodStart)} to ${day(s.periodEnd)}.`,
      amount > 0
        ? byDebit
          ? `Advance notice: ${formatGBP(amount)} will be collected by Direct Debit on or after ${day(s.paymentDueAt)}.`
          : `${formatGBP(amount)} will be taken from your saved card on ${day(s.paymentDueAt)}.`
        : 'There is nothing to pay this month.',
    ],
    extra: { statementNumber: s.statementNumber, amount },
  };
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

/**
 * Collects a page of card statements (ADR 320): the payments still PENDING and their accounts read in one
 * query, the cards charged off-session with bounded parallelism (key `<payment>:<attempt>`), then in one
 * transaction the page's statements locked in id order, the outcomes recorded (only a payment still PENDING
 * moves, so a charge another run recorded is not posted twice), and the collected ones posted in bulk.
 */
async function collectPage(
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
  return services.db.transaction(async (tx) => {
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
      if (charges[i]?.status === 'succeeded') {
        collected.push({ account, statement, payment });
        outcomes.push('collected');
      } else {
        await afterFailedCollection(tx, account, statement, payment.amountPence, at);
        outcomes.push('failed');
      }
    }
    await postCollected(tx, collected, at, 'card');
    return outcomes;
  });
}

interface Collected {
  account: AccountRow;
  statement: StatementRow;
  payment: Pick<CollectionPayment, 'id' | 'amountPence'>;
}

/** Collected payments: the payment lines, the statements settled, suspensions lifted, "payment taken". */
async function postCollected(tx: Db, collected: Collected[], at: Date, by: CollectedBy) {
  if (collected.length === 0) return;
  await postLines(
    tx,
    collected.map(({ statement, payment }) => ({
      statement,
      line: {
        type: 'payment',
        size: payment.amountPence,
        descriptionKey:
          by === 'card' ? 'billing.lineItem.cardPayment' : 'billing.lineItem.directDebitPayment',
        paymentMethodDescription: by === 'card' ? 'Card' : 'Direct Debit',
        subType: by === 'card' ? 'STRIPE' : 'GOCARDLESS',
        customerPaymentId: payment.id,
        effectiveAt: at,
      },
    })),
  );
  await tx.execute(
    sql`UPDATE statements s SET subtotal_pence = s.subtotal_pence - v.paid,
          carried_forward_pence = s.carried_forward_pence - v.paid,
          amount_outstanding_pence = greatest(0, s.amount_outstanding_pence - v.paid),
          status = CASE WHEN s.amount_outstanding_pence - v.paid <= 0 THEN 'settled' ELSE 'pending' END,
          next_collection_at = NULL
        FROM ${valuesTable(
          'v',
          'id uuid, paid integer',
          collected.map((c) => [c.statement.id, c.payment.amountPence]),
        )}
        WHERE s.id = v.id`,
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
 * payment date moves to it (both by R8, ADR 342). No mandate able to pay is a failed collection, through the arrears path.
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
  // R8 (ADR 342): a re-presentation is noticed now; a first attempt on the statement's payment date, which
  // the rule keeps when the statement was raised by it and moves when it was not (never a non-working day).
  const chargeAt = directDebitChargeDate({
    noticeSentAt: at,
    paymentDate: due.attempt > 1 ? null : statement.paymentDueAt,
  });
  const outcome = await submitDirectDebit(services, {
    paymentId: due.paymentId,
    paymentMethodId: account.paymentMethodId,
    attempt: due.attempt,
    chargeDate: londonDate(chargeAt),
    description: `Policy ${account.accountCode}`,
  });
  if (outcome === 'submitted') {
    if (chargeAt.getTime() !== statement.paymentDueAt?.getTime()) {
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
  if (o.succeeded) await postCollected(ctx.db, [{ ...row, payment: o.payment }], ctx.at, 'debit');
  else
    await afterFailedCollection(ctx.db, row.account, row.statement, o.payment.amountPence, ctx.at, 'debit');
}
