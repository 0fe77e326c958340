import type { Ctx } from '../../lib/context.ts';
import { endPolicy } from './end-policy.ts';

/**
 * A suspended account's notice ran out unpaid (the `arrears.cancellationDue` event, in billing's transaction):
 * the policy is cancelled for non-payment at `at` (status, reason, the MID event). Answers whether it ended.
 */
export async function endForNonPayment(ctx: Pick<Ctx, 'db'>, o: { policyId: string; at: Date }) {
  const end = { ...o, status: 'CANCELLED' as const, reason: 'NON_PAYMENT', now: o.at };
  return (await endPolicy(ctx, { ...end, mode: 'supersede' })) !== null;
}
