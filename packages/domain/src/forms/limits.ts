import type { z } from 'zod';
import { shiftIso } from '../dates.ts';
import { VALUE_LIMITS } from '../proposal/bounds.ts';
import { assetSchema, profileDataSchema, quoteAnswersSchema } from '../risk/schema.ts';
import { RISK_LIMITS as L, VOLUNTARY_EXCESS_OPTIONS } from '../risk/values.ts';
import { type FormQuestion, type FormRules, SPREAD_KEYS } from './types.ts';

/**
 * The domain owns the enumerations and limits; a brand's configuration may only narrow them (ADR 136).
 * `configLimitIssues` lists what a brand's product configuration and input rules allow beyond the domain:
 * an option the risk model refuses, a number, length, year, date or list bound wider than the domain's.
 */

export interface LimitIssue {
  /** Where in the brand: `productConfig.disclosures.2.questions.1.rules.lessThanOrEqual`, `inputs.name.rules.maxLength`. */
  field: string;
  message: string;
}

export interface BrandForms {
  optionSets: Record<string, readonly (string | number)[]>;
  disclosures: readonly { questions: readonly (FormQuestion & { options?: string | undefined })[] }[];
  voluntaryExcess: readonly number[];
  inputs: Record<string, { rules: FormRules }>;
}

type AnySchema = z.ZodType;
const def = (s: AnySchema) => (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  while (['optional', 'default', 'nullable', 'prefault'].includes(def(s).type as string))
    s = def(s).innerType as AnySchema;
  return s;
}

/** The domain's schema of the answer at `path` inside a target (array items: the element's schema). */
function schemaAt(target: string | undefined, path: string): AnySchema | undefined {
  let s: AnySchema | undefined =
    target === 'asset'
      ? assetSchema
      : target === 'profile'
        ? profileDataSchema
        : target === 'quote'
          ? quoteAnswersSchema
          : undefined;
  for (const key of path.split('.')) {
    if (!s) return undefined;
    s = unwrap(s);
    if (def(s).type === 'array') s = unwrap(def(s).element as AnySchema);
    if (def(s).type !== 'object') return undefined;
    s = (def(s).shape as Record<string, AnySchema>)[key];
  }
  return s && unwrap(s);
}

/** Date rules the domain's answers are held to (relative to today), per answer path. */
const DATE_LIMITS: Record<string, { afterOrEqual: string; beforeOrEqual: string }> = {
  dateOfBirth: { afterOrEqual: `-P${L.maxAgeYears}Y`, beforeOrEqual: `-P${L.minDriverAge}Y` },
  'drivingLicence.validFrom': { afterOrEqual: `-P${L.maxAgeYears}Y`, beforeOrEqual: 'P0D' },
};
const REFERENCE_DAY = '2000-06-15';

