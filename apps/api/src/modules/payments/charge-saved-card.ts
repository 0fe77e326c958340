import { and, eq } from 'drizzle-orm';
import { customerPayments, paymentMethods } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import type { SavedCardChargeResult } from '../../providers/card-payments/card-payments-provider.ts';

export type StatementCharge = SavedCardChargeResult | { status: 'no_card' };

/**
 * The billing run's card collection (ADR 202): charges the party's saved card off-session for a PENDING
 * customer payment. The provider's idempotency key is the payment and the attempt, so two workers, a retried
 * job or a run after a crash get the one charge of that attempt back, never a second. Writes nothing: the
 * caller records the outcome with `recordCharge` in the transaction that posts it to the ledger.
 */
export async function chargeSavedCard(
  ctx: Pick<Ctx, 'db' | 'providers'>,
  input: { paymentId: string; paymentMethodId: string | null; attempt: number; description: string },
): Promise<StatementCharge> {
  const { payment, method } = await paymentAndMethod(ctx.db, input.paymentId, input.paymentMethodId, 'CARD');
  if (!method) return { status: 'no_card' };
  return ctx.providers.cardPayments.chargeSavedCard({
    paymentMethodReference: method.providerReference,
    amountPence: payment.amountPence,
    currency: 'gbp',
    description: input.description,
    idempotencyKey: `${payment.id}:${input.attempt}`,
    metadata: { paymentId: payment.id, partyId: payment.partyId, purpose: payment.purpose },
  });
}

/**
 * Records a charge's outcome on a PENDING customer payment, in the caller's transaction; answers the row when
 * this call moved it (exactly one caller does), undefined when another already had.
 */
export async function recordCharge(
  ctx: Pick<Ctx, 'db' | 'clock' | 'providers'>,
  paymentId: string,
  charge: StatementCharge,
) {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(customerPayments)
    .set(
      charge.status === 'succeeded'
        ? {
            status: 'SETTLED',
            provider: ctx.providers.cardPayments.name,
            providerReference: charge.paymentReference,
            settledAt: now,
            updatedAt: now,
          }
        : {
            status: 'FAILED',
            declineCode: charge.status === 'declined' ? charge.declineCode : 'no_card',
            updatedAt: now,
          },
    )
    .where(and(eq(customerPayments.id, paymentId), eq(customerPayments.status, 'PENDING')))
    .returning();
  return row;
}

/** A failed collection is tried again (the billing run's retry): FAILED → PENDING, in the caller's transaction. */
export async function reopenPayment(ctx: Pick<Ctx, 'db' | 'clock'>, paymentId: string) {
  await ctx.db
    .update(customerPayments)
    .set({ status: 'PENDING', updatedAt: ctx.clock.now() })
    .where(and(eq(customerPayments.id, paymentId), eq(customerPayments.status, 'FAILED')));
}

/** A customer payment and the party's own saved method of `type` named by the account (none if not theirs). */
export async function paymentAndMethod(
  db: Ctx['db'],
  paymentId: string,
  paymentMethodId: string | null,
  type: 'CARD' | 'BACS_DEBIT',
) {
  const [payment] = await db.select().from(customerPayments).where(eq(customerPayments.id, paymentId));
  if (!payment) throw new Error(`No customer payment ${paymentId}`);
  const [method] = paymentMethodId
    ? await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.id, paymentMethodId),
            eq(paymentMethods.partyId, payment.partyId),
            eq(paymentMethods.type, type),
          ),
        )
    : [];
  return { payment, method };
}
