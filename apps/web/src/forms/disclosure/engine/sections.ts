import type { Section } from '@forecourt/contracts/product-config';
import { isShown } from '@forecourt/domain/forms/conditions';
import type { FormContext } from './types.ts';
import type { ProposalDataLike } from './values.ts';

/**
 * What the quote journey and the policy's management pages share about the configured sections (ADR 140:
 * shared journey pieces live in `forms/`).
 */

/** Sections whose conditions hold for this visitor and proposal, in configured order. */
export function applicableSections(sections: Section[], ctx: FormContext): Section[] {
  return sections.filter((s) => isShown(s.conditions, {}, ctx));
}

/** The first free additional-profile code (p1..p4), the same rule the server applies. */
export function nextProfileCode(data: ProposalDataLike, max: number): string | undefined {
  const used = new Set((data.profiles ?? []).map((p) => p.profileCode));
  return Array.from({ length: max }, (_, i) => `p${i + 1}`).find((c) => !used.has(c));
}

/**
 * The sections a policy's answers are changed in — on the policy (spec 3 §2 "Management", ADR 255) and on its
 * renewal (ADR 330): the product configuration's disclosure sections that apply to a signed-in holder and hold
 * answers about the car or the drivers. Promotions and the start date are not changed here.
 */
export function managementSections(sections: Section[], ctx: FormContext) {
  return applicableSections(sections, ctx).filter(
    (s) =>
      s.disclosureType !== 'PROMOTION' &&
      s.questions.some((q) => q.target === 'asset' || q.target === 'profile' || q.target === undefined),
  );
}
