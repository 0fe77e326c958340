import { randomUUID } from 'node:crypto';
import type { ImpressionRequest } from '@forecourt/contracts/insights';
import { and, eq } from 'drizzle-orm';
import { insights } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { owned } from '../../lib/party-scope.ts';
import { checkOwnTags } from './record-feedback.ts';

/**
 * POST /api/insights/impression (spec 2 §4 Tracking): the saved tracking values of one of the caller's
 * proposals, once per proposal. A repeat is answered with the first one's id and `recorded: false`.
 */
export async function recordImpression(ctx: Ctx, input: ImpressionRequest) {
  const scope = owned(ctx);
  await checkOwnTags(scope, input.tags);
  const allowed = new Set(ctx.brand.proposalTracking.parameters);
  const values = Object.fromEntries(
    Object.entries(input.values).filter(([k]) => allowed.size === 0 || allowed.has(k)),
  );
  const id = randomUUID();
  const inserted = await ctx.db
    .insert(insights)
    .values({
      id,
      partyId: scope.partyId,
      kind: 'impression',
      type: input.type,
      tags: input.tags,
      values,
      proposalCode: input.tags.proposalCode,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: insights.id });
  if (inserted[0]) return { id, recorded: true };
  const [first] = await ctx.db
    .select({ id: insights.id })
    .from(insights)
    .where(and(eq(insights.kind, 'impression'), eq(insights.proposalCode, input.tags.proposalCode)));
  return { id: first?.id ?? id, recorded: false };
}
