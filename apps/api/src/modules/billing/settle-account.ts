import { randomUUID } from 'node:crypto';
import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import type { CardSettleBody, MotoCheckoutBody } from '@forecourt/contracts/payments';
import { statementMachine } from '@forecourt/domain/lifecycle/index';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerAccounts, policyVersions, statementLineItems, statements } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { type EventHandlers, publish } from '../../lib/domain-events.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { requireFinanceActingFor } from '../../lib/roles.ts';
import {
  createCardCheckout,
  expireAtProvider,
  flagSurplus,
  openPaymentFor,
  PHONE_PAYMENT_STAFF_ONLY,
  type SettledPayment,
  settleByToken,
} from '../payments/index.ts';
import { reinstateIfPaid } from './arrears.ts';
import { movedBy, postLines, SURPLUS_REFUND_KEY } from './ledger-store.ts';
import { debitInFlight } from './statement-payments.ts';

const OPEN = ['pending', 'failed'] as const;

/**
 * An account's statements a settlement pays, oldest first: pending or failed, but not one whose Direct Debit
 * collection is in flight (submitted for its current attempt, outcome not known yet): the bank collects or
 * fails that one, and it becomes payable again only if the collection fails (ADR 341).
 */
function settleable(db: Db, accountId: string) {
  return db
    .select()
    .from(statements)
    .where(
      and(
        eq(statements.accountId, accountId),
        inArray(statements.status, [...OPEN]),
        sql`NOT ${debitInFlight}`,
      ),
    )
    .orderBy(asc(statements.statementNumber));
}

/**
 * The outstanding balance of one of the caller's accounts, as the account's one open settlement payment
 * (ADR 341): made, or brought up to the balance, under the account's row lock, so settlements at once share
 * one payment and its claim lets one charge through. Nothing due is a 422 (a 409 for a phone payment: the
 * balance was just paid). The payer's date of birth comes from the policy.
 */
export async function createSettlePayment(
  ctx: Ctx,
  accountId: string,
  nothingDue: 'UNPROCESSABLE' | 'CONFLICT' = 'UNPROCESSABLE',
) {
  const partyId = requireParty(ctx.caller);
  const { payment, closed } = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(customerAccounts)
      .where(and(eq(customerAccounts.id, accountId), eq(customerAccounts.partyId, partyId)))
      .for('update');
    if (!account) throw notFound('No such account');
    const open = await settleable(tx, account.id);
    const outstanding = open.reduce((sum, s) => sum + s.amountOutstandingPence, 0);
    if (outstanding <= 0) {
      const [collecting] = await tx
        .select({ id: statements.id })
        .from(statements)
        .where(
          and(
            eq(statements.accountId, account.id),
            inArray(statements.status, [...OPEN]),
            gt(statements.amountOutstandingPence, 0),
          ),
        )
        .limit(1);
      throw new AppError(
        nothingDue,
        collecting
          ? 'The balance is being collected by Direct Debit: there is nothing else to pay now.'
          : 'There is nothing to pay on this account.',
      );
    }
    const [version] = await tx
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, account.policyId))
      .orderBy(desc(policyVersions.versionNumber))
      .limit(1);
    const input = version?.documentInput as PolicyDocumentInput | null | undefined;
    return openPaymentFor(
      { db: tx, clock: ctx.clock },
      {
        partyId,
        purpose: 'settle',
        reference: account.id,
        amountPence: outstanding,
        payerDateOfBirth: input?.policyholder.dateOfBirth,
      },
    );
  });
  for (const id of closed) await expireAtProvider(ctx, id);
  return payment;
}

/** POST /api/stripe/settle: the hosted card page for an account's outstanding balance. */
export async function settleByCardPage(ctx: Ctx, input: CardSettleBody & { appOrigin: string }) {
  const payment = await createSettlePayment(ctx, input.accountId);
  const page = await createCardCheckout(ctx, { ...input, paymentId: payment.id, kind: 'settle' });
  return { ...page, amount: payment.amountPence };
}

/**
 * POST /api/stripe/moto/settle: finance staff, impersonating the customer, settle the balance by phone
 * (issue 27 point 10: the finance permission as well as access:impersonate).
 */
