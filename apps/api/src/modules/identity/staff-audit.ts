import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/context.ts';

/**
 * One audit entry for a staff decision that is more than the impersonated request itself (the request is
 * audited anyway): e.g. an underwriter overriding a vehicle's catalogue value (ADR 347). Written in the
 * caller's transaction (`db`), so the decision and its entry are stored together or not at all. A staff screen
 * that acts for no customer (the claims queue, ADR 354) names the customer the action concerns.
 */
export async function recordStaffAction(
  db: Db,
  caller: Caller,
  entry: { action: string; target: string; at: Date; customerPartyId?: string },
): Promise<void> {
  if (caller.kind !== 'admin') return;
  await db.insert(auditLog).values({
    id: randomUUID(),
    adminSubject: caller.userId,
    adminEmail: typeof caller.claims.email === 'string' ? caller.claims.email : null,
    customerPartyId: entry.customerPartyId ?? caller.partyId ?? null,
    action: entry.action,
    target: entry.target,
    outcomeStatus: 200,
    createdAt: entry.at,
  });
}
