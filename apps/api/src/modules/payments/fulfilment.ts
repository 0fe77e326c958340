import type { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';

export type SettledPayment = typeof customerPayments.$inferSelect;

/**
 * What happens when a customer payment settles, by purpose (bind: create the policy; mta: confirm the
 * adjustment; settle: clear the balance). Modules register their handler at start-up; it runs inside the
 * webhook's transaction (ctx.db is that transaction), so a failure rolls the settlement back and the
 * provider retries the webhook.
 */
export type FulfilmentHandler = (ctx: Ctx, payment: SettledPayment) => Promise<void>;

const handlers = new Map<SettledPayment['purpose'], FulfilmentHandler>();

export function registerFulfilment(purpose: SettledPayment['purpose'], handler: FulfilmentHandler) {
  handlers.set(purpose, handler);
}

export async function fulfil(ctx: Ctx, payment: SettledPayment) {
  await handlers.get(payment.purpose)?.(ctx, payment);
}
