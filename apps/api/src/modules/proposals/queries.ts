import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type ProposalRow, proposals } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** A proposal the party owns, or 404 (never telling another caller it exists). */
export async function findOwnedProposal(
  db: Db,
  partyId: string,
  proposalCode: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProposalRow> {
  const query = db
    .select()
    .from(proposals)
    .where(and(eq(proposals.partyId, partyId), eq(proposals.proposalCode, proposalCode)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Proposal not found');
  return row;
}
