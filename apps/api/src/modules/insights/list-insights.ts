import { desc, eq } from 'drizzle-orm';
import { insights } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { type Permission, requirePermission } from '../../lib/roles.ts';

/** Staff who read feedback and impressions hold this permission. */
export const INSIGHTS_PERMISSION = 'access:insights' satisfies Permission;

/** GET /api/admin/insights: the latest feedback and impressions, for staff with `access:insights`. Not party-scoped: a staff read. */
export async function listInsights(
  ctx: Ctx,
  input: { kind?: 'feedback' | 'impression' | undefined; limit: number },
) {
  requirePermission(ctx.caller, INSIGHTS_PERMISSION);
  const rows = await ctx.db
    .select()
    .from(insights)
    .where(input.kind ? eq(insights.kind, input.kind) : undefined)
    .orderBy(desc(insights.createdAt))
    .limit(input.limit);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      type: r.type,
      rating: r.rating,
      comment: r.comment,
      tags: r.tags,
      values: r.values,
      partyId: r.partyId,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
