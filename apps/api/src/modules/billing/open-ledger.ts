import { randomUUID } from 'node:crypto';
import { paymentDayFor } from '@forecourt/domain/billing/schedule';
import { customerAccounts, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import type { CustomerPaymentRow, PaymentMethod } from '../payments/index.ts';
import { movedBy, postLine } from './ledger-store.ts';

/**
 * Bind's billing part (ADR 134), in the caller's transaction (ctx.db): the customer account of a new policy
 * (its code is the policy number; payment day = the start day, at most the 28th) and its first statement
 * (none when the billing run is to raise the first period).
 */
export async function openCustomerAccount(
  ctx: Pick<Ctx, 'db'>,
  o: {
    policyId: string;
    policyNumber: string;
    partyId: string;
    method: PaymentMethod;
    due: number;
    payment: CustomerPaymentRow | undefined;
    startAt: Date;
    serviceEnd: Date;
    now: Date;
    /**
     * Nothing billed yet: the billing run raises the first period from `startAt` on the payment day and
     * collects it like every month (a renewed subscription, ADR 291). No opening statement.
     */
    billedByTheRun?: boolean;
  },
) {
  const accountId = randomUUID();
  await ctx.db.insert(customerAccounts).values({
    id: accountId,
    accountCode: o.policyNumber,
    partyId: o.partyId,
    policyId: o.policyId,
    paymentDay: paymentDayFor(o.startAt),
    paymentMethodType: o.method.type,
    paymentMethodId: o.method.id,
    billedUntil: o.billedByTheRun ? o.startAt : o.serviceEnd,
  });
  if (!o.billedByTheRun) await openLedger(ctx, { accountId, ...o });
  return { accountId };
}

/**
 * The first statement of a new account: the inception invoice for the first service period and, when it
 * was paid at checkout, the card payment against it (a credit, so negative). Settled when nothing is owed.
 */
export async function openLedger(
  ctx: Pick<Ctx, 'db'>,
  o: {
    accountId: string;
    due: number;
    payment: CustomerPaymentRow | undefined;
    startAt: Date;
    serviceEnd: Date;
    now: Date;
  },
) {
  const statementId = randomUUID();
  const paid = o.payment ? o.payment.amountPence : 0;
  const outstanding = o.due - paid;
  await ctx.db.insert(statements).values({
    id: statementId,
    accountId: o.accountId,
    statementNumber: 1,
    status: outstanding <= 0 ? 'settled' : 'pending',
    kind: 'inception',
    subtotalPence: outstanding,
    carriedForwardPence: outstanding,
    amountOutstandingPence: Math.max(outstanding, 0),
    paymentDueAt: o.startAt,
    // Raised now (the clock's now, not the database's: ADR 355), whenever its cover starts.
    createdAt: o.now,
    periodStart: o.startAt,
    periodEnd: o.serviceEnd,
  });
  await postLine(
    ctx.db,
    { id: statementId, accountId: o.accountId },
    {
      type: 'invoice',
      size: o.due,
      descriptionKey: 'billing.lineItem.inception',
      servicePeriodStart: o.startAt,
      servicePeriodEnd: o.serviceEnd,
      effectiveAt: o.now,
    },
  );
  if (o.payment) {
    await postLine(
      ctx.db,
      { id: statementId, accountId: o.accountId },
      {
        type: 'payment',
        size: o.payment.amountPence,
        descriptionKey: 'billing.lineItem.cardPayment',
        ...movedBy(true),
        customerPaymentId: o.payment.id,
        effectiveAt: o.payment.settledAt ?? o.now,
      },
    );
  }
}
