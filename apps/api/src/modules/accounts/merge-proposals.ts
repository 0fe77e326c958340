import type { MergeProposalsResponse } from '@forecourt/contracts/identity';
import { and, eq, isNull } from 'drizzle-orm';
import { customers, parties } from '../../db/schema/index.ts';
import { verifyAnonymousToken } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { forbidden, notFound, unauthorized, validation } from '../../lib/errors.ts';
import { moveProposals, proposalHolder } from '../proposals/index.ts';

/** An anonymous token may be a day stale (the tab slept through sign-in). */
const SOURCE_GRACE_SECONDS = 24 * 60 * 60;

/**
 * POST /api/proposals/merge {proposalCode, sourceAccessToken}: after sign-in, the quotes the visitor
 * made anonymously move into the customer's account (proposals' face) and the anonymous
 * party is marked merged. Missing names and phone on the account are filled from the proposal.
 */
export async function mergeProposals(
  ctx: Ctx,
  input: { proposalCode: string; sourceAccessToken: string },
): Promise<MergeProposalsResponse> {
  // Merging is the customer's own act after signing in: staff are known users without that right (403).
  if (ctx.caller.kind === 'admin')
    throw forbidden('Only the customer can keep their quote in their account.');
  if (ctx.caller.kind !== 'customer') throw unauthorized('Sign in to keep your quote');
  const target = ctx.caller.partyId;
  const source = await verifyAnonymousToken(ctx, input.sourceAccessToken, SOURCE_GRACE_SECONDS);
  if (!source) throw validation({ sourceAccessToken: ['This session is not valid any more'] });
  if (source === target) {
    if (!(await proposalHolder(ctx.db, target, input.proposalCode))) throw notFound('No such proposal');
    return { proposalCode: input.proposalCode, mergedProposals: 0 };
  }
  return ctx.db.transaction(async (tx) => {
    const [party] = await tx.select().from(parties).where(eq(parties.id, source)).for('update');
    // Only a visitor's own anonymous quotes move; another customer's party never does.
    if (party?.kind !== 'anonymous' || (party.mergedInto && party.mergedInto !== target))
      throw notFound('No such proposal');
    const proposal = await proposalHolder(tx as never, source, input.proposalCode);
    if (!proposal) {
      // Merged already (a retried request): the quote is the customer's now.
      if (await proposalHolder(tx as never, target, input.proposalCode))
        return { proposalCode: input.proposalCode, mergedProposals: 0 };
      throw notFound('No such proposal');
    }
    const moved = await moveProposals(tx as never, source, target);
    await tx.update(parties).set({ mergedInto: target }).where(eq(parties.id, source));
    const fill = {
      firstName: proposal.firstName,
      lastName: proposal.lastName,
      phoneNumber: proposal.phoneNumber,
    };
    for (const [key, value] of Object.entries(fill)) {
      if (!value) continue;
      const column = customers[key as keyof typeof fill];
      await tx
        .update(customers)
        .set({ [key]: value })
        .where(and(eq(customers.partyId, target), isNull(column)));
    }
    return { proposalCode: input.proposalCode, mergedProposals: moved.length };
  });
}
