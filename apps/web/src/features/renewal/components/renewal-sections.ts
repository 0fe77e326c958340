import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { useFormContext } from '../../../forms/disclosure/components/use-form-context.ts';
import { managementSections } from '../../../forms/disclosure/engine/sections.ts';
import { useConfig } from '../../../lib/config.tsx';

/** A section's title: the renewal's own name for it, else the quote journey's header or progress step. */
export const sectionTitle = (s: Section) => [
  `renewal.section.${s.id}`,
  `quote.section.${s.id}.header`,
  `quote.progress.${s.progressStep}`,
];

/** The sections a renewal's answers are changed in: those of a policy (ADR 330). */
export function useRenewalSections(proposal: Proposal): Section[] {
  const { productConfig } = useConfig();
  const ctx = useFormContext({ data: proposal.data, schemeCode: proposal.schemeCode });
  return managementSections(productConfig.disclosures ?? [], ctx);
}
