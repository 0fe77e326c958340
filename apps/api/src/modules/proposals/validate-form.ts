import type { FormValidationResponse } from '@forecourt/contracts/proposals';
import { riskMessage } from '@forecourt/domain/risk/messages';
import { validateProposal } from '@forecourt/domain/risk/validate';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * POST /api/form/validation/{profile}: the server's reading of the same rules as the form engine.
 * Profiles: `proposal` (answers so far), `rating` (complete, as rating needs them), and per-driver
 * profiles (`profile`, `driving-licence`, `about-you`, `additional-driver`) whose data is one driver's
 * answers, checked as that driver. The policyholder's proposal is not needed.
 */
const DRIVER_PROFILES = new Set([
  'profile',
  'driving-licence',
  'about-you',
  'additional-driver',
  'claims-history',
]);

export function validateForm(ctx: Ctx, profile: string, data: unknown): FormValidationResponse {
  const now = ctx.clock.now();
  const maxAdditionalProfiles = ctx.brand.productConfig.maxAdditionalProfiles;
  let result: ReturnType<typeof validateProposal>;
  let prefix = '';
  if (profile === 'proposal' || profile === 'rating') {
    result = validateProposal(data, { now, forRating: profile === 'rating', maxAdditionalProfiles });
  } else if (DRIVER_PROFILES.has(profile)) {
    const additional = profile === 'additional-driver';
    const wrapped = {
      profiles: [{ profileCode: additional ? 'p1' : 'policyholder', policyholder: !additional, data }],
    };
    result = validateProposal(wrapped, { now, forRating: false, maxAdditionalProfiles });
    prefix = 'profiles.0.data.';
  } else throw notFound(`No validation profile ${profile}`);
  const errors = Object.entries(result.errors)
    .filter(([path]) => !(prefix && profile !== 'profile' && path === 'profiles'))
    .flatMap(([path, codes]) =>
      codes.map((code) => ({
        path: prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path,
        code,
        message: riskMessage(code),
      })),
    );
  return { success: errors.length === 0, errors };
}
