import type { Scheme } from '@forecourt/contracts';

/**
 * Spec 2 §2 "Start-a-quote cards": only active schemes; unless multi-quote is on, a scheme that already has a
 * proposal or an active policy is hidden.
 */
export function startableSchemes(
  schemes: Scheme[],
  options: { multiQuote: boolean; takenSchemeCodes?: Iterable<string> },
): Scheme[] {
  const taken = new Set(options.takenSchemeCodes ?? []);
  return schemes.filter((s) => !s.disabled && (options.multiQuote || !taken.has(s.schemeCode)));
}
