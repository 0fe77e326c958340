import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerPayments, duplicatePayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import type { SettledPayment } from './fulfilment.ts';
import { refundCustomerPayment } from './refund-payment.ts';

export type SurplusFlag = typeof duplicatePayments.$inferSelect;

/**
 * Money received for a payment that did not need it (ADR 131, 341): a second charge for a settled payment
 * (another card page, a phone charge that lost its claim) or the part of a settlement nothing was left to
 * apply to. Flagged for staff (duplicate_payments, once per provider charge), recorded in the ledger through
 * the `payment.surplus` event, in the caller's transaction `tx`; `refundFlagged` pays it back once that committed.
 */
export async function flagSurplus(
  ctx: Pick<Ctx, 'providers' | 'clock'> & { log?: Pick<Ctx['log'], 'warn'> | undefined },
  tx: Db,
  o: { payment: SettledPayment; paymentReference: string; amountPence: number; sessionId?: string | null },
): Promise<SurplusFlag | undefined> {
  if (o.amountPence <= 0) return undefined;
  const [flag] = await tx
    .insert(duplicatePayments)
    .values({
      id: randomUUID(),
      customerPaymentId: o.payment.id,
      partyId: o.payment.partyId,
      sessionId: o.sessionId ?? null,
      provider: ctx.providers.cardPayments.name,
      paymentReference: o.paymentReference,
      amountPence: o.amountPence,
    })
    .onConflictDoNothing()
    .returning();
  if (!flag) return undefined;
  // The module the payment is for records it (billing: a payment line and a refund line), ADR 341, 346.
  await publish(
    'payment.surplus',
    { db: tx, at: ctx.clock.now() },
    { payment: o.payment, amountPence: o.amountPence, paymentReference: o.paymentReference, flagId: flag.id },
  );
  ctx.log?.warn(
    {
      customerPaymentId: o.payment.id,
      sessionId: flag.sessionId,
      paymentReference: flag.paymentReference,
      amountPence: flag.amountPence,
    },
    'card payment received that nothing is due for: refunding it',
  );
  return flag;
}

type RefundCtx = Pick<Ctx, 'db' | 'providers' | 'clock'> & { log?: Pick<Ctx['log'], 'warn'> | undefined };

/** Pays back every surplus of a customer payment still waiting (after the flagging transaction committed). */
export async function refundFlagged(ctx: RefundCtx, customerPaymentId: string) {
  const waiting = await ctx.db
    .select()
    .from(duplicatePayments)
    .where(
      and(
        eq(duplicatePayments.customerPaymentId, customerPaymentId),
        eq(duplicatePayments.status, 'refund_pending'),
      ),
    );
  for (const flag of waiting) await refundDuplicate(ctx, flag);
}

/**
 * Refunds one flagged surplus through the card provider. The surplus of the payment's own charge goes through
 * refundCustomerPayment, so what is left of that payment to refund later (a cancellation) knows of it.
 */
export async function refundDuplicate(ctx: RefundCtx, flag: SurplusFlag) {
  const db = ctx.db;
  try {
    const [payment] = await db
      .select()
      .from(customerPayments)
      .where(eq(customerPayments.id, flag.customerPaymentId));
    let refundReference: string;
    if (payment?.providerReference === flag.paymentReference) {
      const part = await refundCustomerPayment(ctx, {
        customerPaymentId: flag.customerPaymentId,
        amountPence: flag.amountPence,
        key: `refund-${flag.id}`,
        reference: flag.id,
        reason: 'duplicate',
      });
      if (part?.amountPence !== flag.amountPence)
        throw new Error('the surplus could not be refunded in full');
      refundReference = part.providerRefundId;
    } else {
      ({ refundReference } = await ctx.providers.cardPayments.refundPayment({
        paymentReference: flag.paymentReference,
        amountPence: flag.amountPence,
        idempotencyKey: `refund-${flag.id}`,
        metadata: { customerPaymentId: flag.customerPaymentId, duplicateId: flag.id, reason: 'duplicate' },
      }));
    }
    await db
      .update(duplicatePayments)
      .set({ status: 'refunded', refundReference, refundedAt: ctx.clock.now() })
      .where(eq(duplicatePayments.id, flag.id));
  } catch (err) {
    ctx.log?.warn(
      { err, duplicateId: flag.id },
      'refund of a surplus card payment failed; staff must refund it',
    );
    await db
      .update(duplicatePayments)
      .set({ status: 'refund_failed' })
      .where(eq(duplicatePayments.id, flag.id));
  }
}
