/**
 * What a proposal change may write (issue 9 item 8, ADR 137): only the paths of the product's question set,
 * and values of bounded size, so a PATCH cannot grow a proposal without limit.
 */

/** Answer paths per target, from the product's disclosure questions (see `forms/answer-paths.ts`). */
export interface AnswerPaths {
  asset: readonly string[];
  profile: readonly string[];
  quote: readonly string[];
}

export const VALUE_LIMITS = {
  /** Characters in one string answer (addresses and names are far shorter). */
  maxStringLength: 500,
  /** Items in one list (convictions, claims: the forms allow 10). */
  maxArrayItems: 50,
  /** Keys in one object. */
  maxObjectKeys: 50,
  /** Levels of nesting below the value itself ({ a: [ { b: 1 } ] } is 2). */
  maxDepth: 4,
} as const;

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The message key when a value is too large or oddly shaped, else undefined. */
export function valueBoundError(value: unknown, depth = 0): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'validation.type';
  if (typeof value === 'string')
    return value.length > VALUE_LIMITS.maxStringLength ? 'validation.tooLong' : undefined;
  if (depth >= VALUE_LIMITS.maxDepth) return 'validation.tooDeep';
  if (Array.isArray(value)) {
    if (value.length > VALUE_LIMITS.maxArrayItems) return 'validation.tooMany';
    for (const item of value) {
      const error = valueBoundError(item, depth + 1);
      if (error) return error;
    }
    return undefined;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length > VALUE_LIMITS.maxObjectKeys) return 'validation.tooMany';
    for (const [key, item] of entries) {
      if (!KEY.test(key) || FORBIDDEN.has(key)) return 'validation.path';
      const error = valueBoundError(item, depth + 1);
      if (error) return error;
    }
    return undefined;
  }
  return 'validation.type';
}

/**
 * Whether a change may write `path` (with `value`): the path is a question's path or inside one
 * ('address.postalCode', 'drivingLicence.convictions.0.code'), or an object holding only such paths
 * ('drivingLicence' with `{ licenceType, validFrom }`).
 */
export function answerPathAllowed(allowed: readonly string[], path: string, value?: unknown): boolean {
  if (allowed.some((p) => path === p || path.startsWith(`${p}.`))) return true;
  if (!allowed.some((p) => p.startsWith(`${path}.`))) return false;
  if (value === null || value === undefined) return true;
  if (!isObject(value)) return false;
  return Object.entries(value).every(([key, item]) => answerPathAllowed(allowed, `${path}.${key}`, item));
}
