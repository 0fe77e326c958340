import { randomUUID } from 'node:crypto';
import type { customerPayments } from '../../db/schema/index.ts';
import { statementLineItems, statements } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * The first statement of a new account: the inception invoice for the first service period and, when it
 * was paid at checkout, the card payment against it (a credit, so negative). Settled when nothing is owed.
 */
export async function openLedger(
  ctx: Pick<Ctx, 'db'>,
  o: {
    accountId: string;
    due: number;
    payment: typeof customerPayments.$inferSelect | undefined;
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
    subtotalPence: o.due,
    carriedForwardPence: outstanding,
    amountOutstandingPence: Math.max(outstanding, 0),
    paymentDueAt: o.startAt,
  });
  await ctx.db.insert(statementLineItems).values({
    id: randomUUID(),
    statementId,
    accountId: o.accountId,
    type: 'invoice',
    status: 'POSTED',
    amountPence: o.due,
    descriptionKey: 'billing.lineItem.inception',
    servicePeriodStart: o.startAt,
    servicePeriodEnd: o.serviceEnd,
    effectiveAt: o.now,
  });
  if (o.payment) {
    await ctx.db.insert(statementLineItems).values({
      id: randomUUID(),
      statementId,
      accountId: o.accountId,
      type: 'payment',
      status: 'POSTED',
      amountPence: -o.payment.amountPence,
      descriptionKey: 'billing.lineItem.cardPayment',
      paymentMethodDescription: 'Card',
      subType: 'STRIPE',
      customerPaymentId: o.payment.id,
      effectiveAt: o.payment.settledAt ?? o.now,
    });
  }
}