function ruleIssues(
  q: FormQuestion,
  paths: string[],
  rules: FormRules,
  source: (rule: string) => string,
  add: (issue: LimitIssue) => void,
) {
  const num = (k: string) => (typeof rules[k] === 'number' ? (rules[k] as number) : undefined);
  for (const path of paths) {
    const schema = schemaAt(q.target, path);
    const bounds = schema as unknown as
      | {
          minValue?: number | null;
          maxValue?: number | null;
          minLength?: number | null;
          maxLength?: number | null;
        }
      | undefined;
    const ge = num('greaterThanOrEqual');
    const le = num('lessThanOrEqual');
    if (ge !== undefined && typeof bounds?.minValue === 'number' && ge < bounds.minValue)
      add({
        field: source('greaterThanOrEqual'),
        message: `${ge} is below the domain's minimum ${bounds.minValue} for ${q.target}.${path}`,
      });
    if (le !== undefined && typeof bounds?.maxValue === 'number' && le > bounds.maxValue)
      add({
        field: source('lessThanOrEqual'),
        message: `${le} is above the domain's maximum ${bounds.maxValue} for ${q.target}.${path}`,
      });
    const min = num('minLength');
    const max = num('maxLength');
    if (min !== undefined && typeof bounds?.minLength === 'number' && min < bounds.minLength)
      add({
        field: source('minLength'),
        message: `${min} is below the domain's minimum length ${bounds.minLength} for ${q.target}.${path}`,
      });
    if (max !== undefined && typeof bounds?.maxLength === 'number' && max > bounds.maxLength)
      add({
        field: source('maxLength'),
        message: `${max} is above the domain's maximum length ${bounds.maxLength} for ${q.target}.${path}`,
      });
    const minYear = num('minYear');
    if (minYear !== undefined && path === 'usageStartYearMonth' && minYear < L.earliestUsageYear)
      add({
        field: source('minYear'),
        message: `${minYear} is before the domain's earliest year ${L.earliestUsageYear}`,
      });
    const dates = DATE_LIMITS[path];
    for (const rule of ['afterOrEqual', 'beforeOrEqual'] as const) {
      const value = rules[rule];
      if (!dates || typeof value !== 'string') continue;
      const wider =
        rule === 'afterOrEqual'
          ? shiftIso(REFERENCE_DAY, value) < shiftIso(REFERENCE_DAY, dates.afterOrEqual)
          : shiftIso(REFERENCE_DAY, value) > shiftIso(REFERENCE_DAY, dates.beforeOrEqual);
      if (wider)
        add({
          field: source(rule),
          message: `${value} allows dates the domain refuses (${rule} ${dates[rule]}) for ${path}`,
        });
    }
  }
  const maxItems = num('maxItems');
  if (q.input === 'loop' && maxItems !== undefined && maxItems > VALUE_LIMITS.maxArrayItems)
    add({
      field: source('maxItems'),
      message: `${maxItems} is above the domain's ${VALUE_LIMITS.maxArrayItems} items`,
    });
}

export function configLimitIssues(brand: BrandForms): LimitIssue[] {
  const issues: LimitIssue[] = [];
  const add = (issue: LimitIssue) => {
    if (!issues.some((i) => i.field === issue.field && i.message === issue.message)) issues.push(issue);
  };
  brand.voluntaryExcess.forEach((v, i) => {
    if (!(VOLUNTARY_EXCESS_OPTIONS as readonly number[]).includes(v))
      add({
        field: `productConfig.excess.voluntaryExcess.${i}`,
        message: `${v} is not one of the domain's voluntary excesses`,
      });
  });
  const visit = (q: FormQuestion & { options?: string | undefined }, at: string, paths: string[]) => {
    if (q.options) {
      const schema = paths[0] !== undefined ? schemaAt(q.target, paths[0]) : undefined;
      (brand.optionSets[q.options] ?? []).forEach((value, i) => {
        if (schema && !schema.safeParse(value).success)
          add({
            field: `productConfig.optionSets.${q.options}.${i}`,
            message: `"${value}" is not a value the domain accepts for ${q.target}.${paths[0]}`,
          });
      });
    }
    const own = q.rules ?? {};
    const typeRules = brand.inputs[q.input]?.rules ?? {};
    // The brand's rules per input type must be within the domain's even where a question overrides them.
    ruleIssues(q, paths, typeRules, (rule) => `inputs.${q.input}.rules.${rule}`, add);
    ruleIssues(q, paths, own, (rule) => `${at}.rules.${rule}`, add);
    for (const [k, item] of (q.item ?? []).entries()) {
      const itemPaths = paths.map((p) => `${p}.${item.path ?? item.id}`);
      visit({ ...item, target: q.target }, `${at}.item.${k}`, itemPaths);
    }
  };
  brand.disclosures.forEach((section, s) => {
    section.questions.forEach((q, n) => {
      if (!q.target || q.target === 'none') return;
      const paths = q.spread ? [...(SPREAD_KEYS[q.input] ?? [])] : [q.path ?? q.id];
      visit(q, `productConfig.disclosures.${s}.questions.${n}`, paths);
    });
  });
  return issues;
}
