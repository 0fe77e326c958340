import type { ValidateAccountResponse } from '@forecourt/contracts/identity';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, validation } from '../../lib/errors.ts';
import { accountHolderByEmail } from './account-queries.ts';
import { findOwnedProposal } from './proposal-access.ts';

/**
 * POST /api/policyholder/validateAccount {source}: may the policyholder of proposal `source` (or the
 * e-mail given) hold a new account? CONFLICT when someone else already has an account with that e-mail
 * (spec 3 §4 step 5: the visitor is asked to sign in instead).
 */
export async function validateAccount(
  ctx: Ctx,
  input: { source: string; email?: string | undefined },
): Promise<ValidateAccountResponse> {
  const partyId = requireParty(ctx.caller);
  const proposal = await findOwnedProposal(ctx.db, input.source, partyId);
  if (!proposal) throw notFound('No such proposal');
  const email = input.email?.toLowerCase() ?? proposal.email;
  if (!email) throw validation({ email: ['Enter the policyholder’s e-mail address'] });
  const holder = await accountHolderByEmail(ctx.db, email);
  if (!holder || holder.partyId === partyId) return { validationStatus: 'OK' };
  return { validationStatus: 'CONFLICT' };
}
