import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { proposalChecks } from '../../db/schema/proposal-checks.ts';

/**
 * The latest verification of a proposal, or undefined when none ran: for checkout and bind to refuse a
 * purchase whose verification is missing or not clear (spec 3 §4 step 6).
 */
export async function latestVerification(db: Db, proposalCode: string) {
  const [row] = await db
    .select({ isClear: proposalChecks.isClear, checks: proposalChecks.checks, at: proposalChecks.createdAt })
    .from(proposalChecks)
    .where(and(eq(proposalChecks.proposalCode, proposalCode), eq(proposalChecks.kind, 'verify')))
    .orderBy(desc(proposalChecks.createdAt), desc(proposalChecks.id))
    .limit(1);
  return row;
}
