import type { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

export type SettledPayment = typeof customerPayments.$inferSelect;
export type AfterCommit = () => Promise<void>;

/**
 * What happens when a customer payment settles, by purpose (bind: create the policy; mta: confirm the
 * adjustment; settle: clear the balance). Modules register their handler at start-up; it runs inside the
 * settling transaction (ctx.db is that transaction) and may return work to do once it has committed
 * (e.g. ask for documents).
 */
export type FulfilmentHandler = (ctx: Ctx, payment: SettledPayment) => Promise<AfterCommit | undefined>;

const handlers = new Map<SettledPayment['purpose'], FulfilmentHandler>();

export function registerFulfilment(purpose: SettledPayment['purpose'], handler: FulfilmentHandler) {
  handlers.set(purpose, handler);
}

export async function fulfil(ctx: Ctx, payment: SettledPayment): Promise<AfterCommit | undefined> {
  return handlers.get(payment.purpose)?.(ctx, payment);
}

export async function runAfterCommit(ctx: Pick<Ctx, 'log'>, work: AfterCommit | undefined) {
  if (!work) return;
  try {
    await work();
  } catch (err) {
    ctx.log.error({ err }, 'post-payment work failed');
  }
}
