import type { AnswerPaths } from '../proposal/bounds.ts';
import { failedRule } from './rules.ts';
import {
  type FormContext,
  type FormQuestion,
  getPath,
  isEmptyValue,
  SPREAD_KEYS,
  type Values,
} from './types.ts';

/** A disclosure section as the product configuration holds it (the parts the server reads). */
export interface FormSection {
  disclosureType?: 'POLICYHOLDER' | 'ADDITIONAL_PROFILE' | 'PROMOTION' | undefined;
  questions: FormQuestion[];
}

/** The paths a question writes inside its target (a spread input writes its keys one by one). */
export function questionPaths(q: FormQuestion): string[] {
  if (!q.target || q.target === 'none') return [];
  if (q.spread) return [...(SPREAD_KEYS[q.input] ?? [])];
  return [q.path ?? q.id];
}

/** Every path the product's questions write, per target: what a proposal change may touch (ADR 137). */
export function answerPathsOf(questions: readonly FormQuestion[]): AnswerPaths {
  const out = { asset: new Set<string>(), profile: new Set<string>(), quote: new Set<string>() };
  for (const q of questions) {
    if (!q.target || q.target === 'none') continue;
    for (const path of questionPaths(q)) out[q.target].add(path);
  }
  return { asset: [...out.asset], profile: [...out.profile], quote: [...out.quote] };
}

interface ProfileLike {
  profileCode: string;
  policyholder?: boolean | undefined;
  data?: Values | undefined;
}
export interface AnswersLike {
  asset?: Values | undefined;
  profiles?: ProfileLike[] | undefined;
  quote?: Values | undefined;
}

function answerOf(q: FormQuestion, source: Values | undefined): unknown {
  if (q.spread) {
    const keys = SPREAD_KEYS[q.input] ?? [];
    const v = Object.fromEntries(keys.map((k) => [k, getPath(source, k)]));
    return keys.some((k) => v[k] !== undefined) ? v : undefined;
  }
  return getPath(source, q.path ?? q.id);
}

/**
 * The configured rules (brand input rules overlaid by each question's rules) that stored answers break,
 * keyed by data path ('asset.annualMileage', 'profiles.1.data.dateOfBirth') with `validation.<rule>`.
 * The server's reading of the browser's form rules: it checks answers that are present (whether a
 * question shows, and so whether it is required, is the browser's to judge), never hidden ones' absence.
 */
export function configuredRuleErrors(
  sections: readonly FormSection[],
  data: AnswersLike,
  ctx: FormContext,
  /** Only the answers at these paths are checked (a save of one section: its own answers); all when left out. */
  only?: (path: string) => boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const profiles = data.profiles ?? [];
  const holderAt = profiles.findIndex((p) => p.policyholder === true || p.profileCode === 'policyholder');
  const check = (questions: FormQuestion[], source: (q: FormQuestion) => [Values | undefined, string]) => {
    const values: Values = {};
    for (const q of questions) values[q.id] = answerOf(q, source(q)[0]);
    for (const q of questions) {
      if (!q.target || q.target === 'none') continue;
      const value = values[q.id];
      if (isEmptyValue(value) || (Array.isArray(value) && value.length === 0)) continue;
      const [, prefix] = source(q);
      const path = `${prefix}.${questionPaths(q)[0]}`;
      if (only && !only(path)) continue;
      const rule = failedRule({ ...q, rules: { ...q.rules, required: false } }, value, values, ctx);
      if (!rule) continue;
      errors[path] = [`validation.${rule}`];
    }
  };
  for (const section of sections) {
    const forProfile =
      (at: number) =>
      (q: FormQuestion): [Values | undefined, string] =>
        q.target === 'asset'
          ? [data.asset, 'asset']
          : q.target === 'quote'
            ? [data.quote, 'quote']
            : [profiles[at]?.data, `profiles.${at}.data`];
    if (section.disclosureType === 'ADDITIONAL_PROFILE') {
      profiles.forEach((_, at) => {
        if (at !== holderAt) check(section.questions, forProfile(at));
      });
    } else check(section.questions, forProfile(holderAt));
  }
  return errors;
}
