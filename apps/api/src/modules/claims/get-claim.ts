import type { ClaimDetail } from '@forecourt/contracts/claims';
import { asc, eq } from 'drizzle-orm';
import { claimEvents, claims } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { claimView } from './claim-view.ts';

type EventRow = typeof claimEvents.$inferSelect;

/** A claim's history, oldest step first. */
export async function claimHistory(ctx: Ctx, claimId: string): Promise<EventRow[]> {
  return ctx.db
    .select()
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claimId))
    .orderBy(asc(claimEvents.createdAt));
}

/**
 * One step as its reader may see it (ADR 354): staff see every note; a customer sees each step and its date,
 * but a handler's note only when it was meant for them, and never which member of staff moved it.
 */
export function eventView(e: EventRow, staff: boolean) {
  const shown = staff || e.customerVisible || e.actorKind !== 'staff';
  return {
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    note: shown ? e.note : null,
    customerVisible: e.customerVisible,
    actorKind: e.actorKind,
    actorSubject: staff || e.actorKind !== 'staff' ? e.actorSubject : null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** GET /api/claims/{claimReference}: one of the caller's claims with its history. */
export async function getClaim(ctx: Ctx, claimReference: string): Promise<ClaimDetail> {
  const scope = owned(ctx);
  const claim = await scope.first(claims, eq(claims.claimReference, claimReference));
  if (!claim) throw notFound('No claim of yours has that reference');
  const staff = ctx.caller.kind === 'admin';
  return {
    ...claimView(claim),
    events: (await claimHistory(ctx, claim.id)).map((e) => eventView(e, staff)),
  };
}
