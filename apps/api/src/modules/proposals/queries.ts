import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { type ProposalRow, proposals } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { PartyScope } from '../../lib/party-scope.ts';

/**
 * A proposal of the caller's party (`owned(ctx)`), or 404 (never telling another caller it exists). `db` may
 * be the use case's transaction; `forUpdate` locks the row.
 */
export async function findOwnedProposal(
  db: Db,
  scope: PartyScope,
  proposalCode: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProposalRow> {
  const query = db
    .select()
    .from(proposals)
    .where(scope.where(proposals, eq(proposals.proposalCode, proposalCode)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Proposal not found');
  return row;
}
