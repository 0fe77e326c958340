/**
 * How a purchase is paid and collected (spec 3 §2 "Checkout", §4 steps 7–9; spec 1 §1, §4; ADR 315–317):
 * one rule for the web's checkout pages and the API's bind, set-up checks and renewals.
 */
import type { ProductKind } from '../enums.ts';
import { paidInFull } from '../policy/term.ts';

/** The two ways a policy's payments are collected: the saved card (off-session) or a Direct Debit mandate. */
export type CollectionMethodType = 'CARD' | 'BACS_DEBIT';

/**
 * Spec 3 §4 step 9: a payment method alone (no payment) may be set up for a purchase only when nothing is
 * due today; otherwise today's amount is taken by card first. Pence, so "at or below 0.001" is "not above 0".
 */
export const nothingDueToday = (dueTodayPence: number) => dueTodayPence <= 0;

/** Which methods may collect a product: paid in full (annual, driveaway) by card only; a subscription either. */
export const collectionMethodsFor = (product: ProductKind): CollectionMethodType[] =>
  paidInFull(product) ? ['CARD'] : ['CARD', 'BACS_DEBIT'];

/** The method a purchase is collected by: the one chosen at its checkout, if the product allows it. */
export function purchaseMethodType(
  product: ProductKind,
  chosen: CollectionMethodType | null | undefined,
): CollectionMethodType | undefined {
  const allowed = collectionMethodsFor(product);
  if (allowed.length === 1) return allowed[0];
  return chosen && allowed.includes(chosen) ? chosen : undefined;
}

/**
 * The admin checkout's ways to activate a policy (spec 3 §2, §4 steps 8–9): a subscription by Direct Debit
 * with today's payment taken by card over the phone when something is due, by Direct Debit only when nothing
 * is; a product paid in full by the card payment alone (no Direct Debit).
 */
export type AdminCheckoutWay = 'ddWithCard' | 'ddOnly' | 'cardOnly';

export function adminCheckoutWays(product: ProductKind, dueTodayPence: number): AdminCheckoutWay[] {
  if (paidInFull(product)) return ['cardOnly'];
  return nothingDueToday(dueTodayPence) ? ['ddOnly'] : ['ddWithCard'];
}
