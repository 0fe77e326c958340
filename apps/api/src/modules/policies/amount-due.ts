import type { Quote } from '@forecourt/contracts/proposals';

/** What a purchase takes today, in pence: the first month (nothing in a free month), or the annual price. */
export function amountDueAtBind(quote: Quote): number {
  const totals = quote.totals;
  if (!totals) return 0;
  if (totals.monthly) return totals.freeMonths > 0 ? 0 : totals.monthly.first;
  return totals.discountedPrice;
}
