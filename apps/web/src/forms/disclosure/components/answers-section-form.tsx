import type { Question, Section } from '@forecourt/contracts/product-config';
import { SPREAD_KEYS } from '@forecourt/domain/forms/types';
import {
  MTA_CLAIMS_PERMISSION,
  type PolicyEditor,
  readOnlyOnPolicy,
} from '@forecourt/domain/policy/read-only';
import { type ReactNode, useMemo } from 'react';
import { useSessionUser } from '../../../lib/auth/auth-context.tsx';
import { useConfig } from '../../../lib/config.tsx';
import { getPath } from '../engine/types.ts';
import {
  type Change,
  initialValues,
  type ProposalDataLike,
  profileData,
  toChanges,
} from '../engine/values.ts';
import { DisclosureForm } from './disclosure-form.tsx';
import { useFormContext } from './use-form-context.ts';

type Target = 'profile' | 'additionalProfile';

/** Whether a question shows read-only for this editor (the domain's rule, per answer path it writes). */
export function questionReadOnly(q: Question, target: Target, editor: PolicyEditor): boolean {
  const where = q.target === 'asset' ? 'asset' : q.target === 'quote' ? 'quote' : target;
  const paths =
    q.target === 'none'
      ? q.derivedFrom
        ? [q.derivedFrom]
        : []
      : q.spread
        ? [...(SPREAD_KEYS[q.input] ?? [])]
        : [q.path ?? q.id];
  return paths.some((p) => readOnlyOnPolicy(where, p, editor));
}

/** Stable comparison of two answers (key order and missing versus null do not count). */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>)
            .filter(([, y]) => y !== null && y !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : x,
  );

/** The changes whose value differs from the current answer (only what changed is sent). */
export function changedOnly(changes: Change[], answers: ProposalDataLike): Change[] {
  return changes.filter((c) => {
    const source =
      c.changeType === 'ASSET_DISCLOSURE_CHANGE'
        ? answers.asset
        : c.changeType === 'QUOTE_DISCLOSURE_CHANGE'
          ? answers.quote
          : profileData(answers, c.profileCode ?? 'policyholder');
    return canonical(getPath(source, c.update.path)) !== canonical(c.update.value);
  });
}

const changeTarget = (c: Change, target: Target) =>
  c.changeType === 'ASSET_DISCLOSURE_CHANGE'
    ? 'asset'
    : c.changeType === 'QUOTE_DISCLOSURE_CHANGE'
      ? 'quote'
      : target;

/** Who is changing a policy's answers: staff (in admin mode), and with `action:mta-claims`. */
export function usePolicyEditor(): PolicyEditor {
  const { features } = useConfig();
  const user = useSessionUser();
  const claims = features.isAdmin && (user?.permissions.includes(MTA_CLAIMS_PERMISSION) ?? false);
  return useMemo(() => ({ staff: features.isAdmin, claims }), [features.isAdmin, claims]);
}

/** What saving a section sends: a new driver's creation first, then the changed, writable answers. */
export type AnswersChange = Change | { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE'; profileCode: string };

/**
 * One section's form (the quote journey's `DisclosureForm`) over a policy's answers — the policy's own
 * (management) or its renewal's: the read-only answers shown read-only for this editor (a new driver
 * discloses everything, claims included: ADR 255), and only what changed sent to `onSave`.
 */
export function AnswersSectionForm(props: {
  section: Section;
  answers: ProposalDataLike;
  schemeCode: string;
  profileCode: string;
  isNew: boolean;
  submitLabel: string;
  onSave: (changes: AnswersChange[]) => unknown;
  actions?: ReactNode;
}) {
  const { section, answers, profileCode, isNew } = props;
  const { productConfig } = useConfig();
  const editor = usePolicyEditor();
  const ctx = useFormContext({ data: answers, schemeCode: props.schemeCode });
  const target: Target = profileCode === 'policyholder' ? 'profile' : 'additionalProfile';
  const readOnly = useMemo(
    () =>
      new Set(
        isNew ? [] : section.questions.filter((q) => questionReadOnly(q, target, editor)).map((q) => q.id),
      ),
    [isNew, section, target, editor],
  );
  const defaults = useMemo(
    () => initialValues(section, answers, profileCode),
    [section, answers, profileCode],
  );
  return (
    <DisclosureForm
      section={section}
      defaultValues={defaults}
      ctx={ctx}
      optionSets={productConfig.optionSets}
      startDate={productConfig.startDate}
      readOnly={readOnly}
      submitLabel={props.submitLabel}
      onSubmit={async (values) => {
        const changes = toChanges(section, values, ctx, profileCode).filter(
          (c) => isNew || !readOnlyOnPolicy(changeTarget(c, target), c.update.path, editor),
        );
        await (isNew
          ? props.onSave([{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode }, ...changes])
          : props.onSave(changedOnly(changes, answers)));
      }}
      actions={props.actions}
    />
  );
}
