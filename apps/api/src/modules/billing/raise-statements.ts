import { randomUUID } from 'node:crypto';
import { signed } from '@forecourt/domain/billing/ledger';
import { periodFrom, periodPartsByDay } from '@forecourt/domain/billing/schedule';
import { directDebitChargeDate } from '@forecourt/domain/calendar/working-days';
import { formatLondon } from '@forecourt/domain/dates';
import type { PolicyStatus } from '@forecourt/domain/enums';
import { fromStatesOf, statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { LIVE_POLICY_STATUSES } from '@forecourt/domain/status';
import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { customerAccounts, policies, statementLineItems, statements } from '../../db/schema/index.ts';
import { anyOf, insertRows, valuesTable } from '../../db/values.ts';
import type { AppServices } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { createCustomerPayments } from '../payments/index.ts';
import { type AccountRow, postLines } from './ledger-store.ts';
import { type Notice, sendNotices } from './notices.ts';
import { pricesFor, versionPlansOf } from './payment-day.ts';

/**
 * The policies whose days on cover are billed: live ones, and those that ended with cover had (cancelled,
 * lapsed at the anniversary, renewed into their successor). A run that comes late (the worker was down across
 * the end) still bills the days up to the end (ADR 364); void and not taken up end from inception, nothing owed.
 */
export const BILLED_POLICY_STATUSES: PolicyStatus[] = ['ACTIVE', 'PENDING', 'CANCELLED', 'LAPSED', 'RENEWED'];

/**
 * The condition of an account whose next period is due on `at`: billed up to a moment that has come, and still
 * short of the end of cover (the policy's expiry, or a cancellation already set): no period is raised for cover
 * that has ended or is set to end by then (issue 26, ADR 344), and the days before it are (ADR 364). An account
 * in good standing; or one suspended whose policy has ended (cancelled for non-payment, say), for the days on
 * cover its suspension left unbilled (ADR 388).
 */
const isDue = (at: Date, schemes: string[]) =>
  and(
    or(
      eq(customerAccounts.status, 'ACTIVE'),
      and(eq(customerAccounts.status, 'SUSPENDED'), notInArray(policies.status, [...LIVE_POLICY_STATUSES])),
    ),
    isNotNull(customerAccounts.billedUntil),
    lte(customerAccounts.billedUntil, at),
    inArray(policies.status, BILLED_POLICY_STATUSES),
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
export async function raisePage(
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
    // period running on to the expiry; each day is billed at the version in force that day.
    const periods = new Map(
      accounts.map((a) => {
        const end = ends.get(a.id);
        const from = a.billedUntil as Date;
        const period = periodFrom(from, a.paymentDay, end?.expiredAt ?? NO_END) ?? { start: from, end: from };
        return [a.id, period];
      }),
    );
    const versions = await versionPlansOf(
      tx,
      accounts.map((a) => a.policyId),
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
      const { start: periodStart, end: periodEnd } = periods.get(account.id)!;
      // A cancellation set inside the period: only the days on cover are billed (R4), and the line's service
      // period ends with the cover, so the cancellation's credit finds nothing more to give back.
      const coverEnd = ends.get(account.id)?.terminatedAt ?? periodEnd;
      const serviceEnd = coverEnd.getTime() < periodEnd.getTime() ? coverEnd : periodEnd;
      const prices = pricesFor(versions.get(account.policyId) ?? [], Number(book?.months ?? 0) + 1);
      // One invoice line per price in force (a change inside the period): each credited at its own daily price.
      const parts = periodPartsByDay(prices, { start: periodStart, end: periodEnd }, coverEnd);
      const instalment = parts.reduce((sum, part) => sum + part.amount, 0);
      const invoice = signed('invoice', instalment);
      const subtotal = ledger.draft + invoice;
      const carried = ledger.total + invoice;
      const outstanding = Math.max(0, Math.min(subtotal, carried));
      const byDebit = account.paymentMethodType === 'BACS_DEBIT';
      // A suspended account is not collected from (ADR 388): what it owes is asked for, to pay from the Billing
      // tab or by phone, as the arrears that suspended it are.
      const collects = account.status === 'ACTIVE';
      const dueAt = byDebit
        ? directDebitChargeDate({ noticeSentAt: at, paymentDate: periodStart })
        : periodStart;
      const statement = {
        id: book?.draftId ?? randomUUID(),
        accountId: account.id,
        statementNumber: book?.draftId ? Number(book.draftNumber) : Number(book?.lastNumber ?? 0) + 1,
        status: nextStatus(statementMachine, 'draft', outstanding > 0 ? 'raiseDue' : 'raiseNothingDue'),
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
      return { account, statement, fromDraft: Boolean(book?.draftId), parts, byDebit, collects, serviceEnd };
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
            WHERE s.id = v.id AND s.status IN (${sql.join(
              fromStatesOf(statementMachine, 'raiseDue').map((f) => sql`${f}`),
              sql`, `,
            )})`,
      );
    }
    await postLines(
      tx,
      raised.flatMap(({ statement, parts, serviceEnd }) =>
        (parts.length > 0 ? parts : [{ start: statement.periodStart, end: serviceEnd, amount: 0 }]).map(
          (part) => ({
            statement,
            line: {
              type: 'invoice' as const,
              size: part.amount,
              descriptionKey: 'billing.lineItem.subscription',
              servicePeriodStart: part.start,
              servicePeriodEnd: part.end,
              effectiveAt: statement.periodStart,
            },
          }),
        ),
      ),
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
        .filter((r) => r.collects && r.statement.amountOutstandingPence > 0)
        .map((r) => ({
          partyId: r.account.partyId,
          purpose: 'statement' as const,
          reference: r.statement.id,
          amountPence: r.statement.amountOutstandingPence,
        })),
    );
    await sendNotices(tx, raised.map(statementIssued));
    return { ids, stillDue: raised.some((r) => r.statement.periodEnd.getTime() <= at.getTime()) };
  });
}

const STATEMENT_COLUMNS =
  'id uuid, status text, ps timestamptz, pe timestamptz, bf integer, st integer, cf integer, os integer, due timestamptz, att integer, at timestamptz';

/**
 * The "statement issued" e-mail: with the Bacs advance notice for Direct Debit, or the date the card is charged;
 * for a suspended account whose cover has ended (ADR 388), the days on cover it bills and that they are to pay
 * from the Billing tab or by phone (nothing is collected).
 */
function statementIssued(r: {
  account: AccountRow;
  statement: {
    statementNumber: number;
    amountOutstandingPence: number;
    periodStart: Date;
    periodEnd: Date;
    paymentDueAt: Date;
  };
  byDebit: boolean;
  collects: boolean;
  serviceEnd: Date;
}): Notice {
  const day = (d: Date) => formatLondon(d, 'd MMMM yyyy');
  const s = r.statement;
  const amount = s.amountOutstandingPence;
  const [subject, covers, asks, nothing] = r.collects
    ? [
        r.byDebit ? 'Your statement and Direct Debit advance notice' : 'Your statement',
        `Your statement ${s.statementNumber} covers ${day(s.periodStart)} to ${day(s.periodEnd)}.`,
        r.byDebit
          ? `Advance notice: ${formatGBP(amount)} will be collected by Direct Debit on or after ${day(s.paymentDueAt)}.`
          : `${formatGBP(amount)} will be taken from your saved card on ${day(s.paymentDueAt)}.`,
        'There is nothing to pay this month.',
      ]
    : [
        'Your final statement',
        `Your statement ${s.statementNumber} covers your cover from ${day(s.periodStart)} until it ended on ${day(new Date(r.serviceEnd.getTime() - 1))}.`,
        `${formatGBP(amount)} is still to pay for that cover. Nothing will be collected: please pay it from the Billing tab of your policy, or call us.`,
        'There is nothing to pay for it.',
      ];
  return {
    account: r.account,
    kind: 'statement-issued',
    subject,
    lines: [covers, amount > 0 ? asks : nothing],
    extra: { statementNumber: s.statementNumber, amount },
  };
}
