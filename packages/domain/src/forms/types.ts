/**
 * The pure form engine of the disclosure questions (spec 1 §5, spec 2 §5 "Dynamic forms"): the browser
 * runs it to show and check a section, the API to check the same configured rules on the answers it
 * stores (ADR 136). Question and condition shapes are those of the product configuration
 * (`@forecourt/contracts/product-config`), read structurally here so the domain needs no contracts.
 */

export type Values = Record<string, unknown>;

/** Validation rules by name (spec 1 §5.2): the brand's rules per input type, overlaid by the question's. */
export type FormRules = Record<string, unknown>;

export type FormCondition =
  | {
      field: string;
      path?: string | undefined;
      equals?: unknown;
      in?: unknown[] | undefined;
      notIn?: unknown[] | undefined;
      empty?: boolean | undefined;
    }
  | { anonymous: boolean }
  | { admin: boolean }
  | { feature: string; enabled: boolean }
  | { promotion: 'any' | 'requiresTerms' }
  | { schemeCode: string };

export interface FormQuestion {
  id: string;
  input: string;
  target?: 'asset' | 'profile' | 'quote' | 'none' | undefined;
  path?: string | undefined;
  spread?: boolean | undefined;
  rules?: FormRules | undefined;
  conditions?: FormCondition[] | undefined;
  item?: FormQuestion[] | undefined;
}

/** What conditions and rules read besides the form's own values. */
export interface FormContext {
  anonymous: boolean;
  admin: boolean;
  features: Record<string, boolean>;
  /** The proposal's promotion, when it has one. */
  promotion: { code: string; requiresTerms: boolean } | null;
  schemeCode: string;
  now: Date;
  /** Answers outside this form, for cross-field rules: `policyholder.*`, `asset.*`, `quote.*`. */
  data: { policyholder?: Values | undefined; asset?: Values | undefined; quote?: Values | undefined };
  /** Brand rules per input type (brand `inputs`), merged under each question's own rules. */
  inputRules: Record<string, FormRules>;
  /** Phone number format of the brand. */
  phone: { prefix: string; regex: string };
}

/** The keys a spread input writes one by one. */
export const SPREAD_KEYS: Record<string, readonly string[]> = {
  name: ['firstName', 'lastName'],
  vehicleTabs: ['vrn', 'regLookup', 'specification'],
};

/** Each dotted path split once: the server reads the same few hundred paths on every proposal save. */
const pathKeys = new Map<string, readonly string[]>();

export function getPath(source: unknown, path: string | undefined): unknown {
  if (!path) return source;
  let keys = pathKeys.get(path);
  if (!keys) {
    keys = path.split('.');
    // Paths come from configuration and code, not from callers' input; the bound only guards a misuse.
    if (pathKeys.size < 10_000) pathKeys.set(path, keys);
  }
  let cur: unknown = source;
  for (const key of keys) {
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
