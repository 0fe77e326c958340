import { randomUUID } from 'node:crypto';
import { formatLondon } from '@forecourt/domain/dates';
import type { PolicyStatus } from '@forecourt/domain/enums';
import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { formatGBP } from '@forecourt/domain/money';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policies, statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { settleOpenStatements } from './cancellation-ledger.ts';
import { collectionOnItsWay, creditToPayBack } from './credit-after-cancellation.ts';
import { lockAccount, nextStatementNumber, postedBalance } from './ledger-store.ts';
import { sendNotice } from './notices.ts';

/** A policy whose term ran to its end: it lapsed at the anniversary, or was renewed into its successor. */
const TERM_ENDED: PolicyStatus[] = ['LAPSED', 'RENEWED'];

/**
 * Closes the account of a policy whose term ran to its end (ADR 393), as a cancellation closes a cancelled one's
 * (ADR 211): once every period of the term is billed and no collection is on its way, an account that still
 * holds something gets a final statement, kind `closing`:
 *
 * - the draft's journals, which waited for a next statement that will never come (a change made by staff in the
 *   term's last weeks, after its last statement), are raised on it; what they leave owed is asked for, to pay
 *   from the Billing tab or by phone, and not collected (as an ended account's arrears, ADR 388);
 * - the statements still open never ask for more than the account owes: a credit clears them first, newest
 *   first (as a cancellation's does, issue 26 defect 3);
 * - an account still in credit (a cheaper change, a payment that stood again after the policy ended), less the
 *   refunds already on their way, gets the closing statement the hourly job pays a credit back on (ADR 305):
 *   `refundCreditAfterCancellation`, run next.
 *
 * The renewed year has an account of its own (ADR 291), so the credit is paid back, not carried into it. Each
 * account under its row lock, its final statement made once (a unique index holds it too); one that fails is
 * logged and left for the next hour, and does not stop the others. Answers the statements made.
 */
export async function closeEndedTerms(
  ctx: Pick<Ctx, 'db'> & { now: Date; log?: Pick<Ctx['log'], 'warn'> | undefined },
): Promise<string[]> {
  const candidates = await ctx.db
    .select({ id: customerAccounts.id, status: policies.status, expiredAt: policies.expiredAt })
    .from(customerAccounts)
    .innerJoin(policies, eq(policies.id, customerAccounts.policyId))
    .where(
      and(
        inArray(policies.status, TERM_ENDED),
        lte(policies.expiredAt, ctx.now),
        or(isNull(customerAccounts.billedUntil), gte(customerAccounts.billedUntil, policies.expiredAt)),
        sql`NOT EXISTS (SELECT 1 FROM statements f WHERE f.account_id = ${customerAccounts.id} AND f.final)`,
        // Only one that holds something (the rest are done: a cheap scan every hour).
        sql`(EXISTS (SELECT 1 FROM statement_line_items l JOIN statements d ON d.id = l.statement_id
                      WHERE l.account_id = ${customerAccounts.id} AND d.status = 'draft' AND l.status = 'POSTED')
             OR (SELECT coalesce(sum(l.amount_pence), 0) FROM statement_line_items l
                  WHERE l.account_id = ${customerAccounts.id}
                    AND (l.status = 'POSTED' OR (l.status = 'PENDING' AND l.type = 'refund'))) < 0)`,
      ),
    )
    .orderBy(asc(customerAccounts.id));
  const made: string[] = [];
  for (const term of candidates) {
    try {
      const statementId = await ctx.db.transaction((tx) => closeTerm(tx, term, ctx.now));
      if (statementId) made.push(statementId);
    } catch (err) {
      ctx.log?.warn({ err, accountId: term.id }, 'ended term not closed; tried again next hour');
    }
  }
  return made;
}

