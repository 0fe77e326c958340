/**
 * The three product kinds (spec 1 §1, ADR 245): how long one policy runs and how it is paid.
 * - SUBSCRIPTION: a policy year billed month by month (each proposal quotes one month, P1M).
 * - ANNUAL: a policy year paid in full at purchase (P1Y).
 * - DRIVEAWAY: a short cover of 1, 7 or 28 days paid in full, never renewed (the scheme's `term`).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears } from 'date-fns';
import { LONDON } from '../dates.ts';
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
 * anniversary), or the driveaway's days later on the London clock, at the same wall-clock time.
 */
export function policyExpiry(product: ProductKind, startAt: Date, term?: DriveawayTerm | undefined): Date {
  if (product !== 'DRIVEAWAY') return addYears(startAt, 1);
  return new Date(addDays(new TZDate(startAt, LONDON), termDays(term ?? 'P1D')).getTime());
}

/** The end of what one quote prices: a month of a subscription, otherwise the policy's whole term. */
export function quotedPeriodEnd(product: ProductKind, startAt: Date, term?: DriveawayTerm | undefined): Date {
  if (product === 'SUBSCRIPTION') return addMonths(startAt, 1);
  return policyExpiry(product, startAt, term);
}
