import { randomUUID } from 'node:crypto';
import { type ClaimEvent, claimMachine } from '@forecourt/domain/lifecycle/index';
import { and, eq } from 'drizzle-orm';
import { claimEvents, claims } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { publish } from '../../lib/domain-events.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { move } from '../../lib/lifecycle.ts';
import { owned } from '../../lib/party-scope.ts';
import { type Permission, requirePermission, requireStaffActingFor } from '../../lib/roles.ts';
import { recordStaffAction } from '../identity/index.ts';
import { getClaim } from './get-claim.ts';

/** Staff who handle claims hold this permission (with access:impersonate to act for the customer). */
export const CLAIMS_PERMISSION = 'action:claims' satisfies Permission;

/** The event that asks for each target: the claim machine (packages/domain/lifecycle) says from where. */
export const EVENT_TO: Record<'active' | 'settled', ClaimEvent> = { active: 'accept', settled: 'settle' };

export type ClaimMove = { to: 'active' | 'settled'; note: string; customerVisible?: boolean | undefined };
type ClaimRow = typeof claims.$inferSelect;

/**
 * Moves a claim one step through the claim machine (a move it does not have is 409), with the note in the
 * claim's history (internal unless `customerVisible`, ADR 354) and an audit entry naming the staff member and
 * the customer, all in one transaction. Two moves at once: the second finds the status changed (409).
 */
export async function moveClaim(ctx: Ctx, claim: ClaimRow, input: ClaimMove): Promise<void> {
  const caller = ctx.caller;
  if (caller.kind !== 'admin') throw forbidden();
  // A move the claim machine does not have (a settled claim moved on, a step skipped) is a 409.
  const { to, effects } = move(claimMachine, claim.status, EVENT_TO[input.to]);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(claims)
      .set({ status: to, updatedAt: now })
      .where(and(eq(claims.id, claim.id), eq(claims.status, claim.status)))
      .returning({ id: claims.id });
    if (moved.length === 0) throw new AppError('CONFLICT', 'The claim was changed meanwhile. Reload it.');
    await tx.insert(claimEvents).values({
      id: randomUUID(),
      claimId: claim.id,
      partyId: claim.partyId,
      fromStatus: claim.status,
      toStatus: to,
      note: input.note,
      customerVisible: input.customerVisible ?? false,
      actorKind: 'staff',
      actorSubject: caller.userId,
      createdAt: now,
    });
    await recordStaffAction(tx, caller, {
      action: effects[0]?.emit ?? `claim.${to}`,
      target: claim.claimReference,
      at: now,
      customerPartyId: claim.partyId,
    });
    await publish(
      'lifecycle.announced',
      { db: tx, at: now },
      {
        type: 'claim.updated',
        policyId: claim.policyId,
        data: { claimReference: claim.claimReference, fromStatus: claim.status, status: to },
      },
    );
  });
}

/**
 * POST /api/claims/{claimReference}/transition: a claims handler (admin with `action:claims`, acting for
 * the customer by impersonation) moves the claim on with a note. The step goes into the claim's history
 * and the impersonated request into the audit log. A customer, or staff without the permission, gets 403;
 * staff not acting for a customer get 403 too (they must choose the customer first). The staff claims
 * screen uses POST /api/admin/claims/{claimReference}/transition instead (staff-claims.ts).
 */
export async function transitionClaim(ctx: Ctx, claimReference: string, input: ClaimMove) {
  requireStaffActingFor(ctx.caller);
  requirePermission(ctx.caller, CLAIMS_PERMISSION);
  const claim = await owned(ctx).first(claims, eq(claims.claimReference, claimReference));
  if (!claim) throw notFound('No claim of this customer has that reference');
  await moveClaim(ctx, claim, input);
  return getClaim(ctx, claimReference);
}
