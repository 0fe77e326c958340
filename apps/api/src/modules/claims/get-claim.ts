import type { ClaimDetail } from '@forecourt/contracts/claims';
import { asc, eq } from 'drizzle-orm';
import { claimEvents, claims } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { claimView } from './claim-view.ts';

/** GET /api/claims/{claimReference}: one of the caller's claims with its history. */
export async function getClaim(ctx: Ctx, claimReference: string): Promise<ClaimDetail> {
  const scope = owned(ctx);
  const claim = await scope.first(claims, eq(claims.claimReference, claimReference));
  if (!claim) throw notFound('No claim of yours has that reference');
  const events = await ctx.db
    .select()
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claim.id))
    .orderBy(asc(claimEvents.createdAt));
  return {
    ...claimView(claim),
    events: events.map((e) => ({
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      actorKind: e.actorKind,
      actorSubject: e.actorSubject,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
