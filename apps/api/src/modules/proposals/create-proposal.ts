import type { CreateProposalRequest, Proposal } from '@forecourt/contracts/proposals';
import { validateProposal } from '@forecourt/domain/risk/validate';
import { proposals } from '../../db/schema/index.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, validation } from '../../lib/errors.ts';
import { findScheme } from '../rating/index.ts';
import { takeVehicleFromLookup } from './answer-changes.ts';
import { toProposal } from './proposal-view.ts';
import { newExternalReference, newProposalCode } from './references.ts';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * POST /api/proposals: a new proposal for one of the brand's schemes, owned by the caller's party.
 * A partner may choose its `externalReference`; one that is already taken is not an error (the old 409
 * told anyone which references existed): the answer is the same 201, and the proposal gets a reference
 * of our own instead, leaving the other proposal untouched (ADR 122).
 */
export async function createProposal(ctx: Ctx, input: CreateProposalRequest): Promise<Proposal> {
  const partyId = requireParty(ctx.caller);
  const scheme = findScheme(ctx.brand, input.schemeCode);
  if (!scheme) throw validation({ schemeCode: ['validation.unknownScheme'] }, 'Unknown scheme');
  if (input.brand && input.brand !== ctx.brand.id)
    throw validation({ brand: ['validation.unknownBrand'] }, 'This proposal belongs to another brand');
  const data = input.data ?? {};
  const checked = validateProposal(data, {
    now: ctx.clock.now(),
    forRating: false,
    maxAdditionalProfiles: ctx.brand.productConfig.maxAdditionalProfiles,
  });
  if (!checked.success) throw validation(checked.errors);
  // The car's catalogue facts are the vehicle lookup's, as on every change (ADR 347).
  await takeVehicleFromLookup(
    ctx,
    undefined,
    checked.data as { asset: Record<string, unknown> },
    'proposal (new)',
  );

  let given = input.externalReference?.toUpperCase();
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = ctx.clock.now();
    try {
      const [row] = await ctx.db
        .insert(proposals)
        .values({
          proposalCode: newProposalCode(),
          partyId,
          externalReference: given ?? newExternalReference(),
          brand: ctx.brand.id,
          schemeCode: scheme.schemeCode,
          product: scheme.product,
          status: 'QUOTE',
          source: input.source ?? null,
          promoCode: input.promoCode?.trim().toUpperCase() || null,
          data: checked.data as Record<string, unknown>,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toProposal(row!, now, ctx.brand);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      given = undefined;
    }
  }
  throw new AppError('UNAVAILABLE', 'Could not allocate a quote reference; please try again');
}
