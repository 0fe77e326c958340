import type { Proposal } from '@forecourt/contracts/proposals';
import type { Ctx } from '../../lib/context.ts';
import { owned } from '../../lib/party-scope.ts';
import { toProposal } from './proposal-view.ts';
import { findOwnedProposal } from './queries.ts';

/** GET /api/proposals/{code}. */
export async function getProposal(ctx: Ctx, proposalCode: string): Promise<Proposal> {
  return toProposal(await findOwnedProposal(ctx.db, owned(ctx), proposalCode), ctx.clock.now(), ctx.brand);
}
