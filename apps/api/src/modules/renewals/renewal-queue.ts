import { asc, inArray } from 'drizzle-orm';
import { renewals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

/**
 * GET /api/admin/renewals: the staff queue (issue 14 §1): renewals waiting for a person — MANUAL review
 * types, renewals the rules referred, and answers that could not be rated — with both prices and their
 * traces, oldest anniversary first.
 */
export async function listRenewalQueue(ctx: Ctx) {
  if (ctx.caller.kind !== 'admin') throw ctx.caller.kind === 'none' ? unauthorized() : forbidden();
  if (!ctx.caller.permissions.includes('access:impersonate')) throw forbidden();
  const rows = await ctx.db
    .select()
    .from(renewals)
    .where(inArray(renewals.status, ['MANUAL_REVIEW', 'REFERRED', 'UNRATED']))
    .orderBy(asc(renewals.anniversaryAt));
  return rows.map((r) => ({
    policyId: r.policyId,
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
