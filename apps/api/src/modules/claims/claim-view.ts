import type { Claim } from '@forecourt/contracts/claims';
import type { claims } from '../../db/schema/index.ts';

type ClaimRow = typeof claims.$inferSelect;

/** A claim row as the API shows it (spec 2 §3 Claim). */
export function claimView(row: ClaimRow): Claim {
  return {
    claimReference: row.claimReference,
    policyNumber: row.policyNumber,
    status: row.status,
    claimType: row.claimType as Claim['claimType'],
    claimSubType: row.claimSubType,
    insuredName: row.insuredName,
    occurredDate: row.occurredDate,
    occurredAt: row.occurredAt.toISOString(),
    notifiedAt: row.createdAt.toISOString(),
  };
}