export async function settleByPhone(
  ctx: Ctx,
  input: Omit<MotoCheckoutBody, 'paymentId'> & { accountId: string; token: string; postalCode: string },
) {
  requireFinanceActingFor(ctx.caller, PHONE_PAYMENT_STAFF_ONLY);
  const payment = await createSettlePayment(ctx, input.accountId, 'CONFLICT');
  return settleByToken(ctx, { ...input, paymentId: payment.id });
}

/**
 * Fulfilment of a settled 'settle' payment: post it against the open statements, oldest first (locked). What
 * is left when they are paid (the balance was paid meanwhile another way) is a surplus: flagged, recorded in
 * the ledger and refunded (ADR 341).
 */
export async function applySettlement(ctx: Ctx, payment: SettledPayment) {
  const open = await settleable(ctx.db, payment.reference).for('update', { of: statements });
  let left = payment.amountPence;
  for (const s of open) {
    if (left <= 0) break;
    const applied = Math.min(left, s.amountOutstandingPence);
    if (applied <= 0) continue;
    left -= applied;
    await ctx.db.insert(statementLineItems).values({
      id: randomUUID(),
      statementId: s.id,
      accountId: s.accountId,
      type: 'payment',
      status: 'POSTED',
      amountPence: -applied,
      descriptionKey: 'billing.lineItem.cardPayment',
      ...movedBy(true),
      customerPaymentId: payment.id,
      effectiveAt: payment.settledAt ?? ctx.clock.now(),
    });
    const remaining = s.amountOutstandingPence - applied;
    await ctx.db
      .update(statements)
      .set({
        amountOutstandingPence: remaining,
        subtotalPence: s.subtotalPence - applied,
        carriedForwardPence: s.carriedForwardPence - applied,
        // A part payment leaves an open statement pending, as the billing run's collections do (ADR 345).
        status: nextStatus(statementMachine, s.status, remaining === 0 ? 'payInFull' : 'payInPart'),
        ...(remaining === 0 ? { nextCollectionAt: null } : {}),
      })
      .where(eq(statements.id, s.id));
  }
  if (left > 0) {
    await flagSurplus(ctx, ctx.db, {
      payment,
      paymentReference: payment.providerReference ?? payment.id,
      amountPence: left,
    });
  }
  await reinstateIfPaid(ctx.db, payment.reference);
  // Partners are told of the balance paid (ADR 362), as of a collection; a surplus is paid back, not announced.
  const applied = payment.amountPence - Math.max(0, left);
  const [account] = await ctx.db
    .select({ policyId: customerAccounts.policyId })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, payment.reference));
  if (applied > 0 && account) {
    const at = payment.settledAt ?? ctx.clock.now();
    await publish('lifecycle.announced', { db: ctx.db, at }, [
      {
        type: 'payment.succeeded' as const,
        policyId: account.policyId,
        data: { amountPence: applied, collectedAt: at.toISOString() },
      },
    ]);
  }
}

/**
 * A card payment received for an account that nothing was due for (ADR 341): a payment line and the refund
 * line that pays it back, on the account's latest statement, so no money is received without a ledger line
 * and the balance does not move. The refund itself is made by payments once this has committed.
 */
export const postSurplus: EventHandlers['payment.surplus'] = async (ctx, o) => {
  // A settlement's reference is the account; a statement collection's is its statement (posted on that one).
  const [statement] = await ctx.db
    .select()
    .from(statements)
    .where(
      o.payment.purpose === 'statement'
        ? eq(statements.id, o.payment.reference)
        : eq(statements.accountId, o.payment.reference),
    )
    .orderBy(desc(statements.statementNumber))
    .limit(1);
  if (!statement) return;
  const common = {
    size: o.amountPence,
    ...movedBy(true),
    customerPaymentId: o.payment.id,
    descriptionValue: o.paymentReference,
    effectiveAt: ctx.at,
  };
  await postLines(ctx.db, [
    { statement, line: { ...common, type: 'payment', descriptionKey: 'billing.lineItem.cardPayment' } },
    { statement, line: { ...common, type: 'refund', descriptionKey: SURPLUS_REFUND_KEY } },
  ]);
};
