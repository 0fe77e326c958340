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

/**
 * A question as the server checks a stored answer: its rules with `required: false` (a present answer is
 * checked, a hidden one's absence never). Made once per configured question, not on every save.
 */
const asStoredAnswer = new WeakMap<FormQuestion, FormQuestion>();
function storedAnswerQuestion(q: FormQuestion): FormQuestion {
  let out = asStoredAnswer.get(q);
  if (!out) {
    out = { ...q, rules: { ...q.rules, required: false } };
    asStoredAnswer.set(q, out);
  }
  return out;
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
 * Where a question's answer is checked and reported: `asset.annualMileage`, `quote.cover`, or
 * `profiles.<at>.data.dateOfBirth`. Made once per configured question (and driver), not on every save.
 */
const answerPaths = new WeakMap<FormQuestion, string[]>();
function answerPath(q: FormQuestion, at: number): string {
  let paths = answerPaths.get(q);
  if (!paths) {
    paths = [];
    answerPaths.set(q, paths);
  }
  const slot = q.target === 'asset' || q.target === 'quote' ? 0 : at + 1;
  let path = paths[slot];
  if (path === undefined) {
    const prefix = q.target === 'asset' ? 'asset' : q.target === 'quote' ? 'quote' : `profiles.${at}.data`;
    path = `${prefix}.${questionPaths(q)[0]}`;
    paths[slot] = path;
  }
  return path;
}

const checked = (q: FormQuestion) => Boolean(q.target) && q.target !== 'none';

/** One section's questions against one profile (the holder's, or an additional driver's), into `errors`. */
function checkSection(
  questions: FormQuestion[],
  data: AnswersLike,
  at: number,
  ctx: FormContext,
  only: ((path: string) => boolean) | undefined,
  errors: Record<string, string[]>,
): void {
  // A save of one section reports only its own answers: a section with none of them has nothing to report.
  if (only && !questions.some((q) => checked(q) && only(answerPath(q, at)))) return;
  const profile = data.profiles?.[at]?.data;
  const values: Values = {};
  for (const q of questions) values[q.id] = answerOf(q, sourceOf(q, data, profile));
  for (const q of questions) {
    if (!checked(q)) continue;
    const value = values[q.id];
    if (isEmptyValue(value) || (Array.isArray(value) && value.length === 0)) continue;
    const path = answerPath(q, at);
    if (only && !only(path)) continue;
    const rule = failedRule(storedAnswerQuestion(q), value, values, ctx);
    if (!rule) continue;
    errors[path] = [`validation.${rule}`];
  }
}

function sourceOf(q: FormQuestion, data: AnswersLike, profile: Values | undefined): Values | undefined {
  return q.target === 'asset' ? data.asset : q.target === 'quote' ? data.quote : profile;
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
  for (const section of sections) {
    if (section.disclosureType === 'ADDITIONAL_PROFILE') {
      for (let at = 0; at < profiles.length; at++)
        if (at !== holderAt) checkSection(section.questions, data, at, ctx, only, errors);
    } else checkSection(section.questions, data, holderAt, ctx, only, errors);
  }
  return errors;
}
