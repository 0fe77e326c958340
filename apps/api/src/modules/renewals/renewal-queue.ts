import { asc, inArray } from 'drizzle-orm';
import { renewals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { policyById } from '../policies/index.ts';
import { proposalByCode } from '../proposals/index.ts';
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
  const known = new Map(
    await Promise.all(
      rows.map(async (r) => {
        const [policy, proposal] = await Promise.all([
          policyById(ctx.db, r.policyId),
          proposalByCode(ctx.db, r.proposalCode),
        ]);
        const vrn = (proposal?.quote as { vrn?: string | null } | null)?.vrn ?? null;
        return [r.policyId, { policyNumber: policy?.policyNumber, vrn }] as const;
      }),
    ),
  );
  return rows.map((r) => ({
    policyId: r.policyId,
    policyNumber: known.get(r.policyId)?.policyNumber,
    vrn: known.get(r.policyId)?.vrn ?? null,
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
