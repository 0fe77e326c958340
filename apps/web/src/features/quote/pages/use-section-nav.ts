import type { Section } from '@forecourt/contracts/product-config';
import type { Proposal } from '@forecourt/contracts/proposals';
import { useNavigate } from 'react-router';
import { useFormContext, useProduct } from '../hooks/use-product.ts';
import { useProposalRoot } from '../hooks/use-proposal-root.ts';
import { applicableSections, nextSection } from '../sections.ts';

/** Where a section leads: the next applicable section, or (after the last) the proposal page. */
export function useSectionNav(proposal: Proposal, section: Section | undefined) {
  const product = useProduct();
  const ctx = useFormContext(proposal);
  const navigate = useNavigate();
  const sections = applicableSections(product.disclosures, ctx);
  const next = section ? nextSection(product.disclosures, section.id, ctx) : undefined;
  const at = sections.findIndex((s) => s.id === section?.id);
  const previous = at > 0 ? sections[at - 1] : undefined;
  const root = useProposalRoot();
  return {
    ctx,
    sections,
    next,
    isLast: !next,
    root,
    backTo: previous ? `${root}/disclosure/section/${previous.id}` : root,
    sectionPath: (id: string) => `${root}/disclosure/section/${id}`,
    goNext: () => navigate(next ? `${root}/disclosure/section/${next.id}` : root),
  };
}
