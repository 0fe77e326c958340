/**
 * The three product kinds (spec 1 §1, ADR 245): how long one policy runs and how it is paid.
 * - SUBSCRIPTION: a policy year billed month by month (each proposal quotes one month, P1M).
 * - ANNUAL: a policy year paid in full at purchase (P1Y).
 * - DRIVEAWAY: a short cover of 1, 7 or 28 days paid in full, never renewed (the scheme's `term`).
 */
import { addLondonDays, addLondonMonths } from '../calendar/london.ts';
import type { ProductKind } from '../enums.ts';
import { type DriveawayTerm, termDays } from './product-kind.ts';

export {
  DRIVEAWAY_TERMS,
  type DriveawayTerm,
  hasBillingTab,
  paidInFull,
  policyTermOf,
  productKindOf,
  renews,
  termDays,
} from './product-kind.ts';

/**
 * When a policy bought at `startAt` expires: a year later (subscriptions and annual policies; a subscription's
 * anniversary), or the driveaway's days later, on the London calendar at the same wall-clock time (ADR 342:
 * London midnight stays London midnight; 29 February + 1 year = 28 February).
 */
export function policyExpiry(product: ProductKind, startAt: Date, term?: DriveawayTerm | undefined): Date {
  if (product !== 'DRIVEAWAY') return addLondonMonths(startAt, 12);
  return addLondonDays(startAt, termDays(term ?? 'P1D'));
}

/** The end of what one quote prices: a month of a subscription, otherwise the policy's whole term. */
export function quotedPeriodEnd(product: ProductKind, startAt: Date, term?: DriveawayTerm | undefined): Date {
  if (product === 'SUBSCRIPTION') return addLondonMonths(startAt, 1);
  return policyExpiry(product, startAt, term);
}
