import type { Proposal, UpdateProposalRequest } from '@forecourt/contracts/proposals';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { eq, sql } from 'drizzle-orm';
import { proposals } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import { applyChanges } from './apply-changes.ts';
import { brandAnswerPaths, brandRuleErrors } from './brand-questions.ts';
import { effectiveStatus, toProposal } from './proposal-view.ts';
import { findOwnedProposal } from './queries.ts';
import { rateProposal } from './rate-proposal.ts';

const touches = (key: string, touched: string[]) =>
  touched.some((t) => key === t || key.startsWith(`${t}.`) || t.startsWith(`${key}.`));

/**
 * PATCH /api/proposals/{code}: applies the changes atomically (one bad change → 400, nothing written).
 * applyRating true rates (answers that cannot be rated → 400, nothing written); false does not rate; left
 * out, a proposal holding a quote is re-rated so a cover or excess change shows its price at once. Changed
 * answers that were not re-rated (false, or not ratable yet, e.g. a driver just added) withdraw the old
 * quote, so a price never disagrees with the answers. A new start date re-rates an expired quote.
 */
export async function updateProposal(
  ctx: Ctx,
  proposalCode: string,
  input: UpdateProposalRequest,
): Promise<Proposal> {
  const scope = owned(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await findOwnedProposal(tx, scope, proposalCode, { forUpdate: true });
    if (row.status === 'POLICY') throw new AppError('CONFLICT', 'This proposal is already a policy');
    if (row.sourcePolicyId)
      throw new AppError(
        'CONFLICT',
        'A renewal is changed on its renewal page (PATCH /api/renewals/{code}).',
      );
    const maxAdditionalProfiles = ctx.brand.productConfig.maxAdditionalProfiles;
    const { data, touched } = applyChanges(row.data, input.changes, {
      maxAdditionalProfiles,
      answerPaths: brandAnswerPaths(ctx.brand),
    });
    if (input.coverStart) {
      data.quote.startDate = input.coverStart;
      touched.push('quote.startDate');
    }
    const now = ctx.clock.now();
    const checked = validateProposal(data, { now, forRating: false, maxAdditionalProfiles });
    // The domain's limits, then the brand's configured rules (which may only narrow them).
    const errors = { ...brandRuleErrors(ctx.brand, data, now), ...checked.errors };
    const relevant = Object.entries(errors).filter(([key]) => touches(key, touched));
    if (relevant.length > 0) throw validation(Object.fromEntries(relevant));
    const rate = () =>
      rateProposal(
        { data, promoCode: row.promoCode, product: row.product, brand: ctx.brand },
        { validityDays: ctx.env.QUOTE_VALIDITY_DAYS },
        now,
      );
    let rated: ReturnType<typeof rateProposal> | undefined;
    let stale = false;
    if (input.applyRating === true) rated = rate();
    else if (input.applyRating !== false && row.quote !== null) {
      // Keep the price current; if the answers cannot be rated yet, the old price must not stay on offer.
      try {
        rated = rate();
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'VALIDATION')) throw err;
        stale = true;
      }
    }
    // A price must always match the answers: changed answers that were not re-rated withdraw it.
    if (!rated && row.quote !== null && JSON.stringify(data) !== JSON.stringify(row.data)) stale = true;
    const [updated] = await tx
      .update(proposals)
      .set({
        data: data as unknown as Record<string, unknown>,
        updatedAt: now,
        version: sql`${proposals.version} + 1`,
        ...(rated
          ? {
              status: rated.status,
              quote: rated.quote as unknown as Record<string, unknown>,
              startAt: rated.startAt,
              endAt: rated.endAt,
              quoteExpiresAt: rated.quoteExpiresAt,
            }
          : {}),
        ...(stale
          ? {
              status:
                effectiveStatus(row, now) === 'QUOTE_EXPIRED'
                  ? ('QUOTE_EXPIRED' as const)
                  : ('QUOTE' as const),
              quote: null,
              startAt: null,
              endAt: null,
              quoteExpiresAt: null,
            }
          : {}),
      })
      .where(eq(proposals.proposalCode, row.proposalCode))
      .returning();
    return toProposal(updated!, now);
  });
}
