import type { Scheme } from '@forecourt/contracts';
import { formatGBP } from '@forecourt/domain/money';
import { policyTermOf } from '@forecourt/domain/policy/product-kind';
import type { TFunction } from 'i18next';

/**
 * A price with what it buys, per product kind (ADR 245): '£52.10 a month', '£625.20 for 12 months',
 * '£45.10 for 7 days'. The term is the proposal's `policyTerm` or the scheme's (P1M, P1Y, P1D, P7D, P28D).
 */
export function priceFor(t: TFunction, pence: number, term: string): string {
  return `${formatGBP(pence)} ${termText(t, term)}`;
}

/** 'a month', 'for 12 months', 'for 7 days'. */
export const termText = (t: TFunction, term: string) => t([`price.for.${term}`, 'price.for.P1Y']);

/** A scheme's term (P1M for a subscription, P1Y for annual, its own for a driveaway). */
export const schemeTerm = (scheme: Pick<Scheme, 'product' | 'term'> | undefined) =>
  policyTermOf(scheme?.product ?? 'SUBSCRIPTION', scheme?.term);
