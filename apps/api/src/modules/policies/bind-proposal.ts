import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { Quote } from '@forecourt/contracts/proposals';
import { LONDON, londonToday } from '@forecourt/domain/risk/calendar';
import { addMonths, addYears } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { policies, policyVersions, proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { openCustomerAccount } from '../billing/index.ts';
import { latestVerification } from '../checks/latest-verification.ts';
import { latestPaymentFor, usablePaymentMethod } from '../payments/index.ts';
import { amountDueAtBind } from './amount-due.ts';
import { assertOpenForCheckout } from './checkout-availability.ts';
import { enqueueConfirmationEmail } from './confirmation-email.ts';
import { documentInputOf } from './document-input-of.ts';

/**
 * Issue 10 §1 (ADR 133): when cover starts is decided at bind, not at the last re-rating. A start date of
 * today (or, never, earlier) starts now, when the policy is bought; a later date starts at 00:00 London
 * that day. A policy never starts before it is bound.
 */
export function coverStart(quotedStartAt: Date, now: Date): Date {
  const startDay = londonToday(quotedStartAt);
  if (startDay <= londonToday(now)) return now;
  const midnight = new TZDate(`${startDay}T00:00:00`, LONDON);
  return new Date(Math.max(midnight.getTime(), now.getTime()));
}

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
  const payment = await latestPaymentFor(ctx, {
    partyId,
    purpose: 'bind',
    reference: proposalCode,
    settled: true,
  });
  if (due > 0 && (!payment || payment.amountPence < due)) {
    throw new AppError('PAYMENT_REQUIRED', 'The first payment has not been made.');
  }
  const method = await usablePaymentMethod(ctx, partyId);
  if (!method)
    throw new AppError('PAYMENT_REQUIRED', 'A card or Direct Debit is needed for the monthly payments.');

  const { rows } = await ctx.db.execute<{ n: string }>(sql`SELECT nextval('policy_number_seq')::text AS n`);
  const policyNumber = `FCM${rows[0]?.n}`;
  const policyId = randomUUID();
  const versionId = randomUUID();
  const startAt = coverStart(proposal.startAt, now);
  const status = startAt <= now ? 'ACTIVE' : 'PENDING';
  const subscription = proposal.product === 'SUBSCRIPTION';
  const expiry = addYears(startAt, 1);
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
  await openCustomerAccount(ctx, {
    policyId,
    policyNumber,
    partyId,
    method,
    due,
    payment: due > 0 ? payment : undefined,
    startAt,
    serviceEnd: subscription ? addMonths(startAt, 1) : expiry,
    now,
  });
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
