import type { SourceInsights } from '@forecourt/contracts/partner-quotes';
import { and, count, eq, sql } from 'drizzle-orm';
import { partnerQuotes, proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { requirePermission } from '../../lib/roles.ts';
import { INSIGHTS_PERMISSION } from '../insights/index.ts';

/**
 * GET /api/admin/insights/sources: per source (partner and campaign) of the brand, the quotes partners asked
 * for, how many were bought (their proposal became a policy, through the real purchase) and the conversion.
 */
export async function sourceInsights(ctx: Ctx): Promise<SourceInsights> {
  requirePermission(ctx.caller, INSIGHTS_PERMISSION);
  const rows = await ctx.db
    .select({
      partner: partnerQuotes.partner,
      campaign: partnerQuotes.campaign,
      quotes: count(),
      bought: sql<number>`count(*) filter (where ${proposals.status} = 'POLICY')`.mapWith(Number),
    })
    .from(partnerQuotes)
    .innerJoin(proposals, eq(proposals.proposalCode, partnerQuotes.proposalCode))
    .where(and(eq(partnerQuotes.brand, ctx.brand.id)))
    .groupBy(partnerQuotes.partner, partnerQuotes.campaign)
    .orderBy(partnerQuotes.partner, partnerQuotes.campaign);
  return {
    sources: rows.map((r) => ({
      ...r,
      conversion: r.quotes === 0 ? 0 : Math.round((r.bought / r.quotes) * 10_000) / 10_000,
    })),
  };
}
