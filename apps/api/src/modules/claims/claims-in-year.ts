import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { claims } from '../../db/schema/index.ts';

/**
 * The claims made on a policy for losses in [from, to) — the policy year — with their type and sub-type, so
 * the renewals module can step the no-claims discount (ADR 266). Staff-side read: no party scope.
 */
export async function claimsInPolicyYear(db: Db, policyId: string, from: Date, to: Date) {
  return db
    .select({
      claimReference: claims.claimReference,
      claimType: claims.claimType,
      claimSubType: claims.claimSubType,
      occurredAt: claims.occurredAt,
      occurredDate: claims.occurredDate,
    })
    .from(claims)
    .where(and(eq(claims.policyId, policyId), gte(claims.occurredAt, from), lt(claims.occurredAt, to)));
}
