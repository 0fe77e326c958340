import { randomUUID } from 'node:crypto';
import { tz } from '@date-fns/tz';
import type { Quote } from '@forecourt/contracts/proposals';
import { addMonths, addYears, getDate } from 'date-fns';
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  customerAccounts,
  customerPayments,
  paymentMethods,
  policies,
  policyVersions,
  proposals,
} from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { newPolicyNumber } from '../../lib/policy-number.ts';
import { latestVerification } from '../checks/latest-verification.ts';
import { amountDueAtBind } from './amount-due.ts';
import { assertOpenForCheckout } from './checkout-availability.ts';
import { enqueueConfirmationEmail } from './confirmation-email.ts';
import { documentInputOf } from './document-input-of.ts';
import { openLedger } from './open-ledger.ts';

export interface BindResult {
  policyId: string;
  policyNumber: string;
  status: 'PENDING' | 'ACTIVE';
  policyVersionId: string;
  created: boolean;
}

/**
 * Binds a proposal in the caller's transaction (ctx.db): the policy and its first version, the customer
 * account (accountCode = policy number), the first statement with invoice and payment, the proposal marked
 * POLICY, and an outbox event for the Motor Insurance Database. The proposal row is locked first, so
 * concurrent binds make one policy; a bound proposal answers its policy again (created: false).
 */
export async function bindProposal(ctx: Ctx, proposalCode: string, partyId: string): Promise<BindResult> {
  const [proposal] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.proposalCode, proposalCode), eq(proposals.partyId, partyId)))
    .for('update');
  if (!proposal) throw notFound('No such proposal');
  if (proposal.status === 'POLICY' && proposal.policyId) {
    const [p] = await ctx.db.select().from(policies).where(eq(policies.id, proposal.policyId));
    const [v] = await ctx.db
      .select()
      .from(policyVersions)
      .where(eq(policyVersions.policyId, proposal.policyId));
    if (p && v) {
      const status = p.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING';
      return { policyId: p.id, policyNumber: p.policyNumber, status, policyVersionId: v.id, created: false };
    }
  }
  const now = ctx.clock.now();
  const quote = proposal.quote as Quote | null;
  assertOpenForCheckout(ctx, proposal, now);
  if (!quote || !proposal.startAt || !proposal.endAt) {
    throw new AppError('UNPROCESSABLE', 'This quote is not open for checkout.');
  }
  const verification = await latestVerification(ctx.db, proposalCode);
  if (!verification?.isClear)
    throw new AppError('UNPROCESSABLE', 'The customer has not passed verification.');

  const due = amountDueAtBind(quote);
  const [payment] = await ctx.db
    .select()
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.partyId, partyId),
        eq(customerPayments.purpose, 'bind'),
        eq(customerPayments.reference, proposalCode),
        eq(customerPayments.status, 'SETTLED'),
      ),
    )
    .limit(1);
  if (due > 0 && (!payment || payment.amountPence < due)) {
    throw new AppError('PAYMENT_REQUIRED', 'The first payment has not been made.');
  }
  const mandates = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partyId, partyId), ne(paymentMethods.mandateStatus, 'CANCELLED')))
    .orderBy(desc(paymentMethods.createdAt));
  const cards = await ctx.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partyId, partyId), eq(paymentMethods.type, 'CARD')))
    .orderBy(desc(paymentMethods.createdAt));
  const method = mandates[0] ?? cards[0];
  if (!method)
    throw new AppError('PAYMENT_REQUIRED', 'A card or Direct Debit is needed for the monthly payments.');

  const policyNumber = newPolicyNumber();
  const policyId = randomUUID();
  const versionId = randomUUID();
  const startAt = proposal.startAt;
  const status = startAt <= now ? 'ACTIVE' : 'PENDING';
  const subscription = proposal.product === 'SUBSCRIPTION';
  const expiry = subscription ? addYears(startAt, 1) : proposal.endAt;
  await ctx.db.insert(policies).values({
    id: policyId,
    policyNumber,
    partyId,
    proposalCode,
    schemeCode: proposal.schemeCode,
    status,
    inceptedAt: startAt,
    expiredAt: expiry,
  });
  const scheme = ctx.brand.schemes.find((s) => s.schemeCode === proposal.schemeCode);
  const documentInput = documentInputOf(proposal.data, quote, {
    policyId,
    policyNumber,
    versionNumber: 1,
    issuedAt: now,
    startAt,
    endAt: expiry,
    productName: scheme?.name ?? 'Car insurance',
    brand: ctx.brand,
  });
  await ctx.db.insert(policyVersions).values({
    id: versionId,
    policyId,
    versionNumber: 1,
    startedAt: startAt,
    quote: quote as unknown as Record<string, unknown>,
    documentInput: documentInput as unknown as Record<string, unknown>,
  });
  const paymentDay = Math.min(getDate(startAt, { in: tz('Europe/London') }), 28);
  const accountId = randomUUID();
  await ctx.db.insert(customerAccounts).values({
    id: accountId,
    accountCode: policyNumber,
    partyId,
    policyId,
    paymentDay,
    paymentMethodType: method.type,
    paymentMethodId: method.id,
  });
  const serviceEnd = subscription ? addMonths(startAt, 1) : expiry;
  await openLedger(ctx, { accountId, due, payment: due > 0 ? payment : undefined, startAt, serviceEnd, now });
  await ctx.db
    .update(proposals)
    .set({ status: 'POLICY', policyId, policyNumber, updatedAt: now })
    .where(eq(proposals.proposalCode, proposalCode));
  await enqueue(ctx.db, {
    channel: 'event',
    subject: 'mid.policy.created',
    body: `Motor Insurance Database: add ${documentInput.vehicle.registration} under ${policyNumber}`,
    payload: {
      type: 'mid.policy.created',
      policyNumber,
      vrn: documentInput.vehicle.registration,
      coverStart: startAt.toISOString(),
      coverEnd: expiry.toISOString(),
      insurer: quote.mainInsurer,
    },
  });
  const holder = quote.insuredProfiles.find((p) => p.policyholder)?.data;
  await enqueueConfirmationEmail(ctx.db, {
    email: typeof holder?.email === 'string' ? holder.email : undefined,
    input: documentInput,
    brand: ctx.brand,
    immediate: status === 'ACTIVE',
  });
  return { policyId, policyNumber, status, policyVersionId: versionId, created: true };
}
