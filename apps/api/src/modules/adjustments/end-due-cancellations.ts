import { adjustmentMachine, adjustmentState, canTransition } from '@forecourt/domain/lifecycle/index';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { policyAdjustments } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/registry.ts';
import type { AppServices } from '../../lib/context.ts';
import { payOutCancellationRefund, postCancellationCredit } from '../billing/index.ts';
import { endPolicy } from '../policies/index.ts';
import { announceCancellationEnded } from './confirm-cancellation.ts';

/**
 * Deferred cancellations whose time has come (ADR 210): the policy becomes CANCELLED and the cancellation
 * is posted to the ledger (the credit counted at the end, so it covers every charge raised meanwhile), the
 * customer is e-mailed what is paid back or still to pay (ADR 387), then the refund is paid back. Each in its own transaction; returns the adjustments ended.
 */
export async function endDueCancellations(
  services: Pick<AppServices, 'db' | 'clock' | 'providers' | 'brand'>,
) {
  const now = services.clock.now();
  const due = await services.db
    .select({ id: policyAdjustments.id })
    .from(policyAdjustments)
    .where(
      and(
        eq(policyAdjustments.adjustmentType, 'CANCELLATION'),
        isNotNull(policyAdjustments.confirmedAt),
        isNull(policyAdjustments.completedAt),
        lte(policyAdjustments.effectiveAt, now),
      ),
    );
  const ended: string[] = [];
  for (const { id } of due) {
    const refundLineId = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(policyAdjustments)
        .where(and(eq(policyAdjustments.id, id), isNull(policyAdjustments.completedAt)))
        .for('update');
      // Only a SCHEDULED cancellation completes (the adjustment machine, ADR 345).
      if (!row || !canTransition(adjustmentMachine, adjustmentState(row), 'complete')) return undefined;
      const end = { policyId: row.policyId, status: 'CANCELLED' as const, reason: row.reason ?? '' };
      const came = await endPolicy({ db: tx }, { ...end, at: row.effectiveAt, now, mode: 'complete' });
      // An earlier end (non-payment, void, NTU) replaced this one: its ledger effect was posted by that path.
      const posted = came
        ? await postCancellationCredit(
            { db: tx },
            { policyId: row.policyId, at: row.effectiveAt, now, reference: row.id },
          )
        : { creditPence: 0, refundPence: 0, refundLineId: null, owedPence: 0 };
      const [completed] = await tx
        .update(policyAdjustments)
        .set({
          completedAt: now,
          creditPence: posted.creditPence,
          refundPence: posted.refundPence,
          owedPence: posted.owedPence,
          prorataPremiumPence: -posted.refundPence,
        })
        .where(eq(policyAdjustments.id, id))
        .returning();
      // The customer is told the amount now known (ADR 387); not when an earlier end replaced this one.
      if (came && completed) await announceCancellationEnded({ db: tx, brand: services.brand }, completed);
      ended.push(id);
      return posted.refundLineId;
    });
    if (refundLineId) await payOutCancellationRefund(services, refundLineId);
  }
  return ended;
}

/** Every minute, so a deferred cancellation ends within a minute of its time (spec 2 §4). */
export const cancellationDueJob = defineJob({
  name: 'policy-cancellation-due',
  payload: z.object({}),
  queue: { policy: 'singleton' },
  schedule: { cron: '* * * * *', payload: {} },
  async handler(services) {
    await endDueCancellations(services);
  },
});
