import { randomUUID } from 'node:crypto';
import type { feedbackRequestSchema } from '@forecourt/contracts/insights';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { insights, policies, proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned, type PartyScope } from '../../lib/party-scope.ts';

/** Tags that name a proposal or a policy must name one of the caller's (404 otherwise), so feedback cannot be pinned on another customer's. */
export async function checkOwnTags(scope: PartyScope, tags: Record<string, string>) {
  if (tags.proposalCode && !(await scope.first(proposals, eq(proposals.proposalCode, tags.proposalCode)))) {
    throw notFound('No proposal of yours has that code');
  }
  if (tags.policyNumber && !(await scope.first(policies, eq(policies.policyNumber, tags.policyNumber)))) {
    throw notFound('No policy of yours has that number');
  }
}

/** POST /api/insights/feedback: a rating 1 to 10 with an optional comment (spec 2 §5), from a signed-in party. */
export async function recordFeedback(ctx: Ctx, input: z.output<typeof feedbackRequestSchema>) {
  const scope = owned(ctx);
  await checkOwnTags(scope, input.tags);
  const id = randomUUID();
  await ctx.db.insert(insights).values({
    id,
    partyId: scope.partyId,
    kind: 'feedback',
    type: input.type,
    rating: input.rating,
    comment: input.comment || null,
    tags: input.tags,
    values: {},
    createdAt: ctx.clock.now(),
  });
  return { id, recorded: true };
}
