import { eq } from 'drizzle-orm';
import { proposalChecks } from '../../db/schema/proposal-checks.ts';
import { proposals } from '../../db/schema/proposals.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { owned } from '../../lib/party-scope.ts';
import type { IdentityCheckResult } from '../../providers/identity-check/identity-check-provider.ts';
import { policyholderOf } from './policyholder-of.ts';

export type CheckKind = 'id-check' | 'verify';

/**
 * Runs the identity-check provider on the policyholder of a proposal the caller owns (another party's
 * proposal is a 404) and records the result. Only a proposal still at quote can be checked.
 */
export async function runCheck(
  ctx: Ctx,
  proposalCode: string,
  kind: CheckKind,
): Promise<IdentityCheckResult> {
  const scope = owned(ctx);
  const proposal = await scope.first(proposals, eq(proposals.proposalCode, proposalCode));
  if (!proposal) throw notFound('Proposal not found');
  if (proposal.status !== 'QUOTE')
    throw new AppError('CONFLICT', 'This proposal is not open for checkout', {
      details: { status: proposal.status },
    });
  const person = policyholderOf(proposal.data);
  const provider = ctx.providers.identityCheck;
  let result: IdentityCheckResult;
  try {
    result = kind === 'verify' ? await provider.verify(person) : await provider.check(person);
  } catch (cause) {
    ctx.log.warn({ err: cause, proposalCode, kind }, 'identity check provider failed');
    throw new AppError('UNAVAILABLE', 'The identity check is unavailable just now. Please try again.', {
      cause,
    });
  }
  await ctx.db.insert(proposalChecks).values({
    proposalCode,
    partyId: scope.partyId,
    kind,
    provider: provider.name,
    isClear: result.isClear,
    checks: result.checks,
  });
  return result;
}
