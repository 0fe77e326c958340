import type { Proposal } from '@forecourt/contracts/proposals';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { toProposal } from './proposal-view.ts';
import { findOwnedProposal } from './queries.ts';

/** GET /api/proposals/{code}. */
export async function getProposal(ctx: Ctx, proposalCode: string): Promise<Proposal> {
  return toProposal(await findOwnedProposal(ctx.db, requireParty(ctx.caller), proposalCode), ctx.clock.now());
}
