import type { ValidateAccountResponse } from '@forecourt/contracts/identity';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, validation } from '../../lib/errors.ts';
import { proposalHolder } from '../proposals/index.ts';

/**
 * POST /api/policyholder/validateAccount {source}: can the policyholder of proposal `source` (or the
 * e-mail given) go on to account set-up? It checks the proposal is the caller's and has an e-mail, and
 * answers OK. It no longer tells whether an e-mail has an account (issue 9 item 10, ADR 121): account
 * set-up sends a code to the e-mail, and an owner who already has an account is told there to sign in.
 * CONFLICT stays in the contract (spec 3 §4 step 5) but is not answered.
 */
export async function validateAccount(
  ctx: Ctx,
  input: { source: string; email?: string | undefined },
): Promise<ValidateAccountResponse> {
  const partyId = requireParty(ctx.caller);
  const proposal = await proposalHolder(ctx.db, partyId, input.source);
  if (!proposal) throw notFound('No such proposal');
  const email = input.email?.toLowerCase() ?? proposal.email;
  if (!email) throw validation({ email: ['Enter the policyholder’s e-mail address'] });
  return { validationStatus: 'OK' };
}
