import { randomUUID } from 'node:crypto';
import { PREMIUM_LINES } from '@forecourt/domain/billing/ledger';
import { journalPartInEffect, partInEffect, pricesInEffect } from '@forecourt/domain/billing/schedule';
import { statementMachine } from '@forecourt/domain/lifecycle/index';
import {
  type ChargedPeriod,
  cancellationCredit,
  owedAfter,
  refundDue,
} from '@forecourt/domain/policy/cancellation';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { customerAccounts, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { billedStatementsOf } from './change-charge.ts';
import { movedBy, PAYMENT_DAY_CHANGE_KEY, postLine, SURPLUS_REFUND_KEY } from './ledger-store.ts';
import { pricesFor, versionPlansOf } from './payment-day.ts';
import { debitInFlight } from './statement-payments.ts';

type LineRow = typeof statementLineItems.$inferSelect;

/**
 * Charges for periods of cover that a cancellation re-counts: every premium line with a service period — invoices,
 * credit notes and journals (a payment-day change's transitional period is billed by a debit journal).
 */
const chargesOf = (lines: LineRow[], inEffect: ReadonlyMap<string, number>): ChargedPeriod[] =>
  lines
    .filter((l) => PREMIUM_LINES.includes(l.type) && l.status === 'POSTED')
    .flatMap((l) =>
      l.servicePeriodStart && l.servicePeriodEnd
        ? [
            {
              amountPence: l.amountPence,
              start: l.servicePeriodStart,
              end: l.servicePeriodEnd,
              inEffectPence: inEffect.get(l.id),
            },
          ]
        : [],
    );

/**
 * The lines a change that never took effect priced (ADR 385), each with what its days cost at the prices in
 * effect when cover ends at `at`. A statement raised before the end was known billed the London day a change was
 * set for at the change's price; cover ending at or before the change's instant leaves that day, had, at the
 * price before. Each line is re-priced as it was priced: a period's invoice as the billing run priced it (the
 * version in force on its first day, the instalment of its statement's month, over its statement's days); a
 * payment-day change's journal line as the change priced it (ADR 389: the regular instalment, over the days of
 * the payment month ending its transitional period).
 *
 * A line was priced with the versions made before it was posted, never a later one (ADR 407): a change made after
 * a journal or a statement bills its own difference for the same days (an MTA line, credited by its share), so
 * re-pricing the earlier line at that change's price would count the difference twice (seed 196, life
 * 683429277: a payment-day journal re-priced at a later change's price, the change's own line kept as well).
 */
async function linesInEffect(
  ctx: Pick<Ctx, 'db'>,
  policyId: string,
  accountId: string,
  lines: LineRow[],
  at: Date,
) {
  const out = new Map<string, number>();
  const versions = (await versionPlansOf(ctx.db, [policyId])).get(policyId) ?? [];
  if (pricesInEffect(versions, at).length === versions.length) return out;
  const months = new Map((await billedStatementsOf(ctx.db, accountId)).map((s) => [s.id, s]));
  for (const l of lines) {
    if (l.status !== 'POSTED' || !l.servicePeriodStart || !l.servicePeriodEnd) continue;
    const part = { start: l.servicePeriodStart, end: l.servicePeriodEnd };
    const known = versions.filter((v, i) => i === 0 || v.madeAt.getTime() <= l.createdAt.getTime());
    if (l.type === 'debit_journal' && l.descriptionKey === PAYMENT_DAY_CHANGE_KEY) {
      const regular = known.map((v) => ({ from: v.from, instalment: v.plan.regular }));
      const priced = journalPartInEffect(regular, Number(l.descriptionValue), part, at);
      if (priced !== undefined) out.set(l.id, priced);
      continue;
    }
    const s = months.get(l.statementId);
    // A period's invoice, as the run priced it (a change's own line, MTA, is priced from its instant, ADR 364).
    if (l.type !== 'invoice' || l.subType === 'MTA' || !s?.start || !s.end) continue;
    const priced = partInEffect(pricesFor(known, s.month), { start: s.start, end: s.end }, part, at);
    if (priced !== undefined) out.set(l.id, priced);
  }
  return out;
}

/** The premium charges a cancellation at `at` re-counts (`chargesOf`), with the lines re-priced for it. */
async function chargesAt(
  ctx: Pick<Ctx, 'db'>,
  policyId: string,
  ledger: { account: { id: string }; lines: LineRow[] },
  at: Date,
) {
  return chargesOf(ledger.lines, await linesInEffect(ctx, policyId, ledger.account.id, ledger.lines, at));
}

/** Debits positive, credits negative: what the customer owes (negative: what we owe them). */
const balanceOf = (lines: LineRow[]) =>
  lines.filter((l) => l.status === 'POSTED').reduce((sum, l) => sum + l.amountPence, 0);

/**
 * The policy's account and its lines. `lock`: the account's row lock is taken first (ADR 394), so the lines are
 * read after any charge back or dispute holding it has posted, never before (its reversal would otherwise look
 * like statements asking beyond what is owed, and be cleared).
 */
async function ledgerOf(ctx: Pick<Ctx, 'db'>, policyId: string, lock = false) {
  const query = ctx.db.select().from(customerAccounts).where(eq(customerAccounts.policyId, policyId));
  const [account] = lock ? await query.for('update') : await query;
  if (!account) return undefined;
  const lines = await ctx.db
    .select()
    .from(statementLineItems)
    .where(eq(statementLineItems.accountId, account.id));
  return { account, lines };
}

/**
 * What cancelling a policy at `at` would credit (the cover not used, pro-rata: domain policy/cancellation),
 * pay back (the credit less anything still owed) and leave for the customer to pay (ADR 383: what is owed, less
 * what a Direct Debit already on its way will collect). Read only; zero when the policy has no account.
 */
export async function cancellationFigures(ctx: Pick<Ctx, 'db'>, o: { policyId: string; at: Date }) {
  const ledger = await ledgerOf(ctx, o.policyId);
  if (!ledger) return { creditPence: 0, refundPence: 0, owedPence: 0 };
  const creditPence = cancellationCredit(await chargesAt(ctx, o.policyId, ledger, o.at), o.at);
  const before = balanceOf(ledger.lines);
  const refundPence = refundDue(creditPence, before);
  const open = await openStatements(ctx, ledger.account.id);
  const clears = clearing(open, creditPence, owes(ledger.lines));
  const collecting = sumOf(clearNewestFirst(open, clears).filter((s) => s.inFlight));
  return { creditPence, refundPence, owedPence: toPay(creditPence, refundPence, before, collecting) };
}

/** What is left for the customer to pay: what is owed after the cancellation, less what a debit on its way takes. */
const toPay = (credit: number, refund: number, before: number, collecting: number) =>
  Math.max(0, owedAfter(credit, refund, before) - collecting);

/** An account's open statements (pending or failed), newest first, and whether a Direct Debit is on its way. */
function openStatements(ctx: Pick<Ctx, 'db'>, accountId: string, lock = false) {
  const query = ctx.db
    .select({
      id: statements.id,
      status: statements.status,
      amountOutstandingPence: statements.amountOutstandingPence,
      inFlight: sql<boolean>`${debitInFlight}`,
    })
    .from(statements)
    .where(and(eq(statements.accountId, accountId), inArray(statements.status, ['pending', 'failed'])))
    .orderBy(desc(statements.statementNumber));
  return lock ? query.for('update', { of: statements }) : query;
}

type OpenStatement = Awaited<ReturnType<typeof openStatements>>[number];

/** How a credit clears open statements, newest first: each one's outstanding after it, and what it cleared. */
function clearNewestFirst(open: OpenStatement[], credit: number) {
  let left = Math.max(0, credit);
  return open.map((s) => {
    const cleared = Math.min(left, s.amountOutstandingPence);
    left -= cleared;
    return { ...s, cleared, amountOutstandingPence: s.amountOutstandingPence - cleared };
  });
}

const sumOf = (open: { amountOutstandingPence: number }[]) =>
  open.reduce((sum, s) => sum + s.amountOutstandingPence, 0);

/** What the account owes: its posted balance, with the refunds on their way counted as paid back. */
const owes = (lines: LineRow[]) =>
  balanceOf(lines) +
  lines
    .filter((l) => l.status === 'PENDING' && l.type === 'refund')
    .reduce((sum, l) => sum + l.amountPence, 0);

/**
 * The credit that clears the open statements at a cancellation: its own, and what they already ask beyond what
 * the account owes. A cheaper change's credit waits on the draft for the next statement (ADR 212), which a
 * cancellation means never comes, so without it a Direct Debit on its way would collect the change's credit
 * too, to be paid back only after it is confirmed (seed 167, life 683948986).
 */
const clearing = (open: { amountOutstandingPence: number }[], credit: number, owed: number) =>
  credit + Math.max(0, sumOf(open) - Math.max(0, owed));

/**
 * Applies a credit to the account's open statements, newest first (a cancellation's, or money that stands again,
 * ADR 390): each one's outstanding amount falls by what the credit covers, and one left owing nothing is settled.
 * A Direct Debit on its way then asks only for what is left (ADR 378, 382). Answers what they still ask for, and
 * how much of it a Direct Debit on its way collects.
 */
export async function settleOpenStatements(
  ctx: Pick<Ctx, 'db'>,
  accountId: string,
  credit: number,
  /** What the account owes before the credit: open statements asking beyond it are cleared too (a cancellation). */
  owed?: number,
) {
  const open = await openStatements(ctx, accountId, true);
  const after = clearNewestFirst(open, owed === undefined ? credit : clearing(open, credit, owed));
  for (const s of after) {
    const { cleared, amountOutstandingPence: outstanding } = s;
    if (cleared === 0) continue;
    await ctx.db
      .update(statements)
      .set({
        amountOutstandingPence: outstanding,
        ...(outstanding === 0
          ? { status: nextStatus(statementMachine, s.status, 'creditClear'), nextCollectionAt: null }
          : {}),
      })
      .where(eq(statements.id, s.id));
  }
  return { stillOpen: sumOf(after), collecting: sumOf(after.filter((s) => s.inFlight)) };
}

/** What has been collected for a policy (its POSTED payments less reversals), in pence; 0 without an account. */
export async function collectedFor(ctx: Pick<Ctx, 'db'>, policyId: string) {
  const ledger = await ledgerOf(ctx, policyId);
  // A surplus refunded at once (ADR 341) was received and paid back: not collected.
  const moves = (ledger?.lines ?? []).filter(
    (l) =>
      l.status === 'POSTED' &&
      (l.type === 'payment' ||
        l.type === 'payment_reversal' ||
        (l.type === 'refund' && l.descriptionKey === SURPLUS_REFUND_KEY)),
  );
  return -moves.reduce((sum, l) => sum + l.amountPence, 0);
}

/**
 * Posts a cancellation to the ledger in the caller's transaction (issue 13, ADR 211): a final statement of
 * kind 'cancellation' with a credit note for the cover not used and, when the customer is then in credit, a
 * refund line (PENDING until `payOutCancellationRefund` has paid it back after commit). Returns the figures,
 * the refund line to pay out and what the account still owes.
 */
export async function postCancellationCredit(
  ctx: Pick<Ctx, 'db'>,
  o: {
    policyId: string;
    at: Date;
    now: Date;
    reference: string;
    /** A void that keeps the premiums paid (ADR 240): the credit only clears what is still owed; no refund. */
    keepPaid?: boolean;
  },
) {
  const ledger = await ledgerOf(ctx, o.policyId, true);
  if (!ledger) return { creditPence: 0, refundPence: 0, refundLineId: null, owedPence: 0 };
  const { account, lines } = ledger;
  const before = balanceOf(lines);
  const unused = cancellationCredit(await chargesAt(ctx, o.policyId, ledger, o.at), o.at);
  const creditPence = o.keepPaid ? Math.min(unused, Math.max(before, 0)) : unused;
  const refundPence = o.keepPaid ? 0 : refundDue(creditPence, before);
  const [last] = await ctx.db
    .select({ n: max(statements.statementNumber) })
    .from(statements)
    .where(eq(statements.accountId, account.id));
  // The credit first clears what earlier statements still ask for, newest first (the period the end falls in),
  // so that the open statements and this one together ask for the balance once, never twice (issue 26 defect 3).
  const { stillOpen, collecting } = await settleOpenStatements(ctx, account.id, creditPence, owes(lines));
  const statementId = randomUUID();
  const subtotal = refundPence - creditPence;
  const carried = before + subtotal;
  const outstanding = Math.max(0, carried - stillOpen);
  await ctx.db.insert(statements).values({
    id: statementId,
    accountId: account.id,
    statementNumber: (last?.n ?? 0) + 1,
    status: outstanding > 0 ? 'pending' : 'settled',
    kind: 'cancellation',
    broughtForwardPence: before,
    subtotalPence: subtotal,
    carriedForwardPence: carried,
    amountOutstandingPence: outstanding,
    paymentDueAt: o.now,
    final: true,
    createdAt: o.now,
  });
  const statement = { id: statementId, accountId: account.id };
  if (creditPence > 0) {
    await postLine(ctx.db, statement, {
      type: 'credit_note',
      size: creditPence,
      descriptionKey: 'billing.lineItem.cancellation',
      descriptionValue: o.reference,
      servicePeriodStart: o.at,
      effectiveAt: o.now,
    });
  } else if (creditPence < 0) {
    // A credit below nothing is a charge (ADR 383): a cheaper change dated later on the cancellation's own London
    // day never took effect, so what was credited for it is taken back, while the day, begun, stays charged in
    // full. A debit journal for no period of cover (it bills no days: it takes back a credit), never a negative
    // credit note.
    await postLine(ctx.db, statement, {
      type: 'debit_journal',
      size: -creditPence,
      descriptionKey: 'billing.lineItem.changeNotInEffect',
      descriptionValue: o.reference,
      effectiveAt: o.now,
    });
  }
  let refundLineId: string | null = null;
  if (refundPence > 0) {
    const card = account.paymentMethodType === 'CARD';
    refundLineId = (
      await postLine(ctx.db, statement, {
        type: 'refund',
        status: 'PENDING',
        size: refundPence,
        descriptionKey: 'billing.lineItem.cancellationRefund',
        descriptionValue: o.reference,
        ...movedBy(card),
        effectiveAt: o.now,
      })
    ).id;
  }
  // What the customer still owes once the cancellation is posted (arrears, or a credit taken back, ADR 383).
  return {
    creditPence,
    refundPence,
    refundLineId,
    owedPence: toPay(creditPence, refundPence, before, collecting),
  };
}
