import type { Quote } from '@forecourt/contracts/proposals';
import type { CollectionMethodType } from '@forecourt/domain/billing/collection';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { latestVerification } from '../checks/index.ts';
import { createCustomerPayment, latestPaymentFor } from '../payments/index.ts';
import { amountDueAtBind } from './amount-due.ts';
import { assertOpenForCheckout } from './checkout-availability.ts';
import { recordPurchaseMethod } from './purchase-method.ts';

/**
 * POST /api/customerPayments/checkout/bind: what the purchase takes today, as a customer payment to pay by
 * card. Asking again returns the same payment (a new one only if the quote's price changed). The proposal row
 * is locked for the check and the insert, so requests that arrive together make one payment and the others
 * get it back (issue 9; ADR 181). `methodType`, when said, is how the policy will be collected (ADR 317).
 */
export async function createBindPayment(
  ctx: Ctx,
  proposalCode: string,
  methodType?: CollectionMethodType | undefined,
) {
  const partyId = requireParty(ctx.caller);
  return ctx.db.transaction(async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    const [proposal] = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.proposalCode, proposalCode), eq(proposals.partyId, partyId)))
      .for('update');
    if (!proposal) throw notFound('No such proposal');
    const quote = proposal.quote as Quote | null;
    assertOpenForCheckout(txCtx, proposal, ctx.clock.now());
    if (!quote) throw new AppError('UNPROCESSABLE', 'This quote is not open for checkout.');
    // No money before a clear verification: a paid purchase that cannot be bound would need a refund.
    const verification = await latestVerification(txCtx.db, proposalCode);
    if (!verification?.isClear)
      throw new AppError('UNPROCESSABLE', 'The customer has not passed verification.');
    // How the policy will be collected, as chosen on the checkout page (ADR 317).
    if (methodType) await recordPurchaseMethod(txCtx, { proposalCode, partyId, type: methodType });
    const amount = amountDueAtBind(quote);
    const existing = await latestPaymentFor(txCtx, { partyId, purpose: 'bind', reference: proposalCode });
    if (existing && (existing.status === 'SETTLED' || existing.amountPence === amount)) return existing;
    const holder = policyholderOf(
      proposal.data as { profiles?: { profileCode: string; data?: { dateOfBirth?: string } }[] },
    );
    return createCustomerPayment(txCtx, {
      partyId,
      purpose: 'bind',
      reference: proposalCode,
      amountPence: amount,
      payerDateOfBirth: holder.dateOfBirth,
    });
  });
}
