import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal, ProposalChange } from '@forecourt/contracts/proposals';
import { useState } from 'react';
import { applyLocally } from '../../disclosure/engine/apply-locally.ts';
import type { FormContext, Values } from '../../disclosure/engine/types.ts';
import { type Change, toChanges } from '../../disclosure/engine/values.ts';
import { validateForm } from '../api/proposals.ts';
import { useUpdateProposal } from '../api/use-proposal.ts';

export interface SubmitOptions {
  profileCode: string;
  /** Changes sent before the answers (e.g. creating the additional profile). */
  before?: ProposalChange[];
  applyRating: boolean;
}

/**
 * A section submit (spec 3 §4 step 2): the section's validation profile is checked on the server first
 * (messages shown in a modal; a failure without a message is only logged), then the answers go as PATCH
 * changes; the last section asks for rating.
 */
export function useSectionSubmit(proposal: Proposal, section: Section, ctx: FormContext) {
  const update = useUpdateProposal(proposal.proposalCode);
  const [failures, setFailures] = useState<string[]>([]);
  const submit = async (values: Values, options: SubmitOptions): Promise<Proposal | null> => {
    const changes: Change[] = toChanges(section, values, ctx, options.profileCode);
    if (section.validationProfile) {
      const data = applyLocally(proposal.data, changes);
      const result = await validateForm(section.validationProfile, data);
      if (!result.success) {
        const messages = result.errors.map((e) => e.message).filter(Boolean);
        if (messages.length === 0) console.warn('Form validation failed without a message', result.errors);
        else {
          setFailures(messages);
          return null;
        }
      }
    }
    return update.mutateAsync({
      changes: [...(options.before ?? []), ...changes],
      applyRating: options.applyRating || undefined,
    });
  };
  return { submit, failures, clearFailures: () => setFailures([]), error: update.error };
}
