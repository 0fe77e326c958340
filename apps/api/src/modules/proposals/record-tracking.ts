import { and, eq, isNull } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { findOwnedProposal } from './queries.ts';

/** POST /api/proposals/{code}/tracking: the marketing parameters the visit came with, once per proposal. */
export async function recordTracking(
  ctx: Ctx,
  proposalCode: string,
  values: Record<string, string>,
): Promise<{ ok: true }> {
  const row = await findOwnedProposal(ctx.db, owned(ctx), proposalCode);
  const allowed = new Set(ctx.brand.proposalTracking.parameters);
  const kept = Object.fromEntries(
    Object.entries(values).filter(([k]) => allowed.size === 0 || allowed.has(k)),
  );
  const updated = await ctx.db
    .update(proposals)
    .set({ tracking: kept, trackingAt: ctx.clock.now() })
    .where(and(eq(proposals.proposalCode, row.proposalCode), isNull(proposals.tracking)))
    .returning({ code: proposals.proposalCode });
  if (updated.length === 0)
    throw new AppError('CONFLICT', 'Tracking has already been recorded for this proposal');
  return { ok: true };
}
