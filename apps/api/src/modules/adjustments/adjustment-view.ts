import { randomUUID } from 'node:crypto';
import type { Adjustment } from '@forecourt/contracts/adjustments';
import { REFUND_WORKING_DAYS } from '@forecourt/domain/constants';
import { and, eq } from 'drizzle-orm';
import { policyAdjustments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';

export type AdjustmentRow = typeof policyAdjustments.$inferSelect;

/** How long an unconfirmed adjustment stays valid (spec 3 §4 step 7, ADR 210). */
export const ADJUSTMENT_VALIDITY_MS = 30 * 60_000;

/** The adjustment as the API answers it (spec 3 §3 "Adjustment response"). */
export function toAdjustment(row: AdjustmentRow): Adjustment {
  return {
    adjustmentId: row.id,
    policyId: row.policyId,
    adjustmentType: row.adjustmentType,
    reason: row.reason,
    changes: row.changes,
    effectiveAt: row.effectiveAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    confirmed: row.confirmedAt !== null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    verificationClear: row.verificationClear,
    updatedPolicyVersions: row.updatedVersions as Adjustment['updatedPolicyVersions'],
    prorataPremium: row.prorataPremiumPence,
    paymentDue: row.paymentDuePence,
    cancellation:
      row.adjustmentType === 'CANCELLATION'
        ? {
            type: row.cancellationType ?? 'Standard',
            immediate: row.immediate,
            terminatesAt: row.effectiveAt.toISOString(),
            creditPence: row.creditPence,
            refundPence: row.refundPence,
            owedPence: row.owedPence,
            refundWorkingDays: { ...REFUND_WORKING_DAYS },
          }
        : null,
  };
}

/** One of the caller's adjustments (another customer's is a 404), optionally locked for update. */
export async function ownAdjustment(ctx: Ctx, adjustmentId: string, lock = false): Promise<AdjustmentRow> {
  const scope = owned(ctx);
  const query = ctx.db
    .select()
    .from(policyAdjustments)
    .where(scope.where(policyAdjustments, and(eq(policyAdjustments.id, adjustmentId))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such adjustment');
  return row;
}

type NewAdjustment = Omit<typeof policyAdjustments.$inferInsert, 'id' | 'madeBy' | 'createdAt' | 'expiresAt'>;

/** Stores a new adjustment made by the caller now, valid for ADJUSTMENT_VALIDITY_MS. */
export async function storeAdjustment(ctx: Ctx, values: NewAdjustment): Promise<AdjustmentRow> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(policyAdjustments)
    .values({
      ...values,
      id: randomUUID(),
      madeBy: ctx.caller.kind === 'admin' ? `staff:${ctx.caller.userId}` : 'customer',
      createdAt: now,
      expiresAt: new Date(now.getTime() + ADJUSTMENT_VALIDITY_MS),
    })
    .returning();
  if (!row) throw new Error('adjustment not stored');
  return row;
}
