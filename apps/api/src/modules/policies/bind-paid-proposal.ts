import type { AppServices, Ctx } from '../../lib/context.ts';
import type { AfterCommit } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { deliverNow, emitLater } from '../../lib/event-delivery.ts';
import type { SettledPayment } from '../payments/index.ts';
import { type BindResult, bindProposal } from './bind-proposal.ts';

/** The same services outside the caller's transaction, for the work after commit. */
const committed = (ctx: Ctx): AppServices => ({ ...ctx, db: ctx.database.db });

/**
 * Binds in the caller's transaction and announces a new policy version with `policy.bound` (ADR 346), in the
 * same transaction: documents makes its PDFs once it has committed, exactly once (the outbox carries it).
 */
async function bindAndAnnounce(ctx: Ctx, proposalCode: string, partyId: string) {
  const bound = await bindProposal(ctx, proposalCode, partyId);
  const events = bound.created
    ? [await emitLater(ctx.db, 'policy.bound', { policyVersionId: bound.policyVersionId })]
    : [];
  return { bound, events };
}

/** POST /api/proposals/{code}/bind: binds in its own transaction, then delivers `policy.bound` at once. */
export async function bindNow(ctx: Ctx, proposalCode: string, partyId: string): Promise<BindResult> {
  const { bound, events } = await ctx.db.transaction((tx) =>
    bindAndAnnounce({ ...ctx, db: tx }, proposalCode, partyId),
  );
  await deliverNow(committed(ctx), events);
  return bound;
}

/**
 * A settled 'bind' payment (the `payment.settled` event, inside the settling transaction): the proposal it
 * paid for is bound. A proposal that can no longer be bound is logged (the money is the payment's, to refund).
 */
export async function bindPaidProposal(ctx: Ctx, payment: SettledPayment): Promise<AfterCommit | undefined> {
  try {
    const { events } = await bindAndAnnounce(ctx, payment.reference, payment.partyId);
    return events.length > 0 ? () => deliverNow(committed(ctx), events) : undefined;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ paymentId: payment.id, reason: err.message }, 'paid, but the proposal could not be bound');
    return undefined;
  }
}
