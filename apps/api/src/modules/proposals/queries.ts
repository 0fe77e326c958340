import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { prepared } from '../../db/prepared.ts';
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
  // A plain read (GET, and the checks before a purchase) is prepared once (db/prepared.ts): no SQL built per
  // request, and a named statement on either driver. It stays scoped to the caller's party (ADR 155):
  // `preparedWhere` filters on the party placeholder and `values` fills it with the scope's party.
  const [row] = options.forUpdate
    ? await db
        .select()
        .from(proposals)
        .where(scope.where(proposals, eq(proposals.proposalCode, proposalCode)))
        .for('update')
    : await prepared(db, 'proposal_owned', (d) =>
        d
          .select()
          .from(proposals)
          .where(scope.preparedWhere(proposals, eq(proposals.proposalCode, sql.placeholder('proposalCode'))))
          .prepare('proposal_owned'),
      ).execute(scope.values({ proposalCode }));
  if (!row) throw notFound('Proposal not found');
  return row;
}
