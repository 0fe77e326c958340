import { eq } from 'drizzle-orm';
import { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

/**
 * Pays money back to the card a customer payment was taken from (issue 13: cancellation refunds), through
 * the card provider. At most the payment's amount; the key makes a retry a no-op at the provider. Answers
 * null when the payment cannot be refunded by card (not settled, not a card payment, no provider reference).
 */
export async function refundCustomerPayment(
  ctx: Pick<Ctx, 'db' | 'providers'>,
  o: { customerPaymentId: string; amountPence: number; key: string },
): Promise<{ refundReference: string; amountPence: number } | null> {
  const [p] = await ctx.db
    .select()
    .from(customerPayments)
    .where(eq(customerPayments.id, o.customerPaymentId));
  if (p?.status !== 'SETTLED' || !p.providerReference || o.amountPence <= 0) return null;
  const amountPence = Math.min(o.amountPence, p.amountPence);
  const { refundReference } = await ctx.providers.cardPayments.refundPayment({
    paymentReference: p.providerReference,
    amountPence,
    idempotencyKey: o.key,
    metadata: { customerPaymentId: p.id, reason: 'cancellation' },
  });
  return { refundReference, amountPence };
}
