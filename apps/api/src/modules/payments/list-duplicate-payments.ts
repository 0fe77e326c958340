import { desc, eq } from 'drizzle-orm';
import { duplicatePayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { requireFinanceActingFor } from '../../lib/roles.ts';

/** GET /api/customerPayments/duplicates: finance staff see the impersonated customer's refunded double payments. */
export async function listDuplicatePayments(ctx: Ctx) {
  const partyId = requireFinanceActingFor(ctx.caller);
  const found = await ctx.db
    .select()
    .from(duplicatePayments)
    .where(eq(duplicatePayments.partyId, partyId))
    .orderBy(desc(duplicatePayments.createdAt));
  return found.map((d) => ({
    id: d.id,
    paymentId: d.customerPaymentId,
    sessionId: d.sessionId,
    paymentReference: d.paymentReference,
    amount: d.amountPence,
    status: d.status,
    refundReference: d.refundReference,
    createdAt: d.createdAt.toISOString(),
    refundedAt: d.refundedAt?.toISOString() ?? null,
  }));
}