async function closeTerm(
  tx: Db,
  term: { id: string; status: PolicyStatus; expiredAt: Date | null },
  now: Date,
): Promise<string | null> {
  const account = await lockAccount(tx, term.id);
  if (!account) return null;
  const owned = await tx.select().from(statements).where(eq(statements.accountId, account.id));
  if (owned.some((s) => s.final)) return null;
  // A collection on its way decides what the account holds: closed once it is known.
  if (await collectionOnItsWay(tx, owned)) return null;
  const balance = await postedBalance(tx, account.id);
  const [lines] = await tx
    .select({
      waiting: sql<number>`(count(*) FILTER (WHERE ${statements.status} = 'draft' AND ${statementLineItems.status} = 'POSTED'))::int`,
      journals: sql<string>`coalesce(sum(${statementLineItems.amountPence}) FILTER (WHERE ${statements.status} = 'draft' AND ${statementLineItems.status} = 'POSTED'), 0)`,
      refunding: sql<string>`coalesce(sum(${statementLineItems.amountPence}) FILTER (WHERE ${statementLineItems.status} = 'PENDING' AND ${statementLineItems.type} = 'refund'), 0)`,
    })
    .from(statementLineItems)
    .innerJoin(statements, eq(statements.id, statementLineItems.statementId))
    .where(eq(statementLineItems.accountId, account.id));
  const draft = owned.find((s) => s.status === 'draft');
  const journals = draft && Number(lines?.waiting ?? 0) > 0 ? Number(lines?.journals ?? 0) : null;
  // What the account holds once the refunds on their way are paid: negative, a credit still to pay back.
  const net = balance + Number(lines?.refunding ?? 0);
  if (journals === null && net >= 0) return null;
  // As the billing run raises a statement (ADR 202): what it adds, and no more than the account owes.
  const subtotal = journals ?? 0;
  const outstanding = Math.max(0, Math.min(subtotal, balance));
  const fields = {
    kind: 'closing',
    final: true,
    broughtForwardPence: balance - subtotal,
    subtotalPence: subtotal,
    carriedForwardPence: balance,
    amountOutstandingPence: outstanding,
    paymentDueAt: now,
    createdAt: now,
  };
  let statement: { id: string; statementNumber: number };
  if (draft && journals !== null) {
    const status = nextStatus(
      statementMachine,
      draft.status,
      outstanding > 0 ? 'raiseDue' : 'raiseNothingDue',
    );
    await tx
      .update(statements)
      .set({ ...fields, status })
      .where(and(eq(statements.id, draft.id), eq(statements.status, 'draft')));
    statement = draft;
  } else {
    statement = { id: randomUUID(), statementNumber: await nextStatementNumber(tx, account.id) };
    // Nothing is raised on it: it is settled as it is made, and holds the refund of the credit.
    await tx.insert(statements).values({ ...fields, ...statement, accountId: account.id, status: 'settled' });
  }
  // The open statements (this one among them) ask for no more than the account owes (ADR 394): a credit clears
  // the newest first, and what is left is what the Billing tab asks for.
  const { stillOpen: toPay } = await settleOpenStatements({ db: tx }, account.id, 0, net);
  const held = toPay > 0 || net >= 0 ? null : await creditToPayBack(tx, account.id, owned);
  const ended = formatLondon(term.expiredAt ?? now, 'd MMMM yyyy');
  const said = [
    term.status === 'RENEWED'
      ? `Your policy's year ended on ${ended}. Your renewed policy has an account of its own, and your final statement ${statement.statementNumber} closes the account of the year that ended.`
      : `Your policy ended on ${ended}, and your final statement ${statement.statementNumber} closes its account.`,
    toPay > 0
      ? `${formatGBP(toPay)} is still to pay for your cover: please pay it from the Billing tab of your policy, or call us.`
      : net >= 0
        ? 'There is nothing more to pay.'
        : held
          ? `Your account is ${formatGBP(-net)} in credit: we will pay it back to you, the way you paid.`
          : `Your account is ${formatGBP(-net)} in credit: please call us and we will pay it back to you.`,
  ];
  await sendNotice(tx, account, 'account-closed', 'Your final statement', said, {
    statementNumber: statement.statementNumber,
    amount: toPay > 0 ? toPay : Math.min(0, net),
  });
  return statement.id;
}
