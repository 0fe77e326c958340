import type { Section } from '@forecourt/contracts/product-config';
import { isShown } from '@forecourt/domain/forms/conditions';
import { failedRule } from '@forecourt/domain/forms/rules';
import { applicableSections } from '../../forms/disclosure/engine/sections.ts';
import type { FormContext } from '../../forms/disclosure/engine/types.ts';
import { initialValues, type ProposalDataLike } from '../../forms/disclosure/engine/values.ts';

export { applicableSections, nextProfileCode } from '../../forms/disclosure/engine/sections.ts';

/** True when every visible question of the policyholder section has a valid answer already. */
export function isSectionComplete(section: Section, data: ProposalDataLike, ctx: FormContext): boolean {
  if (section.disclosureType === 'ADDITIONAL_PROFILE') return (data.profiles ?? []).length > 1 || false;
  const values = initialValues(section, data, 'policyholder');
  return section.questions.every(
    (q) => !isShown(q.conditions, values, ctx) || failedRule(q, values[q.id], values, ctx) === undefined,
  );
}

/** Disclosure index: the first applicable section not yet answered, else the first (spec 3 §2). */
export function firstOpenSection(
  sections: Section[],
  data: ProposalDataLike,
  ctx: FormContext,
): Section | undefined {
  const list = applicableSections(sections, ctx);
  return (
    list.find((s) => s.disclosureType !== 'ADDITIONAL_PROFILE' && !isSectionComplete(s, data, ctx)) ?? list[0]
  );
}

export function nextSection(sections: Section[], currentId: string, ctx: FormContext): Section | undefined {
  const list = applicableSections(sections, ctx);
  const i = list.findIndex((s) => s.id === currentId);
  return i >= 0 ? list[i + 1] : undefined;
}
