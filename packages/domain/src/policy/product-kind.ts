/**
 * The three product kinds (spec 1 §1, ADR 245): how long one policy runs and how it is paid.
 * - SUBSCRIPTION: a policy year billed month by month (each proposal quotes one month, P1M).
 * - ANNUAL: a policy year paid in full at purchase (P1Y).
 * - DRIVEAWAY: a short cover of 1, 7 or 28 days paid in full, never renewed (the scheme's `term`).
 *
 * The kinds' rules without dates: this module reaches the web's home bundle (through status.ts), where
 * @date-fns/tz cannot be tree-shaken (issue 15). The date rules are in term.ts.
 */
import type { ProductKind } from '../enums.ts';

export const DRIVEAWAY_TERMS = ['P1D', 'P7D', 'P28D'] as const;
export type DriveawayTerm = (typeof DRIVEAWAY_TERMS)[number];

/** The days of a driveaway term ('P7D' → 7). */
export function termDays(term: DriveawayTerm): number {
  return Number(term.slice(1, -1));
}

/** What a kind's policy term is, as an ISO duration: P1M a subscription's month, P1Y a year, P1D/P7D/P28D. */
export function policyTermOf(product: ProductKind, term?: DriveawayTerm | undefined): string {
  if (product === 'SUBSCRIPTION') return 'P1M';
  if (product === 'ANNUAL') return 'P1Y';
  return term ?? 'P1D';
}

/** Paid in full at purchase (annual and driveaway): no monthly statements, no billing run. */
export const paidInFull = (product: ProductKind) => product !== 'SUBSCRIPTION';

/** Renewed at its anniversary: never a driveaway (it ends at its expiry by itself). */
export const renews = (product: ProductKind) => product !== 'DRIVEAWAY';

/** Has a billing tab and a payment method to keep (spec 2 §2): every kind but a driveaway. */
export const hasBillingTab = (product: ProductKind) => product !== 'DRIVEAWAY';

/** A product string read from storage, narrowed (unknown values are subscriptions, as before ADR 245). */
export function productKindOf(product: string | null | undefined): ProductKind {
  return product === 'ANNUAL' || product === 'DRIVEAWAY' ? product : 'SUBSCRIPTION';
}

/** The brand's scheme of a code (a policy's or a proposal's `schemeCode`); undefined when the brand has none. */
export function schemeOf<S extends { schemeCode: string }>(
  schemes: readonly S[],
  schemeCode: string | null | undefined,
): S | undefined {
  return schemes.find((s) => s.schemeCode === schemeCode);
}

/** The product kind of a scheme code in the brand's schemes (`productKindOf` of its scheme's product). */
export function productOfScheme(
  schemes: readonly { schemeCode: string; product?: string | null | undefined }[],
  schemeCode: string | null | undefined,
): ProductKind {
  return productKindOf(schemeOf(schemes, schemeCode)?.product);
}
