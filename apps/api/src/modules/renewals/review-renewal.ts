import { randomUUID } from 'node:crypto';
import type { Quote } from '@forecourt/contracts/proposals';
import {
  RENEWAL_DECISION_PERMISSION,
  type RenewalDecisionBody,
  type RenewalReview,
} from '@forecourt/contracts/renewals';
import { RENEWAL_WAITING, renewalMachine } from '@forecourt/domain/lifecycle/index';
import { policyholderOf } from '@forecourt/domain/proposal/readers';
import { isLiveStatus } from '@forecourt/domain/status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type RenewalRow, renewalReviews, renewals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, validation } from '../../lib/errors.ts';
import { nextStatus } from '../../lib/lifecycle.ts';
import { ACT_FOR_CUSTOMER, requirePermission } from '../../lib/roles.ts';
import { currentVersionOf, type PolicyRow, policyById } from '../policies/index.ts';
import { proposalByCode, updateRenewalQuote } from '../proposals/index.ts';
import { channelPromoCode } from './channel-promotion.ts';
import { offerRenewal } from './invite-renewals.ts';
import { priceRenewal } from './price-renewal.ts';
import { totalOf } from './renewal-emails.ts';

const WAITING = RENEWAL_WAITING;

/**
 * Staff who may see the renewal queue (access:impersonate) and, to decide, also hold action:renewals
 * (ADR 265). No customer needs to be impersonated: the queue is the insurer's, across customers.
 */
export function requireRenewalStaff(ctx: Ctx, decide = false) {
  const staff = requirePermission(ctx.caller, ACT_FOR_CUSTOMER);
  if (decide) requirePermission(staff, RENEWAL_DECISION_PERMISSION);
  return staff;
}

const holderName = (data: unknown) => {
  const h = policyholderOf((data ?? {}) as { profiles?: { data: Record<string, unknown> }[] });
  return [h.firstName, h.lastName].filter((x) => typeof x === 'string' && x).join(' ');
};

/** Whether staff can still decide: waiting, not settled, the policy live and its anniversary to come. */
const isOpen = (row: RenewalRow, policy: PolicyRow | undefined, now: Date) =>
  (WAITING as readonly string[]).includes(row.status) &&
  row.completedAt === null &&
  row.anniversaryAt > now &&
  policy !== undefined &&
  isLiveStatus(policy.status) &&
  !policy.renewalStopped;

async function renewalByCode(db: Db, code: string) {
  const [row] = await db.select().from(renewals).where(eq(renewals.proposalCode, code));
  return row;
}

/** GET /api/admin/renewals/{code}: one renewal of the queue with its quote and the decisions taken on it. */
export async function getRenewalReview(ctx: Ctx, code: string): Promise<RenewalReview> {
  requireRenewalStaff(ctx);
  const row = await renewalByCode(ctx.db, code);
  if (!row) throw notFound('No such renewal');
  return reviewOf(ctx.db, row, ctx.clock.now());
}

async function reviewOf(db: Db, row: RenewalRow, now: Date): Promise<RenewalReview> {
  const [policy, proposal, decisions] = await Promise.all([
    policyById(db, row.policyId),
    proposalByCode(db, row.proposalCode),
    db
      .select()
      .from(renewalReviews)
      .where(and(eq(renewalReviews.policyId, row.policyId), eq(renewalReviews.cycle, row.cycle)))
      .orderBy(asc(renewalReviews.decidedAt)),
  ]);
  const quote = (proposal?.quote ?? null) as Quote | null;
  return {
    policyId: row.policyId,
    policyNumber: policy?.policyNumber ?? '',
    holderName: holderName(proposal?.data),
    cycle: row.cycle,
    proposalCode: row.proposalCode,
    status: row.status,
    reviewType: row.reviewType,
    anniversaryAt: row.anniversaryAt.toISOString(),
    previousTotal: row.previousTotalPence,
    renewalTotal: row.renewalTotalPence,
    newBusinessTotal: row.newBusinessTotalPence,
    offeredTotal: row.offeredTotalPence,
    capped: row.capped,
    open: isOpen(row, policy, now),
    referralReasons: quote?.referralReasons ?? [],
    quote,
    decisions: decisions.map((d) => ({
      action: d.action,
      reason: d.reason,
      adjustmentPercent: d.adjustmentPercent,
      statusBefore: d.statusBefore,
      offeredBefore: d.offeredBeforePence,
      offeredAfter: d.offeredAfterPence,
      staff: d.staffEmail ?? d.staffSubject,
      decidedAt: d.decidedAt.toISOString(),
    })),
  };
}

