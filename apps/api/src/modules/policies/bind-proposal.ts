import { randomUUID } from 'node:crypto';
import type { Quote } from '@forecourt/contracts/proposals';
import { nextPaymentDate, paymentDayFor } from '@forecourt/domain/billing/schedule';
import { startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { formatGBP } from '@forecourt/domain/money';
import { paidInFull, policyExpiry, productKindOf, renews } from '@forecourt/domain/policy/term';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { and, eq } from 'drizzle-orm';
import { policies, policyVersions, proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../lib/outbox.ts';
import { newPolicyNumber } from '../../lib/policy-number.ts';
import { openCustomerAccount } from '../billing/index.ts';
import { latestVerification } from '../checks/index.ts';
import { latestPaymentFor } from '../payments/index.ts';
import { markProposalBound, productTermOf } from '../proposals/index.ts';
import { amountDueAtBind } from './amount-due.ts';
import { assertOpenForCheckout } from './checkout-availability.ts';
import { enqueueConfirmationEmail } from './confirmation-email.ts';
import { documentInputOf, schemeContext } from './document-input-of.ts';
import { purchaseMethodOf } from './purchase-method.ts';

/**
 * Issue 10 §1 (ADR 133): when cover starts is decided at bind, not at the last re-rating. A start date of
 * today (or, never, earlier) starts now, when the policy is bought; a later date starts at 00:00 London
 * that day. A policy never starts before it is bound.
 */
export function coverStart(quotedStartAt: Date, now: Date): Date {
  const startDay = todayInLondon(quotedStartAt);
  if (startDay <= todayInLondon(now)) return now;
  return new Date(Math.max(startOfDayLondon(startDay).getTime(), now.getTime()));
}

export interface BindResult {
  policyId: string;
  policyNumber: string;
  status: 'PENDING' | 'ACTIVE';
  policyVersionId: string;
  created: boolean;
}

type ProposalRow = typeof proposals.$inferSelect;

/**
 * Binds a proposal in the caller's transaction (ctx.db), each module writing its own tables (ADR 134):
 * policies writes the policy and its first version, billing opens the customer account and its first
 * statement (through its face), and proposals marks the proposal POLICY (through its face); outbox messages announce the policy to
 * the Motor Insurance Database and the customer. The proposal row is locked first, so concurrent binds make
 * one policy; a bound proposal answers its policy again (created: false).
 */
export async function bindProposal(ctx: Ctx, proposalCode: string, partyId: string): Promise<BindResult> {
  const [proposal] = await ctx.db
    .select()
    .from(proposals)
    .where(and(eq(proposals.proposalCode, proposalCode), eq(proposals.partyId, partyId)))
    .for('update');
  if (!proposal) throw notFound('No such proposal');
  const bound = await alreadyBound(ctx, proposal);
  if (bound) return bound;
  const now = ctx.clock.now();
  const { quote, due, payment, method } = await assertBindable(ctx, proposal, now);

  const policyNumber = newPolicyNumber();
  const startAt = coverStart(proposal.startAt ?? now, now);
  const { product, term } = productTermOf(ctx.brand, proposal);
  const expiry = policyExpiry(product, startAt, term);
  const policy = await issuePolicy(ctx, { proposal, quote, policyNumber, startAt, expiry, now });
  await openCustomerAccount(ctx, {
    policyId: policy.policyId,
    policyNumber,
    partyId,
    method,
    due,
    payment: due > 0 ? payment : undefined,
    startAt,
    // Paid in full (annual, driveaway, ADR 245): the one invoice covers the whole term, nothing more is raised.
    serviceEnd: paidInFull(product) ? expiry : nextPaymentDate(startAt, paymentDayFor(startAt)),
    now,
  });
  await markProposalBound(ctx, proposal.proposalCode, { policyId: policy.policyId, policyNumber, now });
  await announcePolicy(ctx, {
    quote,
    documentInput: policy.documentInput,
    startAt,
    expiry,
    status: policy.status,
  });
  // Partners are told in this transaction (ADR 362): the event exists if and only if the policy does.
  await publish(
    'lifecycle.announced',
    { db: ctx.db, at: now },
    {
      type: 'policy.bound',
      policyId: policy.policyId,
      data: {
        status: policy.status,
        coverStart: startAt.toISOString(),
        coverEnd: expiry.toISOString(),
        premiumPence: quote.totals?.discountedPrice ?? null,
      },
    },
  );
  return { ...policy, policyNumber, created: true };
}

/** A proposal bound before answers its policy again. */
async function alreadyBound(ctx: Ctx, proposal: ProposalRow): Promise<BindResult | undefined> {
  if (proposal.status !== 'POLICY' || !proposal.policyId) return undefined;
  const [p] = await ctx.db.select().from(policies).where(eq(policies.id, proposal.policyId));
  const [v] = await ctx.db
    .select()
    .from(policyVersions)
    .where(eq(policyVersions.policyId, proposal.policyId));
  if (!p || !v) return undefined;
  const status = p.status === 'ACTIVE' ? 'ACTIVE' : 'PENDING';
  return { policyId: p.id, policyNumber: p.policyNumber, status, policyVersionId: v.id, created: false };
}

/** Open for checkout, verified, paid what is due today, and a way to pay the rest. */
async function assertBindable(ctx: Ctx, proposal: ProposalRow, now: Date) {
  const quote = proposal.quote as Quote | null;
  assertOpenForCheckout(ctx, proposal, now);
  if (!quote || !proposal.startAt || !proposal.endAt) {
    throw new AppError('UNPROCESSABLE', 'This quote is not open for checkout.');
  }
  const verification = await latestVerification(ctx.db, proposal.proposalCode);
  if (!verification?.isClear)
    throw new AppError('UNPROCESSABLE', 'The customer has not passed verification.');
  const due = amountDueAtBind(quote);
  const payment = await latestPaymentFor(ctx, {
    partyId: proposal.partyId,
    purpose: 'bind',
    reference: proposal.proposalCode,
    settled: true,
  });
  // Spec 3 §4 step 9: a method alone buys the policy only when nothing is due today (ADR 315).
  if (due > 0 && (!payment || payment.amountPence < due)) {
    throw new AppError(
      'PAYMENT_REQUIRED',
      `A first payment of ${formatGBP(due)} is due today: take it by card before the policy is activated.`,
    );
  }
  const method = await purchaseMethodOf(ctx, proposal);
  if (!method) throw new AppError('PAYMENT_REQUIRED', 'A card or Direct Debit is needed for the payments.');
  return { quote, due, payment, method };
}

/** Policies' own tables: the policy (ACTIVE when cover starts now) and its first version with documents input. */
async function issuePolicy(
  ctx: Ctx,
  o: { proposal: ProposalRow; quote: Quote; policyNumber: string; startAt: Date; expiry: Date; now: Date },
) {
  const { proposal, quote, policyNumber, startAt, expiry, now } = o;
  const policyId = randomUUID();
  const versionId = randomUUID();
  const status: BindResult['status'] = startAt <= now ? 'ACTIVE' : 'PENDING';
  await ctx.db.insert(policies).values({
    id: policyId,
    policyNumber,
    partyId: proposal.partyId,
    proposalCode: proposal.proposalCode,
    schemeCode: proposal.schemeCode,
    status,
    inceptedAt: startAt,
    expiredAt: expiry,
    // A driveaway is never renewed: it ends at its expiry by itself (spec 1 §4: reviewType NEVER blocks renewal).
    ...(renews(productKindOf(proposal.product))
      ? {}
      : { reviewType: 'NEVER' as const, autoRenewalEnabled: false }),
  });
  const documentInput = await insertFirstVersion(ctx, {
    policyId,
    versionId,
    policyNumber,
    schemeCode: proposal.schemeCode,
    data: proposal.data,
    quote,
    startAt,
    expiry,
    now,
  });
  return { policyId, policyVersionId: versionId, status, documentInput };
}

/** Outbox messages, in the same transaction: the Motor Insurance Database event and the confirmation e-mail. */
async function announcePolicy(
  ctx: Ctx,
  o: {
    quote: Quote;
    documentInput: ReturnType<typeof documentInputOf>;
    startAt: Date;
    expiry: Date;
    status: BindResult['status'];
  },
) {
  const { policyNumber } = o.documentInput;
  await enqueue(ctx.db, {
    channel: 'event',
    subject: 'mid.policy.created',
    body: `Motor Insurance Database: add ${o.documentInput.vehicle.registration} under ${policyNumber}`,
    payload: {
      type: 'mid.policy.created',
      policyNumber,
      vrn: o.documentInput.vehicle.registration,
      coverStart: o.startAt.toISOString(),
      coverEnd: o.expiry.toISOString(),
      insurer: o.quote.mainInsurer,
    },
  });
  const holder = policyholderOf({ profiles: o.quote.insuredProfiles });
  await enqueueConfirmationEmail(ctx.db, {
    email: typeof holder?.email === 'string' ? holder.email : undefined,
    input: o.documentInput,
    brand: ctx.brand,
    immediate: o.status === 'ACTIVE',
  });
}

/** A new policy's version 1: the quote it was bought (or renewed) at and what its documents print. */
export async function insertFirstVersion(
  ctx: Pick<Ctx, 'db' | 'brand'>,
  o: {
    policyId: string;
    versionId: string;
    policyNumber: string;
    schemeCode: string;
    data: Record<string, unknown>;
    quote: Quote;
    startAt: Date;
    expiry: Date;
    now: Date;
  },
) {
  const documentInput = documentInputOf(o.data, o.quote, {
    policyId: o.policyId,
    policyNumber: o.policyNumber,
    versionNumber: 1,
    issuedAt: o.now,
    startAt: o.startAt,
    endAt: o.expiry,
    ...schemeContext(ctx.brand, o.schemeCode),
    brand: ctx.brand,
  });
  await ctx.db.insert(policyVersions).values({
    id: o.versionId,
    policyId: o.policyId,
    versionNumber: 1,
    startedAt: o.startAt,
    quote: o.quote as unknown as Record<string, unknown>,
    documentInput: documentInput as unknown as Record<string, unknown>,
  });
  return documentInput;
}
