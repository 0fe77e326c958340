import { randomUUID } from 'node:crypto';
import type { MotoCheckoutBody } from '@forecourt/contracts/payments';
import { paymentMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { customerPayments } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { guardOf } from '../../lib/lifecycle.ts';
import { requireStaffActingFor } from '../../lib/roles.ts';
import { closeOpenSessions, expireAtProvider } from './create-card-session.ts';
import { type AfterCommit, fulfil, runAfterCommit } from './fulfilment.ts';
import { saveCard } from './handle-card-webhook.ts';
import { unpaidPaymentOf } from './payment-lookups.ts';
import { flagSurplus, refundFlagged } from './surplus.ts';

export class PaymentDeclinedError extends AppError {
  readonly declineCode: string;
  constructor(message: string, declineCode: string) {
    super('PAYMENT_REQUIRED', message);
    this.declineCode = declineCode;
  }
}

/** Customer payments move through the payment machine (ADR 345). */
const SETTLE = guardOf(paymentMachine, 'settle');
const FAIL = guardOf(paymentMachine, 'fail');

const CLAIM = 'claim';
const CLAIM_STALE_MS = 2 * 60 * 1000;

/** The payment is open and no phone payment is charging it now (a claim older than 2 minutes is stale). */
export const openAndUnclaimed = (now: Date) =>
  and(
    inArray(customerPayments.status, SETTLE.from),
    or(
      isNull(customerPayments.provider),
      ne(customerPayments.provider, CLAIM),
      lt(customerPayments.updatedAt, new Date(now.getTime() - CLAIM_STALE_MS)),
    ),
  );

/** Whether a phone payment is charging this payment now (its claim is not stale). */
export const isBeingCharged = (
  payment: Pick<typeof customerPayments.$inferSelect, 'provider' | 'updatedAt'>,
  now: Date,
) => payment.provider === CLAIM && payment.updatedAt.getTime() >= now.getTime() - CLAIM_STALE_MS;

/** What a customer taking a payment by phone is told (the moto routes are staff only). */
export const PHONE_PAYMENT_STAFF_ONLY = 'Only staff can take a payment by phone.';

/**
 * POST /api/stripe/moto/checkout: an admin, impersonating the customer (audited), takes a customer payment by phone with a card token (spec 3 §4
 * step 8, §5 admin settle). The date of birth must be the one on record. The payment is claimed before the
 * charge so two submissions cannot both charge the card; a decline is a 402 carrying the decline code.
 */
export async function settleByToken(
  ctx: Ctx,
  input: MotoCheckoutBody & { token: string; postalCode: string },
) {
  const partyId = requireStaffActingFor(ctx.caller, PHONE_PAYMENT_STAFF_ONLY);
  const payment = await unpaidPaymentOf(ctx, partyId, input.paymentId);
  if (!payment.payerDateOfBirth || payment.payerDateOfBirth !== input.dateOfBirth) {
    throw validation({ dateOfBirth: ['The date of birth does not match the one on record.'] });
  }
  const now = ctx.clock.now();
  const claimId = randomUUID();
  const [claimed] = await ctx.db
    .update(customerPayments)
    .set({ provider: CLAIM, providerReference: claimId, updatedAt: now })
    .where(and(eq(customerPayments.id, payment.id), openAndUnclaimed(now)))
    .returning();
  if (!claimed) throw new AppError('CONFLICT', 'This payment is already being processed.');

  const provider = ctx.providers.cardPayments;
  const release = (set: Partial<typeof customerPayments.$inferInsert>) =>
    ctx.db
      .update(customerPayments)
      .set({ provider: provider.name, providerReference: null, updatedAt: ctx.clock.now(), ...set })
      .where(and(eq(customerPayments.id, payment.id), eq(customerPayments.providerReference, claimId)));
  let result: Awaited<ReturnType<typeof provider.chargeToken>>;
  try {
    result = await provider.chargeToken({
      token: input.token,
      amountPence: claimed.amountPence,
      currency: 'gbp',
      description: input.itemName,
      metadata: { paymentId: payment.id, partyId: payment.partyId, billingPostcode: input.postalCode },
    });
  } catch (err) {
    await release({});
    throw err;
  }
  if (result.status === 'expired' || result.status === 'invalid') {
    await release({});
    const message =
      result.status === 'expired'
        ? 'The card token must be used within 10 minutes. Generate a new one.'
        : result.message;
    throw validation({ token: [message] }, message);
  }
  if (result.status === 'declined') {
    await release({ status: FAIL.to, declineCode: result.declineCode });
    throw new PaymentDeclinedError(result.message, result.declineCode);
  }
  let afterCommit: AfterCommit | undefined;
  let replaced: string[] = [];
  const settled = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(customerPayments)
      .set({
        status: SETTLE.to,
        provider: provider.name,
        providerReference: result.paymentReference,
        declineCode: null,
        settledAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(customerPayments.id, payment.id), eq(customerPayments.providerReference, claimId)))
      .returning();
    if (!row) {
      // The claim was lost while the card was charged (a hosted page paid it, or the claim went stale and
      // another took it): the money just taken is a surplus, recorded and refunded (ADR 341).
      const [current] = await tx.select().from(customerPayments).where(eq(customerPayments.id, payment.id));
      await flagSurplus(ctx, tx, {
        payment: current ?? payment,
        paymentReference: result.paymentReference,
        amountPence: claimed.amountPence,
      });
      return undefined;
    }
    // The pages still open for this payment, or for the same thing, can no longer take it (ADR 131, 341).
    replaced = await closeOpenSessions(tx, row);
    await saveCard({ ...ctx, db: tx }, row.partyId, provider.name, result.card);
    afterCommit = await fulfil({ ...ctx, db: tx }, row);
    return row;
  });
  for (const id of replaced) await expireAtProvider(ctx, id);
  await runAfterCommit(ctx, afterCommit);
  await refundFlagged(ctx, payment.id);
  if (!settled) {
    throw new AppError(
      'CONFLICT',
      'This payment has already been made: the card payment just taken is refunded.',
    );
  }
  return settled;
}
