import { desc, eq } from 'drizzle-orm';
import { insights } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

/** Staff who read feedback and impressions hold this permission. */
export const INSIGHTS_PERMISSION = 'access:insights';

/** GET /api/admin/insights: the latest feedback and impressions, for staff with `access:insights`. Not party-scoped: a staff read. */
export async function listInsights(
  ctx: Ctx,
  input: { kind?: 'feedback' | 'impression' | undefined; limit: number },
) {
  if (ctx.caller.kind !== 'admin') throw ctx.caller.kind === 'none' ? unauthorized() : forbidden();
  if (!ctx.caller.permissions.includes(INSIGHTS_PERMISSION)) throw forbidden();
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