/**
 * POST /api/admin/renewals/{code}/decision (issue 14 §1, ADR 265): staff release a waiting renewal at its
 * offered price, or re-rate it (today's tables, at the anniversary, with a loading or discount of at most
 * 25%, capped at new business); either way with a reason, recorded with who decided and both prices. The
 * renewal is then the customer's: attached to the policy and the invitation e-mailed, as the job does. Once:
 * a second decision (or the same one twice at once) finds it no longer waiting (409).
 */
export async function decideRenewal(ctx: Ctx, code: string, body: RenewalDecisionBody) {
  const staff = requireRenewalStaff(ctx, true);
  const found = await renewalByCode(ctx.db, code);
  if (!found) throw notFound('No such renewal');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`renewal:${found.policyId}`}))`);
    const [row] = await tx
      .select()
      .from(renewals)
      .where(and(eq(renewals.policyId, found.policyId), eq(renewals.cycle, found.cycle)))
      .for('update');
    const policy = await policyById(tx, found.policyId);
    const proposal = await proposalByCode(tx, code);
    if (!row || !proposal || !policy?.expiredAt || !isOpen(row, policy, now))
      throw new AppError('CONFLICT', 'This renewal is no longer waiting for a decision.');
    let quote = (proposal.quote ?? null) as Quote | null;
    let data = proposal.data as Record<string, unknown>;
    let prices: Partial<typeof renewals.$inferInsert> = {};
    if (body.action === 'RERATE') {
      const priced = priceRenewal(ctx.brand, data, {
        anniversary: policy.expiredAt,
        now,
        product: proposal.product,
        adjustmentPercent: body.adjustmentPercent,
        channelPromoCode: await channelPromoCode(tx, proposal),
      });
      if (!priced.rated) throw validation(priced.errors, 'These answers cannot be priced for renewal');
      quote = priced.quote;
      data = priced.data;
      prices = {
        renewalTotalPence: priced.pricing.renewal.total,
        newBusinessTotalPence: priced.pricing.newBusiness.total,
        capped: priced.pricing.capped,
        renewalTrace: priced.pricing.renewal.trace,
        newBusinessTrace: priced.pricing.newBusiness.trace,
      };
    }
    if (!quote?.totals)
      throw new AppError('CONFLICT', 'This renewal has no price to release: re-rate it first.');
    // Staff accept the risk: the referral reasons are recorded with the decision, the offer is a QUOTE.
    const accepted: Quote = { ...quote, ratingStatus: 'QUOTE', referralReasons: [] };
    const offered = totalOf(accepted);
    await updateRenewalQuote(tx, code, { data, status: 'QUOTE', quote: accepted, now });
    await tx
      .update(renewals)
      .set({
        ...prices,
        offeredTotalPence: offered,
        status: nextStatus(renewalMachine, row.status, 'release'),
      })
      .where(and(eq(renewals.policyId, row.policyId), eq(renewals.cycle, row.cycle)));
    await tx.insert(renewalReviews).values({
      id: randomUUID(),
      policyId: row.policyId,
      cycle: row.cycle,
      proposalCode: code,
      action: body.action,
      reason: body.reason,
      adjustmentPercent: body.action === 'RERATE' ? body.adjustmentPercent : 0,
      statusBefore: row.status,
      offeredBeforePence: row.offeredTotalPence,
      offeredAfterPence: offered,
      referralReasons: quote.referralReasons,
      staffSubject: staff.userId,
      staffEmail: typeof staff.claims.email === 'string' ? staff.claims.email : null,
      decidedAt: now,
    });
    const version = await currentVersionOf(tx, policy.id, now);
    await offerRenewal(tx, ctx, {
      policy,
      proposalCode: code,
      previous: (version?.quote ?? null) as Quote | null,
      offered: accepted,
      capped: prices.capped ?? row.capped,
      referred: false,
    });
  });
  const row = await renewalByCode(ctx.db, code);
  if (!row) throw notFound('No such renewal');
  return reviewOf(ctx.db, row, now);
}
