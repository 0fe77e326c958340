import type { StaffClaim, StaffClaimDetail } from '@forecourt/contracts/claims';
import { canTransition, claimMachine } from '@forecourt/domain/lifecycle/index';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { auditLog, claims, customers, uploadFiles, uploadSubmissions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { requirePermission } from '../../lib/roles.ts';
import { claimView } from './claim-view.ts';
import { claimHistory, eventView } from './get-claim.ts';
import { CLAIMS_PERMISSION, type ClaimMove, EVENT_TO, moveClaim } from './transition-claim.ts';

type ClaimRow = typeof claims.$inferSelect;

/**
 * The staff claims screen (issue 28 defect 9, ADR 354) acts for no customer: the queue is the insurer's, across
 * customers. It needs staff with action:claims; a customer (or staff without it) gets 403, no token 401.
 */
export function requireClaimsStaff(ctx: Ctx) {
  return requirePermission(ctx.caller, CLAIMS_PERMISSION, CLAIMS_STAFF_ONLY);
}

/** What anyone but claims staff is told on the staff claims screen's routes. */
export const CLAIMS_STAFF_ONLY = {
  notStaff: 'Only claims staff can do this.',
  missing: 'Only claims staff can do this.',
};

const OPEN_FIRST = sql`CASE ${claims.status} WHEN 'settled' THEN 1 ELSE 0 END`;

function staffClaimView(row: ClaimRow, email: string | null): StaffClaim {
  return {
    ...claimView(row),
    customerPartyId: row.partyId,
    customerEmail: email,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/claims: every claim, open ones (pending, active) first, then oldest notified first. */
export async function listStaffClaims(ctx: Ctx): Promise<StaffClaim[]> {
  requireClaimsStaff(ctx);
  const rows = await ctx.db
    .select({ claim: claims, email: customers.email })
    .from(claims)
    .leftJoin(customers, eq(customers.partyId, claims.partyId))
    .orderBy(OPEN_FIRST, asc(claims.createdAt), asc(claims.claimReference))
    .limit(500);
  return rows.map((r) => staffClaimView(r.claim, r.email));
}

async function claimByReference(ctx: Ctx, claimReference: string) {
  const [row] = await ctx.db
    .select({ claim: claims, email: customers.email })
    .from(claims)
    .leftJoin(customers, eq(customers.partyId, claims.partyId))
    .where(eq(claims.claimReference, claimReference));
  if (!row) throw notFound('No claim has that reference');
  return row;
}

/**
 * GET /api/admin/claims/{claimReference}: what the customer reported, the documents sent on the policy, the
 * whole history (every note, internal or not, with who wrote it) and the moves the claim machine allows.
 */
export async function getStaffClaim(ctx: Ctx, claimReference: string): Promise<StaffClaimDetail> {
  requireClaimsStaff(ctx);
  const { claim, email } = await claimByReference(ctx, claimReference);
  const [events, sent, files, staffEmails] = await Promise.all([
    claimHistory(ctx, claim.id),
    ctx.db
      .select()
      .from(uploadSubmissions)
      .where(eq(uploadSubmissions.policyId, claim.policyId))
      .orderBy(desc(uploadSubmissions.committedAt)),
    ctx.db
      .select({ submissionId: uploadFiles.submissionId, fileName: uploadFiles.fileName })
      .from(uploadFiles)
      .where(and(eq(uploadFiles.policyId, claim.policyId), isNotNull(uploadFiles.submissionId)))
      .orderBy(asc(uploadFiles.fileName)),
    ctx.db
      .selectDistinct({ subject: auditLog.adminSubject, email: auditLog.adminEmail })
      .from(auditLog)
      .where(eq(auditLog.target, claim.claimReference)),
  ]);
  const emailOf = new Map(staffEmails.map((s) => [s.subject, s.email]));
  const d = claim.details;
  return {
    ...staffClaimView(claim, email),
    source: claim.source,
    report: {
      location: d.location,
      description: d.description,
      otherParty: d.otherParty ?? null,
      witnesses: d.witnesses ?? [],
      injuries: d.injuries,
      injuryDetails: d.injuryDetails ?? null,
      policeReference: d.policeReference ?? null,
    },
    uploads: sent.map((s) => ({
      purpose: s.purpose,
      comment: s.comment,
      committedAt: s.committedAt.toISOString(),
      fileNames: files.filter((f) => f.submissionId === s.id).map((f) => f.fileName),
    })),
    moves: (['active', 'settled'] as const).filter((to) =>
      canTransition(claimMachine, claim.status, EVENT_TO[to]),
    ),
    events: events.map((e) => ({
      ...eventView(e, true),
      actorEmail: e.actorKind === 'staff' && e.actorSubject ? (emailOf.get(e.actorSubject) ?? null) : null,
    })),
  };
}

/**
 * POST /api/admin/claims/{claimReference}/transition: claims staff move a claim on with a note, through the
 * claim machine (409 for a move it does not have, or when the claim changed meanwhile), audited.
 */
export async function transitionStaffClaim(
  ctx: Ctx,
  claimReference: string,
  input: ClaimMove,
): Promise<StaffClaimDetail> {
  requireClaimsStaff(ctx);
  const { claim } = await claimByReference(ctx, claimReference);
  await moveClaim(ctx, claim, input);
  return getStaffClaim(ctx, claimReference);
}
