import type { z } from 'zod';
import { proposalRuleIssues, type RuleOptions, withRules } from './rules.ts';
import {
  type PartialProposalData,
  type ProposalData,
  partialProposalDataSchema,
  proposalDataSchema,
  riskErrorMap,
} from './schema.ts';

export type FieldErrors = Record<string, string[]>;

export interface ValidateOptions extends Omit<RuleOptions, 'complete'> {
  /** true: every answer needed to rate must be present (complete reading); false: answers so far. */
  forRating: boolean;
}

export type ValidationResult<T> =
  | { success: true; data: T; errors: FieldErrors }
  | { success: false; data?: undefined; errors: FieldErrors };

/** The complete proposal schema with every rule of spec 3 §5 (the web form engine uses it too). */
export function completeProposalSchema(options: Omit<RuleOptions, 'complete'>) {
  return withRules(proposalDataSchema, { ...options, complete: true });
}

/** The partial proposal schema with the rules that apply to what has been answered. */
export function partialProposalSchema(options: Omit<RuleOptions, 'complete'>) {
  return withRules(partialProposalDataSchema, { ...options, complete: false });
}

/** Field errors keyed by dotted path ('profiles.0.data.firstName'), each a list of message keys. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/*
 * The schemas validateProposal parses with are made once: a zod schema compiles itself on first use, and a
 * schema made per call (withRules per request) paid that compilation on every request (issue 15). The rule
 * options of the call in progress are read from `current`, set only around the synchronous parse.
 */
let current: RuleOptions | undefined;
const rulesOfCall = <S extends z.ZodType<PartialProposalData>>(schema: S, complete: boolean) =>
  schema.superRefine((data, ctx) => {
    for (const issue of proposalRuleIssues(data, { ...(current as RuleOptions), complete }))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
const completeOnce = rulesOfCall(proposalDataSchema, true);
const partialOnce = rulesOfCall(partialProposalDataSchema, false);

function parseWith<S extends z.ZodType>(schema: S, data: unknown, options: Omit<RuleOptions, 'complete'>) {
  current = options;
  try {
    return schema.safeParse(data, { error: riskErrorMap });
  } finally {
    current = undefined;
  }
}

export function validateProposal(
  data: unknown,
  options: { forRating: true } & ValidateOptions,
): ValidationResult<ProposalData>;
export function validateProposal(
  data: unknown,
  options: ValidateOptions,
): ValidationResult<PartialProposalData>;
export function validateProposal(
  data: unknown,
  options: ValidateOptions,
): ValidationResult<ProposalData | PartialProposalData> {
  const { forRating, ...rest } = options;
  const parsed = parseWith(forRating ? completeOnce : partialOnce, data, rest);
  if (parsed.success) return { success: true, data: parsed.data, errors: {} };
  const errors = toFieldErrors(parsed.error);
  if (forRating) {
    // zod skips refinements while the shape is incomplete: add the rules for what is present.
    const partial = parseWith(partialOnce, data, rest);
    if (!partial.success)
      for (const [key, messages] of Object.entries(toFieldErrors(partial.error)))
        errors[key] = [...new Set([...(errors[key] ?? []), ...messages])];
  }
  return { success: false, errors };
}
