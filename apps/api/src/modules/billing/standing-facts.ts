import { periodChargeByDay, periodFrom } from '@forecourt/domain/billing/schedule';
import { londonDate, londonMidnightOf } from '@forecourt/domain/calendar/london';
import { addWorkingDaysIso, directDebitChargeDate } from '@forecourt/domain/calendar/working-days';
import { REFUND_WORKING_DAYS } from '@forecourt/domain/constants';
import { isLiveStatus } from '@forecourt/domain/status';
import { and, asc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { refundCameBack } from './credit-after-cancellation.ts';
import { type AccountRow, ownAccount, postedBalance, wayOfLine } from './ledger-store.ts';
import { pricesFor, versionPlansOf } from './payment-day.ts';

/** Far enough ahead to stand for "no end" (a policy without an expiry on record). */
const NO_END = new Date('9999-12-31T00:00:00Z');

type PolicyEnds = { status: string; terminatedAt: Date | null; expiredAt: Date | null };

export interface NextPayment {
  amount: number;
  dueAt: Date;
  method: 'CARD' | 'BACS_DEBIT';
  /** The cover the payment is for ends inside its period (a cancellation set). */
  coverEndsAt: Date | null;
}

/**
 * The next payment the customer will really make (issue 28, ADR 352), the one computation behind the policy's
 * standing, the next-statement estimate and the e-mails: the billing run raises the next period when the
 * billed one ends (never for cover that has ended or is set to end by then), for the days on cover only (R4,
 * a cancellation inside the period), plus what waits on the draft (journals); what is owed on statements
 * already raised is not in it (a raised statement asks for its own money, ADR 201: a statement's outstanding
 * is at most its own subtotal). By Direct Debit the collection is the charge date of R8: three working days
 * on the London calendar after the advance notice, which the run sends the day it raises the statement.
 */
export async function nextPaymentOf(
  db: Db,
  account: AccountRow,
  policy: PolicyEnds | undefined,
  now: Date,
): Promise<NextPayment | null> {
  const live = policy?.status === 'ACTIVE' || policy?.status === 'PENDING';
  if (!live || account.status !== 'ACTIVE') return null;
  const dueAt = account.billedUntil ?? now;
  const endsAt = policy.terminatedAt;
  if (endsAt && endsAt.getTime() <= dueAt.getTime()) return null;
  // The same period the billing run will raise (ADR 344): none once billed to the expiry.
  const period = periodFrom(dueAt, account.paymentDay, policy.expiredAt ?? NO_END);
  if (!period) return null;
  const versions = (await versionPlansOf(db, [account.policyId])).get(account.policyId) ?? [];
  const rows = await db
    .select({
      status: statements.status,
      periodStart: statements.periodStart,
      subtotal: statements.subtotalPence,
    })
    .from(statements)
    .where(eq(statements.accountId, account.id));
  const draft = rows.find((s) => s.status === 'draft')?.subtotal ?? 0;
  const months = rows.filter((s) => s.periodStart && s.status !== 'draft').length;
  const coverEnd = endsAt && endsAt.getTime() < period.end.getTime() ? endsAt : null;
  const instalment = periodChargeByDay(pricesFor(versions, months + 1), period, coverEnd ?? period.end);
  // As the run works it out: the draft and the invoice, never more than the whole ledger asks (a credit).
  const subtotal = draft + instalment;
  const carried = (await postedBalance(db, account.id)) - draft + subtotal;
  const amount = Math.max(0, Math.min(subtotal, carried));
  const byDebit = account.paymentMethodType === 'BACS_DEBIT';
  // The run raises it (and sends the notice) on the payment date, or today when that has passed.
  const noticeSentAt = dueAt.getTime() > now.getTime() ? dueAt : now;
  const chargeAt = byDebit ? directDebitChargeDate({ noticeSentAt, paymentDate: dueAt }) : dueAt;
  return { amount, dueAt: chargeAt, method: account.paymentMethodType, coverEndsAt: coverEnd };
}

export interface AccountFacts {
  accountId: string;
  /** Failed statements still owed: arrears; `takenBack` when one of them paid was taken back (ADR 384, 392). */
  arrears: { amount: number; statementNumbers: number[]; takenBack: boolean } | null;
  /** Statements raised and being collected (pending): not arrears. */
  pendingCollection: { amount: number; chargeAt: Date | null; statementNumbers: number[] } | null;
  nextPayment: NextPayment | null;
  /** Suspended for non-payment: a notice of cancellation is running (ADR 203). */
  suspended: boolean;
  /** What holds an automatic renewal back (ADR 400): the arrears, less a Direct Debit presented again. */
  holdsRenewal: { amount: number } | null;
  /** Money the customer is owed back (ADR 405). */
  payingBack: PayingBack | null;
}

export interface PayingBack {
  amount: number;
  state: 'onItsWay' | 'toPayBack' | 'held';
  /**
   * Where the refund went (on its way) or failed (held), by its lines: a card or a Direct Debit's bank account.
   * Null when its lines went both ways, and for a credit not yet paid back (the job pays it back against the
   * account's payments, each the way it was paid).
   */
  method: 'CARD' | 'BACS_DEBIT' | null;
  /**
   * A refund on its way: the London midnight of the last working day it should reach the customer; null once one
   * still being paid out is past it.
   */
  reachesBy: Date | null;
}

/** The one way refund lines went (a card provider's, or GoCardless's), or null when they went both ways. */
function wayOf(subTypes: (string | null)[]): 'CARD' | 'BACS_DEBIT' | null {
  const ways = new Set(subTypes.map(wayOfLine));
  return ways.size === 1 ? ([...ways][0] ?? null) : null;
}

/** Working days a refund is looked back over at most, in calendar days (10 working days and bank holidays). */
const REFUND_LOOKBACK_DAYS = 21;

/**
 * Money each account's customer is owed back (ADR 405), by the ledger: refund lines asked or paid in the last
 * REFUND_WORKING_DAYS.max working days are on their way (a card or bank takes that long to pass them on, spec 2
 * §3); once cover has ended, a credit the account still holds beyond them is paid back by the hourly job
 * (`refundCreditAfterCancellation`, ADR 305, 393), unless a refund of it failed or came back (the same rule as
 * `creditToPayBack`: then the customer is asked to call). A live policy's credit goes to its next statement, and is
 * not told here, unless no statement is to come and a refund of it failed (ADR 406): then it is held too. Keyed by
 * account id.
 */
async function payingBackOf(
  db: Db,
  accounts: AccountRow[],
  live: (policyId: string) => boolean,
  statementToCome: (accountId: string) => boolean,
  now: Date,
): Promise<Map<string, PayingBack>> {
  const out = new Map<string, PayingBack>();
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return out;
  const sums = await db
    .select({
      accountId: statementLineItems.accountId,
      balance: sql<string>`coalesce(sum(${statementLineItems.amountPence}) FILTER (WHERE ${statementLineItems.status} = 'POSTED'), 0)`,
    })
    .from(statementLineItems)
    .where(inArray(statementLineItems.accountId, ids))
    .groupBy(statementLineItems.accountId);
  // Refunds still being paid out, refunds paid out or come back lately, and every refund that failed or came back.
  const lines = await db
    .select({
      accountId: statementLineItems.accountId,
      type: statementLineItems.type,
      amount: statementLineItems.amountPence,
      effectiveAt: statementLineItems.effectiveAt,
      status: statementLineItems.status,
      subType: statementLineItems.subType,
      descriptionKey: statementLineItems.descriptionKey,
    })
    .from(statementLineItems)
    .where(
      and(
        inArray(statementLineItems.accountId, ids),
        or(
          eq(statementLineItems.type, 'refund_reversal'),
          and(
            eq(statementLineItems.type, 'refund'),
            inArray(statementLineItems.status, ['PENDING', 'FAILED']),
          ),
          and(
            eq(statementLineItems.type, 'refund'),
            eq(statementLineItems.status, 'POSTED'),
            gte(statementLineItems.effectiveAt, new Date(now.getTime() - REFUND_LOOKBACK_DAYS * 86_400_000)),
          ),
        ),
      ),
    );
  for (const account of accounts) {
    const sum = sums.find((s) => s.accountId === account.id);
    const mine = lines.filter((l) => l.accountId === account.id);
    const back = payingBackFrom({
      live: live(account.policyId),
      statementToCome: statementToCome(account.id),
      balance: Number(sum?.balance ?? 0),
      // The ways refunds failed or came back: `creditToPayBack`'s rule (then the credit is left to staff).
      failedBy: mine.filter(refundCameBack).map((l) => l.subType),
      lines: mine,
      now,
    });
    if (back) out.set(account.id, back);
  }
  return out;
}

/**
 * Money one account's customer is owed back (ADR 405), from its ledger (pence; a credit is a negative balance,
 * a refund line positive, a refund reversal negative):
 * - the policy no longer live and a credit left beyond the refunds still being paid out: `held` once a refund
 *   failed or came back (`creditToPayBack` leaves it to staff), else `toPayBack` (the hourly job pays it back);
 * - a live policy with no statement to come (paid in full, or billed to its end) holding such a credit after a
 *   refund of it failed (a change's refund to a card closed since, ADR 406): `held` as well. With a statement to
 *   come, the credit is taken off it (the billing run carries the balance), and is not told here;
 * - else a refund `onItsWay`: what is being paid out (never more than the credit it pays back: the payout keeps
 *   a refund to the credit held, ADR 386) and what was paid out in its last REFUND_WORKING_DAYS.max working days,
 *   less what came back since. `reachesBy` is the last of those days; null once a refund still being paid out is
 *   past it (the provider refused it, and the job tries again hourly): no date is promised.
 */
export function payingBackFrom(a: {
  live: boolean;
  /** A statement is still to be raised for the policy (its next payment), which a credit would be taken off. */
  statementToCome: boolean;
  balance: number;
  failedBy: (string | null)[];
  lines: {
    type: string;
    amount: number;
    effectiveAt: Date;
    status: string;
    subType: string | null;
  }[];
  now: Date;
}): PayingBack | null {
  const pending = a.lines.filter((l) => l.type === 'refund' && l.status === 'PENDING');
  const refunding = pending.reduce((n, l) => n + l.amount, 0);
  const held = -(a.balance + refunding);
  if (held > 0 && (!a.live || (!a.statementToCome && a.failedBy.length > 0))) {
    return {
      amount: held,
      state: a.failedBy.length > 0 ? 'held' : 'toPayBack',
      method: a.failedBy.length > 0 ? wayOf(a.failedBy) : null,
      reachesBy: null,
    };
  }
  const today = londonDate(a.now);
  const byOf = (l: { effectiveAt: Date }) => addWorkingDaysIso(l.effectiveAt, REFUND_WORKING_DAYS.max);
  const paid = a.lines.filter((l) => l.status === 'POSTED' && byOf(l) >= today);
  const sent = paid.filter((l) => l.type === 'refund');
  const cameBack = -paid.filter((l) => l.type === 'refund_reversal').reduce((n, l) => n + l.amount, 0);
  const amount =
    Math.min(refunding, Math.max(0, -a.balance)) +
    Math.max(0, sent.reduce((n, l) => n + l.amount, 0) - cameBack);
  if (amount <= 0) return null;
  const going = [...pending, ...sent];
  const late = pending.some((l) => byOf(l) < today);
  return {
    amount,
    state: 'onItsWay',
    method: wayOf(going.map((l) => l.subType)),
    reachesBy: late ? null : londonMidnightOf(going.map(byOf).sort().at(-1) as string),
  };
}

type Owed = Pick<AccountFacts, 'arrears' | 'pendingCollection' | 'holdsRenewal'>;

/** The statements of these accounts that ask for money (pending or failed, something outstanding). */
async function openStatementsOf(db: Db, accountIds: string[]) {
  const open = await db
    .select({
      accountId: statements.accountId,
      number: statements.statementNumber,
      kind: statements.kind,
      status: statements.status,
      outstanding: statements.amountOutstandingPence,
      dueAt: statements.paymentDueAt,
      // Something to collect it by: its payment, made and not yet taken (DRAFT until a debit is submitted, then
      // PENDING). A statement raised with none (an ended policy's last days on a suspended account, ADR 388; a
      // cancellation leaving money to pay, ADR 383) is only asked for.
      // (Written out: in a query of one table the builder leaves its columns unqualified, and "id" would be the
      // payment's own.)
      collecting: sql<boolean>`EXISTS (SELECT 1 FROM customer_payments cp WHERE cp.purpose = 'statement'
        AND cp.reference = statements.id::text AND cp.status IN ('DRAFT', 'PENDING'))`,
      // A renewed year's first statement not yet claimed by the renewed-year job (ADR 318): a card account's
      // successor policy, with no statement payment made for it yet. Only that job collects it, within minutes.
      awaitingRenewedYear: sql<boolean>`statements.kind = 'inception' AND NOT EXISTS (SELECT 1 FROM customer_payments
        cy WHERE cy.purpose = 'statement' AND cy.reference = statements.id::text) AND EXISTS (SELECT 1 FROM
        customer_accounts ca JOIN policies cpol ON cpol.id = ca.policy_id WHERE ca.id = statements.account_id
        AND ca.payment_method_type = 'CARD' AND cpol.previous_policy_id IS NOT NULL)`,
      // Collected by Direct Debit: a failed statement with its payment on its way again is a debit presented again.
      byDebit: sql<boolean>`EXISTS (SELECT 1 FROM customer_accounts da WHERE da.id = statements.account_id
        AND da.payment_method_type = 'BACS_DEBIT')`,
      // A payment it had was taken back: a Direct Debit charged back, a card payment disputed (ADR 384, 392).
      takenBack: sql<boolean>`EXISTS (SELECT 1 FROM statement_line_items tb WHERE tb.statement_id = statements.id
        AND tb.type = 'payment_reversal' AND tb.status = 'POSTED')`,
    })
    .from(statements)
    .where(
      and(
        inArray(statements.accountId, accountIds),
        ne(statements.status, 'draft'),
        inArray(statements.status, ['pending', 'failed']),
      ),
    )
    .orderBy(asc(statements.statementNumber));
  return open.filter((s) => s.outstanding > 0);
}
type OpenStatement = Awaited<ReturnType<typeof openStatementsOf>>[number];

/**
 * Being collected, not owed: a pending statement with its payment on its way, or a renewed year's first statement
 * by card that the renewed-year job has not claimed yet (ADR 318).
 */
const beingCollected = (s: OpenStatement) =>
  s.status === 'pending' && (Boolean(s.collecting) || Boolean(s.awaitingRenewedYear));

/**
 * What holds an automatic renewal back (ADR 400): owed and not being collected, less a failed statement whose
 * Direct Debit is presented again and not yet answered (the renewal does not wait on the bank).
 */
const holdsRenewal = (s: OpenStatement) =>
  !beingCollected(s) && !(s.status === 'failed' && s.byDebit && s.collecting);

/**
 * What each account owes on statements raised, by the statement lifecycle (ADR 352): a failed statement still
 * owed is arrears, a pending one is a collection in flight (one with nothing to collect it by is owed, as arrears
 * are). Keyed by account id.
 */
async function owedOf(db: Db, accountIds: string[]): Promise<Map<string, Owed>> {
  const out = new Map<string, Owed>();
  if (accountIds.length === 0) return out;
  const open = await openStatementsOf(db, accountIds);
  for (const accountId of accountIds) {
    const mine = open.filter((s) => s.accountId === accountId);
    const failed = mine.filter((s) => !beingCollected(s));
    const pending = mine.filter(beingCollected);
    const sum = (list: typeof mine) => list.reduce((n, s) => n + s.outstanding, 0);
    const held = mine.filter(holdsRenewal);
    out.set(accountId, {
      holdsRenewal: held.length ? { amount: sum(held) } : null,
      arrears: failed.length
        ? {
            amount: sum(failed),
            statementNumbers: failed.map((s) => s.number),
            takenBack: failed.some((s) => Boolean(s.takenBack)),
          }
        : null,
      pendingCollection: pending.length
        ? {
            amount: sum(pending),
            chargeAt: pending.at(-1)?.dueAt ?? null,
            statementNumbers: pending.map((s) => s.number),
          }
        : null,
    });
  }
  return out;
}

/**
 * What one policy's account owes that holds its automatic renewal back (pence, ADR 400), or null: the standing's
 * arrears, less a failed statement whose Direct Debit is presented again (the renewal does not wait on the bank).
 */
export async function arrearsOf(db: Db, policyId: string) {
  const [account] = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(eq(customerAccounts.policyId, policyId));
  if (!account) return null;
  const owed = (await openStatementsOf(db, [account.id])).filter(holdsRenewal);
  return owed.length ? { amount: owed.reduce((n, s) => n + s.outstanding, 0) } : null;
}

/** The billing facts of a policy's standing (ADR 352), for many policies: what is owed, and the next payment. */
export async function accountFactsOf(db: Db, policyIds: string[], now: Date) {
  const out = new Map<string, AccountFacts>();
  if (policyIds.length === 0) return out;
  const accounts = await db
    .select()
    .from(customerAccounts)
    .where(inArray(customerAccounts.policyId, policyIds));
  if (accounts.length === 0) return out;
  const ends = await db
    .select({
      id: policies.id,
      status: policies.status,
      terminatedAt: policies.terminatedAt,
      expiredAt: policies.expiredAt,
    })
    .from(policies)
    .where(inArray(policies.id, policyIds));
  const owed = await owedOf(
    db,
    accounts.map((a) => a.id),
  );
  const statusOf = (policyId: string) => ends.find((p) => p.id === policyId)?.status;
  const next = new Map<string, NextPayment | null>();
  for (const account of accounts)
    next.set(
      account.id,
      await nextPaymentOf(
        db,
        account,
        ends.find((p) => p.id === account.policyId),
        now,
      ),
    );
  const payingBack = await payingBackOf(
    db,
    accounts,
    (policyId) => isLiveStatus(statusOf(policyId)),
    (accountId) => Boolean(next.get(accountId)),
    now,
  );
  for (const account of accounts) {
    out.set(account.policyId, {
      accountId: account.id,
      arrears: owed.get(account.id)?.arrears ?? null,
      pendingCollection: owed.get(account.id)?.pendingCollection ?? null,
      holdsRenewal: owed.get(account.id)?.holdsRenewal ?? null,
      nextPayment: next.get(account.id) ?? null,
      suspended: account.status === 'SUSPENDED',
      payingBack: payingBack.get(account.id) ?? null,
    });
  }
  return out;
}

/**
 * GET /api/customerAccounts/{id}/nextStatementEstimate: the next payment of the policy's standing (ADR 352,
 * `nextPaymentOf`, the one computation): when it is collected and how much, only the days on cover. A policy
 * that has ended, or is set to end on or before the next payment date, has none: `paymentDueAt` null, amount
 * 0, and `endsAt` says when cover ends (ADR 251).
 */
export async function nextStatementEstimate(ctx: Ctx, accountId: string) {
  const account = await ownAccount(ctx, accountId);
  const [policy] = await ctx.db
    .select({ status: policies.status, terminatedAt: policies.terminatedAt, expiredAt: policies.expiredAt })
    .from(policies)
    .where(eq(policies.id, account.policyId));
  const endsAt = policy?.terminatedAt ? { endsAt: policy.terminatedAt.toISOString() } : {};
  const next = await nextPaymentOf(ctx.db, account, policy, ctx.clock.now());
  if (!next) return { paymentDueAt: null, amount: 0, ...endsAt };
  return { paymentDueAt: next.dueAt.toISOString(), amount: next.amount, ...endsAt };
}
