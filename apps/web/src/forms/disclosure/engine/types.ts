import type { Question, Section } from '@forecourt/contracts/product-config';

export type { Question, Section };
export type Values = Record<string, unknown>;

/** What conditions and rules read besides the form's own values (spec 2 §5 "Dynamic forms"). */
export interface FormContext {
  anonymous: boolean;
  admin: boolean;
  features: Record<string, boolean>;
  /** The proposal's promotion, when it has one. */
  promotion: { code: string; requiresTerms: boolean } | null;
  schemeCode: string;
  now: Date;
  /** Answers outside this form, for cross-field rules: `policyholder.*`, `asset.*`, `quote.*`. */
  data: { policyholder?: Values; asset?: Values; quote?: Values };
  /** Brand rules per input type (brand `inputs`), merged under each question's own rules. */
  inputRules: Record<string, Record<string, unknown>>;
  /** Phone number format of the brand. */
  phone: { prefix: string; regex: string };
}

export function getPath(source: unknown, path: string | undefined): unknown {
  if (!path) return source;
  let cur: unknown = source;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Values)[key];
  }
  return cur;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}
