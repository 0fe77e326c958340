import { formatGBP } from '@forecourt/domain/money';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { statementLineItems, statements } from '../../db/schema/index.ts';
import type { CollectionPayment } from '../payments/index.ts';
import { coverOf } from './arrears.ts';
import { lockAccount, type StatementRow, SURPLUS_REFUND_KEY } from './ledger-store.ts';
import {
  askAgain,
  keptFromRefunds,
  postReversal,
  repostOnStatement,
  tellStandsAgain,
  tellTakenBack,
} from './taken-back.ts';

type Ctx = { db: Db; at: Date };
type Dispute = { payment: CollectionPayment; amountPence: number };

const DISPUTED_KEY = 'billing.lineItem.cardDisputed';
const DISPUTE_WON_KEY = 'billing.lineItem.cardDisputeWon';

/**
 * The statements a card payment's money sits on, newest first, each with what the payment still pays there
 * (`paid`: its payment lines less its reversals and a surplus paid back) and what it took back there
 * (`reversed`), under their locks,
 * after the account's (the order the billing run's cancellation takes them in). A payment of a purchase or a
 * change sits on one statement; a balance paid by card on each statement it paid.
 */
async function statementsOf(db: Db, payment: CollectionPayment) {
  const all = await db
    .select({
      statementId: statementLineItems.statementId,
      accountId: statementLineItems.accountId,
      type: statementLineItems.type,
      status: statementLineItems.status,
      amountPence: statementLineItems.amountPence,
      descriptionKey: statementLineItems.descriptionKey,
      descriptionValue: statementLineItems.descriptionValue,
    })
    .from(statementLineItems)
    .where(
      and(
        eq(statementLineItems.customerPaymentId, payment.id),
        inArray(statementLineItems.type, ['payment', 'payment_reversal', 'refund']),
      ),
    );
  // A surplus's pair (ADR 341) names the charge it came by: another charge's (a duplicate) is not this payment's
  // money, and a surplus of this one that was refunded (or is on its way back) was not kept.
  const own = (l: (typeof all)[number]) =>
    l.descriptionValue === null || l.descriptionValue === payment.providerReference;
  const lines = all.filter(
    (l) =>
      own(l) &&
      (l.type === 'refund'
        ? l.descriptionKey === SURPLUS_REFUND_KEY && l.status !== 'FAILED'
        : l.status === 'POSTED'),
  );
  const accountId = lines[0]?.accountId;
  if (!accountId) return undefined;
  const account = await lockAccount(db, accountId);
  if (!account) return undefined;
  const ids = [...new Set(lines.map((l) => l.statementId))];
  const rows = await db
    .select()
    .from(statements)
    .where(inArray(statements.id, ids))
    .orderBy(desc(statements.statementNumber))
    .for('update');
  const mine = (s: StatementRow, type: string) =>
    lines.filter((l) => l.statementId === s.id && l.type === type).reduce((t, l) => t + l.amountPence, 0);
  return {
    account,
    cover: await coverOf(db, account.policyId),
    statements: rows.map((s) => ({
      statement: s,
      paid: -mine(s, 'payment') - mine(s, 'payment_reversal') - mine(s, 'refund'),
      reversed: mine(s, 'payment_reversal'),
    })),
  };
}

/** What the customer paid by card, in words: "the £120.00 you paid by card towards statement 2". */
function paidFor(payment: CollectionPayment, amount: number, on: { statement: StatementRow }[]) {
  const numbers = on.map((x) => x.statement.statementNumber).sort((a, b) => a - b);
  const what =
    payment.purpose === 'bind'
      ? 'to buy your policy'
      : payment.purpose === 'mta'
        ? 'for a change to your policy'
        : `towards statement ${numbers.join(' and ')}`;
  return `the ${formatGBP(amount)} you paid by card ${what}`;
}

/**
 * A card payment disputed by the cardholder, whose issuer took `amountPence` of it back from the insurer (ADR 392),
 * in the card webhook's transaction after the payment was reversed. As after a Direct Debit's charge back (ADR 384,
 * taken-back.ts): a payment reversal is posted where the payment was posted, newest statement first; each
 * statement asks again for what a refund still waiting does not keep back (ADR 386), and is not charged again by
 * itself; a live policy's account in good standing is suspended with notice of cancellation for non-payment.
 */
export async function cardPaymentDisputed(ctx: Ctx, o: Dispute) {
  const found = await statementsOf(ctx.db, o.payment);
  if (!found) return;
  const { account } = found;
  let left = o.amountPence;
  const reversed: { statement: StatementRow; size: number }[] = [];
  for (const { statement, paid } of found.statements) {
    const size = Math.min(left, paid);
    if (size <= 0) continue;
    left -= size;
    reversed.push({ statement, size });
    await postReversal(ctx, statement, {
      payment: o.payment,
      size,
      descriptionKey: DISPUTED_KEY,
      card: true,
    });
  }
  const amount = o.amountPence - left;
  if (amount === 0) return;
  const owed = await keptFromRefunds(ctx.db, account.id, amount);
  // What a refund keeps back comes off the newest statement's share first: an older one asks again first.
  let kept = owed.kept;
  for (const { statement, size } of reversed) {
    const keptHere = Math.min(size, kept);
    kept -= keptHere;
    await askAgain(ctx, statement, { size, again: size - keptHere });
  }
  await tellTakenBack(ctx, {
    account,
    cover: found.cover,
    amount,
    owed,
    returned: `Your card issuer has taken back ${paidFor(o.payment, amount, reversed)}, after the payment was disputed.`,
    notice: { kind: 'payment-disputed', subject: 'Your card payment was disputed' },
  });
}

/**
 * A card dispute decided for the insurer, whose issuer gave `amountPence` back (ADR 392), in the card webhook's
 * transaction after the payment was settled again. As after a Direct Debit's charge back is cancelled (ADR 390,
 * taken-back.ts): the payment is posted again where it was taken back, and each statement asks for that much less;
 * what they no longer ask for pays the other open statements or is a credit; a live policy's suspension is lifted
 * when nothing is left failed, and an ended one stays ended.
 */
export async function cardDisputeWon(ctx: Ctx, o: Dispute) {
  const found = await statementsOf(ctx.db, o.payment);
  if (!found) return;
  let left = o.amountPence;
  let surplus = 0;
  const given: { statement: StatementRow; size: number }[] = [];
  for (const { statement, reversed } of found.statements) {
    const size = Math.min(left, reversed);
    if (size <= 0) continue;
    left -= size;
    given.push({ statement, size });
    surplus += await repostOnStatement(ctx, statement, {
      payment: o.payment,
      size,
      descriptionKey: DISPUTE_WON_KEY,
      card: true,
    });
  }
  const amount = o.amountPence - left;
  if (amount === 0) return;
  await tellStandsAgain(ctx, {
    account: found.account,
    cover: found.cover,
    amount,
    surplus,
    stands: `The dispute of ${paidFor(o.payment, amount, given)} has been decided, and your card issuer has returned the money to us, so that payment stands.`,
    notice: { kind: 'payment-dispute-won', subject: 'Your card payment stands' },
  });
}
