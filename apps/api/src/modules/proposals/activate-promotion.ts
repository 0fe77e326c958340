import type { Proposal } from '@forecourt/contracts/proposals';
import { eq } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { ratingTablesFor } from '../rating/index.ts';
import { toProposal } from './proposal-view.ts';
import { findOwnedProposal } from './queries.ts';
import { quoteColumns, rateProposal } from './rate-proposal.ts';

/**
 * PATCH /api/proposals/{code}/promotions/{id}: applies a promotion code to the proposal ({id} is the
 * promotion disclosure it was entered in). An unknown or ended code is a 400; a rated proposal is re-rated
 * so the free months show at once (terms acceptance and minimum age are checked by rating).
 */
export async function activatePromotion(ctx: Ctx, proposalCode: string, code: string): Promise<Proposal> {
  const scope = owned(ctx);
  const now = ctx.clock.now();
  const promoCode = code.trim().toUpperCase();
  if (!ratingTablesFor(ctx.brand, now).promotions[promoCode])
    throw validation(
      { promotionActivationCode: ['validation.unknownPromotion'] },
      'This promotion code is not valid',
    );
  return ctx.db.transaction(async (tx) => {
    const row = await findOwnedProposal(tx, scope, proposalCode, { forUpdate: true });
    if (row.status === 'POLICY') throw new AppError('CONFLICT', 'This proposal is already a policy');
    let rated: ReturnType<typeof rateProposal> | undefined;
    if (row.quote !== null) {
      try {
        rated = rateProposal(
          { data: row.data, promoCode, product: row.product, schemeCode: row.schemeCode, brand: ctx.brand },
          { validityDays: ctx.env.QUOTE_VALIDITY_DAYS },
          now,
        );
      } catch (err) {
        // Answers that cannot be rated yet (e.g. terms not accepted) keep the code; rating will say why.
        if (!(err instanceof AppError && err.code === 'VALIDATION')) throw err;
      }
    }
    const [updated] = await tx
      .update(proposals)
      .set({
        promoCode,
        updatedAt: now,
        ...(rated ? quoteColumns(rated) : {}),
      })
      .where(eq(proposals.proposalCode, row.proposalCode))
      .returning();
    return toProposal(updated!, now, ctx.brand);
  });
}
