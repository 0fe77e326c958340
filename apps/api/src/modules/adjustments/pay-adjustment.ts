import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, eq } from 'drizzle-orm';
import { policyAdjustments } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type CustomerPaymentRow,
  createCustomerPayment,
  latestPaymentFor,
  refundCustomerPayment,
  type SettledPayment,
} from '../payments/index.ts';
import { type AdjustmentRow, ownAdjustment } from './adjustment-view.ts';

export const adjustmentGone = () =>
  new AppError('GONE', 'This change has expired: please make it again.', {
    details: { reason: 'ADJUSTMENT_GONE' },
  });

/** The settled card payment of a change paid before it was confirmed (ADR 300), if any. */
export async function settledPaymentOf(ctx: Pick<Ctx, 'db'>, row: AdjustmentRow) {
  const paid = await latestPaymentFor(ctx, {
    partyId: row.partyId,
    purpose: 'mta',
    reference: row.id,
    settled: true,
  });
  return paid?.status === 'SETTLED' ? paid : undefined;
}

/** A customer confirming a dearer change of a policy paid in full before paying for it: 402 (ADR 300). */
export const paymentDueFirst = () =>
  new AppError('PAYMENT_REQUIRED', 'This change is paid by card before it is made.', {
    details: { reason: 'ADJUSTMENT_PAYMENT_DUE' },
  });

/**
 * POST /api/customerPayments/checkout/mta {adjustmentId} (spec 3 §7, ADR 300): the card payment a dearer change
 * of a policy paid in full takes before it is confirmed, for the hosted card page (POST /api/stripe/checkout) or,
 * by staff acting for the customer, a card token by phone (POST /api/stripe/moto/checkout). The adjustment row
 * is locked, so requests together make one payment; asking again answers the same payment (settled once paid).
 * Another customer's adjustment is a 404; one expired is gone (410); one with nothing due first is a 422.
 */
export async function createMtaPayment(ctx: Ctx, adjustmentId: string): Promise<CustomerPaymentRow> {
  const partyId = requireParty(ctx.caller);
  return ctx.db.transaction(async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    const row = await ownAdjustment(txCtx, adjustmentId, true);
    const existing = await latestPaymentFor(txCtx, { partyId, purpose: 'mta', reference: row.id });
    if (existing?.status === 'SETTLED') return existing;
    if (row.confirmedAt || row.completedAt)
      throw new AppError('CONFLICT', 'This change has already been confirmed.', {
        details: { reason: 'ADJUSTMENT_CONFIRMED' },
      });
    if (ctx.clock.now() > row.expiresAt) throw adjustmentGone();
    if (row.paymentDuePence <= 0)
      throw new AppError('UNPROCESSABLE', 'Nothing is paid before this change is confirmed.', {
        details: { reason: 'NO_PAYMENT_DUE' },
      });
    if (existing) return existing;
    const [u] = row.updatedVersions as { data?: Record<string, unknown> }[];
    const holder = policyholderOf(
      (u?.data ?? {}) as { profiles?: { profileCode: string; data?: { dateOfBirth?: string } }[] },
    );
    return createCustomerPayment(txCtx, {
      partyId,
      purpose: 'mta',
      reference: row.id,
      amountPence: row.paymentDuePence,
      payerDateOfBirth: holder.dateOfBirth,
    });
  });
}

/** The adjustment a settled 'mta' payment paid for, locked (no caller: the card webhook settles it). */
export async function paidAdjustment(ctx: Pick<Ctx, 'db'>, payment: SettledPayment) {
  const [row] = await ctx.db
    .select()
    .from(policyAdjustments)
    .where(and(eq(policyAdjustments.id, payment.reference), eq(policyAdjustments.partyId, payment.partyId)))
    .for('update');
  return row;
}

/**
 * Paid, but the change can no longer be made (the policy changed or ended meanwhile): the money goes back to
 * the card in full, after the settling transaction has committed (ADR 300).
 */
export async function refundUnusedPayment(ctx: Ctx, payment: SettledPayment, reason: string) {
  ctx.log.warn(
    { paymentId: payment.id, adjustmentId: payment.reference, reason },
    'paid change not made: refunding',
  );
  try {
    await refundCustomerPayment(ctx, {
      customerPaymentId: payment.id,
      amountPence: payment.amountPence,
      key: `mta-unused-${payment.id}`,
      reference: `mta-unused:${payment.reference}`,
      reason: 'unused',
    });
  } catch (err) {
    ctx.log.error(
      { err, paymentId: payment.id },
      'refund of a paid change not made failed; staff must refund it',
    );
  }
}
