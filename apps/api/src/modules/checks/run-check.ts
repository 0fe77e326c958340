import { and, eq } from 'drizzle-orm';
import { proposalChecks } from '../../db/schema/proposal-checks.ts';
import { proposals } from '../../db/schema/proposals.ts';
import { requireParty } from '../../lib/auth.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
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
  const partyId = requireParty(ctx.caller);
  const [proposal] = await ctx.db
    .select({ status: proposals.status, data: proposals.data })
    .from(proposals)
    .where(and(eq(proposals.proposalCode, proposalCode), eq(proposals.partyId, partyId)));
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
    partyId,
    kind,
    provider: provider.name,
    isClear: result.isClear,
    checks: result.checks,
  });
  return result;
}
