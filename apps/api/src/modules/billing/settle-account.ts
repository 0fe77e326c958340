import { randomUUID } from 'node:crypto';
import type { PolicyDocumentInput } from '@forecourt/contracts/documents';
import type { CardSettleBody, MotoCheckoutBody } from '@forecourt/contracts/payments';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { customerAccounts, policyVersions, statementLineItems, statements } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireStaffActingFor } from '../../lib/roles.ts';
import {
  createCardCheckout,
  createCustomerPayment,
  type SettledPayment,
  settleByToken,
} from '../payments/index.ts';
import { reinstateIfPaid } from './arrears.ts';

const OPEN = ['pending', 'failed'] as const;

/**
 * The outstanding balance of one of the caller's accounts, as a customer payment to take by card (hosted
 * page for the customer, card token by phone for staff). The payer's date of birth comes from the policy.
 */
export async function createSettlePayment(ctx: Ctx, accountId: string) {
  const partyId = requireParty(ctx.caller);
  const [account] = await ctx.db
    .select()
    .from(customerAccounts)
    .where(and(eq(customerAccounts.id, accountId), eq(customerAccounts.partyId, partyId)));
  if (!account) throw notFound('No such account');
  const open = await ctx.db
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, account.id), inArray(statements.status, [...OPEN])));
  const outstanding = open.reduce((sum, s) => sum + s.amountOutstandingPence, 0);
  if (outstanding <= 0) throw new AppError('UNPROCESSABLE', 'There is nothing to pay on this account.');
  const [version] = await ctx.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, account.policyId))
    .orderBy(desc(policyVersions.versionNumber))
    .limit(1);
  const input = version?.documentInput as PolicyDocumentInput | null | undefined;
  return createCustomerPayment(ctx, {
    partyId,
    purpose: 'settle',
    reference: account.id,
    amountPence: outstanding,
    payerDateOfBirth: input?.policyholder.dateOfBirth,
  });
}

/** POST /api/stripe/settle: the hosted card page for an account's outstanding balance. */
export async function settleByCardPage(ctx: Ctx, input: CardSettleBody & { appOrigin: string }) {
  const payment = await createSettlePayment(ctx, input.accountId);
  return createCardCheckout(ctx, { ...input, paymentId: payment.id, kind: 'settle' });
}

/** POST /api/stripe/moto/settle: staff, impersonating the customer, settle the balance by phone. */
export async function settleByPhone(
  ctx: Ctx,
  input: Omit<MotoCheckoutBody, 'paymentId'> & { accountId: string; token: string; postalCode: string },
) {
  requireStaffActingFor(ctx.caller, 'Only staff can take a payment by phone.');
  const payment = await createSettlePayment(ctx, input.accountId);
  return settleByToken(ctx, { ...input, paymentId: payment.id });
}

/** Fulfilment of a settled 'settle' payment: post it against the open statements, oldest first. */
export async function applySettlement(ctx: Pick<Ctx, 'db' | 'clock'>, payment: SettledPayment) {
  const open = await ctx.db
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, payment.reference), inArray(statements.status, [...OPEN])))
    .orderBy(asc(statements.statementNumber));
  let left = payment.amountPence;
  for (const s of open) {
    if (left <= 0) break;
    const applied = Math.min(left, s.amountOutstandingPence);
    left -= applied;
    await ctx.db.insert(statementLineItems).values({
      id: randomUUID(),
      statementId: s.id,
      accountId: s.accountId,
      type: 'payment',
      status: 'POSTED',
      amountPence: -applied,
      descriptionKey: 'billing.lineItem.cardPayment',
      paymentMethodDescription: 'Card',
      subType: 'STRIPE',
      customerPaymentId: payment.id,
      effectiveAt: payment.settledAt ?? ctx.clock.now(),
    });
    const remaining = s.amountOutstandingPence - applied;
    await ctx.db
      .update(statements)
      .set({
        amountOutstandingPence: remaining,
        subtotalPence: s.subtotalPence - applied,
        carriedForwardPence: s.carriedForwardPence - applied,
        status: remaining === 0 ? 'settled' : s.status,
        ...(remaining === 0 ? { nextCollectionAt: null } : {}),
      })
      .where(eq(statements.id, s.id));
  }
  await reinstateIfPaid(ctx.db, payment.reference);
}
