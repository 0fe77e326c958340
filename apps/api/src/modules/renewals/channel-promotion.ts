import type { Db } from '../../db/connection.ts';
import { proposalByCode } from '../proposals/index.ts';

type ProposalLike = {
  promoCode: string | null;
  sourcePolicyId: string | null;
  sourceProposal: string | null;
};

/**
 * The promotion code of the channel the customer came through (ADR 348): the code of the proposal first
 * bought, found back along the renewals' source proposals (a renewal proposal carries no code of its own).
 * Null when the customer came without one.
 */
export async function channelPromoCode(db: Db, proposal: ProposalLike | undefined): Promise<string | null> {
  let row = proposal;
  for (let hops = 0; row && hops < 100; hops++) {
    if (!row.sourcePolicyId || !row.sourceProposal) return row.promoCode ?? null;
    row = await proposalByCode(db, row.sourceProposal);
  }
  return null;
}
