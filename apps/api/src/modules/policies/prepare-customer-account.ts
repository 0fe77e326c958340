import type { Quote } from '@forecourt/contracts/proposals';
import { and, eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { latestVerification } from '../checks/index.ts';
import { amountDueAtBind } from './amount-due.ts';
import { assertOpenForCheckout } from './checkout-availability.ts';
import { createBindPayment } from './create-bind-payment.ts';
import { purchaseMethodOf } from './purchase-method.ts';

/**
 * POST /api/customerAccounts {proposalCode} (spec 3 §4 step 6): after verification, say how the purchase is
 * paid. A payment due today becomes a customer payment (pay it by card, then bind by webhook); with nothing
 * due and a payment method on file, bind now. The account itself is opened by bind (its code is the policy
 * number). A verification that is missing or not clear is 402, which the web app's helper retries.
 */
export async function prepareCustomerAccount(ctx: Ctx, proposalCode: string) {
  const partyId = requireParty(ctx.caller);
  const [proposal] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.proposalCode, proposalCode), eq(proposals.partyId, partyId)));
  if (!proposal) throw notFound('No such proposal');
  const verification = await latestVerification(ctx.db, proposalCode);
  if (!verification?.isClear)
    throw new AppError('PAYMENT_REQUIRED', 'The customer has not passed verification yet.');
  const quote = proposal.quote as Quote | null;
  assertOpenForCheckout(ctx, proposal, ctx.clock.now());
  if (!quote) throw new AppError('UNPROCESSABLE', 'This quote is not open for checkout.');
  const due = amountDueAtBind(quote);
  const usable = await purchaseMethodOf(ctx, proposal);
  const payment = due > 0 ? await createBindPayment(ctx, proposalCode) : undefined;
  return {
    proposalCode,
    paymentMethodType: usable?.type ?? ('CARD' as const),
    hasPaymentMethod: Boolean(usable),
    amountDueToday: due,
    bindRequired: due === 0 && Boolean(usable),
    customerPayment: payment ? { paymentId: payment.id, amount: payment.amountPence } : null,
  };
}
