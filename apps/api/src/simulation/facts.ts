/**
 * What the simulation asked for and was told: the only input of the oracle's model (ADR 343). No figure the
 * billing code computed is here: the prices are the quotes the customer was shown, the instants are the ones
 * the simulation chose.
 */
import type { Product } from './plan.ts';

/** A quote's figures as the customer saw them (pence). */
export interface QuoteTotals {
  /** The price paid in full (annual, driveaway): quote.totals.discountedPrice. */
  price: number;
  /** The monthly instalments: monthly.first for the first paid month, monthly.regular after. */
  first: number;
  regular: number;
  /** Free promotional months at the start (instalment 0). */
  freeMonths: number;
}

export interface Facts {
  product: Product;
  policyId?: string;
  /** Paid monthly by Direct Debit. */
  directDebit?: boolean;
  boughtAt?: Date;
  /** The instant cover starts: the purchase instant when it starts today, else London midnight of the day. */
  coverStart?: Date;
  /** Each version's prices and the instant it takes effect (the first: the cover start). */
  versions: { from: Date; totals: QuoteTotals }[];
  /** The ends the simulation asked for (a cancellation, a void, an NTU) and when it asked. */
  ends: { at: Date; why: 'cancel' | 'void' | 'ntu'; requestedAt: Date }[];
  /** Payment-day changes asked for (staff, where the brand allows them). */
  paymentDays: { at: Date; day: number }[];
  /** Operations with an effect to count (a bind, a settlement). */
  events: { kind: string; at: Date; key: string }[];
  /**
   * Spans in which the billing run did not run (a worker down): from the first run missed to the first run
   * again. Inside one, cover is billed only as far as the last run before it billed it.
   */
  billingDown: { from: Date; to: Date }[];
  /** Operations the product refused (a 4xx answer): no effect expected. */
  refused: string[];
}
