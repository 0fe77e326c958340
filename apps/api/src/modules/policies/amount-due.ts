import type { Quote } from '@forecourt/contracts/proposals';
import { priceBreakdown } from '@forecourt/domain/rating/price';

/**
 * What a purchase takes today, in pence: the price breakdown's `dueToday` (ADR 175), the same figure the
 * quote, summary and checkout pages show: the first month's instalment (nothing in a free month), or the
 * annual price.
 */
export function amountDueAtBind(quote: Quote): number {
  return priceBreakdown(quote)?.dueToday ?? 0;
}
