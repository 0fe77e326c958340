import type { ProposalChange } from '@forecourt/contracts/proposals';
import {
  type ApplyOptions,
  applyChanges as applyDomainChanges,
  type Draft,
} from '@forecourt/domain/proposal/apply-changes';
import { validation } from '../../lib/errors.ts';

export type { Draft };

/**
 * Applies a PATCH's changes with the domain's one implementation (ADR 135). Returns the new answers and the
 * data paths touched (so validation can report on them); any malformed change is a 400 naming
 * `changes.N.*`, and nothing is applied.
 */
export function applyChanges(
  current: unknown,
  changes: ProposalChange[],
  options: ApplyOptions,
): { data: Draft; touched: string[] } {
  const { data, touched, errors } = applyDomainChanges(current, changes, options);
  if (Object.keys(errors).length > 0) throw validation(errors, 'Some changes could not be applied');
  return { data, touched };
}
