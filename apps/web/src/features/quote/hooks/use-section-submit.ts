import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal, ProposalChange } from '@forecourt/contracts/proposals';
import { previewChanges } from '@forecourt/domain/proposal/apply-changes';
import { useState } from 'react';
import type { FormContext, Values } from '../../../forms/disclosure/engine/types.ts';
import { type Change, profileData, toChanges } from '../../../forms/disclosure/engine/values.ts';
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
      // Whole-proposal profiles check all answers; the others check one driver's answers (ADR 060).
      const merged = previewChanges(proposal.data, [...(options.before ?? []), ...changes]);
      const whole = section.validationProfile === 'proposal' || section.validationProfile === 'rating';
      const data = whole ? merged : profileData(merged, options.profileCode);
      const result = await validateForm(section.validationProfile, data).catch(() => null);
      if (!result) return null;
      if (!result.success) {
        const messages = result.errors.map((e) => e.message).filter(Boolean);
        if (messages.length === 0) console.warn('Form validation failed without a message', result.errors);
        else {
          setFailures(messages);
          return null;
        }
      }
    }
    try {
      return await update.mutateAsync({
        changes: [...(options.before ?? []), ...changes],
        applyRating: options.applyRating || undefined,
      });
    } catch {
      // Shown by ServerErrors (400) or the global error modal (anything else).
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return null;
    }
  };
  return { submit, failures, clearFailures: () => setFailures([]), error: update.error };
}
