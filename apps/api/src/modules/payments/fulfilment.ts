import type { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { type AfterCommit, publish } from '../../lib/domain-events.ts';

export type { AfterCommit } from '../../lib/domain-events.ts';
export type SettledPayment = typeof customerPayments.$inferSelect;

/**
 * A customer payment settled: publishes `payment.settled` (ADR 346) inside the settling transaction (ctx.db is
 * that transaction). Its handler (src/wiring.ts) acts by purpose and may answer work to do once it has
 * committed (e.g. deliver the policy's `policy.bound` event).
 */
export async function fulfil(ctx: Ctx, payment: SettledPayment): Promise<AfterCommit | undefined> {
  return publish('payment.settled', ctx, { payment });
}

export async function runAfterCommit(ctx: Pick<Ctx, 'log'>, work: AfterCommit | undefined) {
  if (!work) return;
  try {
    await work();
  } catch (err) {
    ctx.log.error({ err }, 'post-payment work failed');
  }
}
