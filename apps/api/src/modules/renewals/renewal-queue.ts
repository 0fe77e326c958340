import { asc, inArray } from 'drizzle-orm';
import { renewals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { policyById } from '../policies/index.ts';
import { requireRenewalStaff } from './review-renewal.ts';

/**
 * GET /api/admin/renewals: the staff queue (issue 14 §1): renewals waiting for a person — MANUAL review
 * types, renewals the rules referred, and answers that could not be rated — with both prices and their
 * traces, oldest anniversary first.
 */
export async function listRenewalQueue(ctx: Ctx) {
  requireRenewalStaff(ctx);
  const rows = await ctx.db
    .select()
    .from(renewals)
    .where(inArray(renewals.status, ['MANUAL_REVIEW', 'REFERRED', 'UNRATED']))
    .orderBy(asc(renewals.anniversaryAt));
  const numbers = new Map(
    await Promise.all(
      rows.map(async (r) => [r.policyId, (await policyById(ctx.db, r.policyId))?.policyNumber] as const),
    ),
  );
  return rows.map((r) => ({
    policyId: r.policyId,
    policyNumber: numbers.get(r.policyId) ?? undefined,
    cycle: r.cycle,
    proposalCode: r.proposalCode,
    status: r.status,
    reviewType: r.reviewType,
    anniversaryAt: r.anniversaryAt.toISOString(),
    previousTotal: r.previousTotalPence,
    renewalTotal: r.renewalTotalPence,
    newBusinessTotal: r.newBusinessTotalPence,
    offeredTotal: r.offeredTotalPence,
    capped: r.capped,
    channel: r.channel,
    renewalTrace: r.renewalTrace,
    newBusinessTrace: r.newBusinessTrace,
    invitedAt: r.invitedAt.toISOString(),
  }));
}
