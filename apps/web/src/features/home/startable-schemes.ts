import type { Scheme } from '@forecourt/contracts';
import type { Policy } from '@forecourt/contracts/policies';
import type { Proposal } from '@forecourt/contracts/proposals';
import { isEndedStatus } from '@forecourt/domain/status';
import { homeProposals } from './proposal-cards.ts';

/**
 * Spec 2 §2 "Start-a-quote cards": only active schemes; unless multi-quote is on, a scheme that already has a
 * proposal or an active policy is hidden.
 */
export function startableSchemes(
  schemes: Scheme[],
  options: { multiQuote: boolean; takenSchemeCodes?: Iterable<string> },
): Scheme[] {
  const taken = new Set(options.takenSchemeCodes ?? []);
  return schemes.filter((s) => !s.disabled && (options.multiQuote || !taken.has(s.schemeCode)));
}

/**
 * The schemes a customer already holds: those of their open proposals (the ones home lists; a proposal that
 * became a policy counts through its policy) and of their policies that have not ended.
 */
export function takenSchemeCodes(proposals: Proposal[], policies: Policy[] = []): string[] {
  return [
    ...homeProposals(proposals).map((p) => p.schemeCode),
    ...policies.filter((p) => !isEndedStatus(p.policyDetail.policyStatus)).map((p) => p.schemeCode),
  ];
}
