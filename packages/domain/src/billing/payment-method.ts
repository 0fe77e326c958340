/**
 * Spec 1 §4 / spec 2 §4, the payment method rules for a customer account (ADR 313). A method is needed while
 * the account still has payments to collect: a subscription (paid in full products collect nothing more) whose
 * policy has not ended. It is missing when needed and the account's card or mandate cannot collect (none on
 * file, or a cancelled mandate); which notification ("missing card" or "missing mandate") follows from how the
 * account pays. A lapsed subscription whose renewal quote is open needs one too: taking the renewal up is paid by it.
 */
import type { PolicyStatus, ProductKind } from '../enums.ts';
import { paidInFull } from '../policy/term.ts';
import { isEndedStatus } from '../status.ts';

export function paymentMethodNeeded(o: {
  product: ProductKind | undefined;
  policyStatus: PolicyStatus;
  /**
   * A lapsed subscription whose renewal quote can still be taken up: taking it up is paid by this method (ADR 400).
   * A paid-in-full product takes no method here (its take-up is charged to the card on file).
   */
  renewalOpen?: boolean;
}) {
  if (o.product === undefined || paidInFull(o.product)) return false;
  return !isEndedStatus(o.policyStatus) || o.renewalOpen === true;
}

export type MissingPaymentMethod = 'card' | 'mandate';

export function missingPaymentMethod(account: {
  paymentMethodType: 'CARD' | 'BACS_DEBIT';
  paymentMethodUsable?: boolean | undefined;
  paymentMethodNeeded?: boolean | undefined;
}): MissingPaymentMethod | null {
  if (account.paymentMethodNeeded === false || account.paymentMethodUsable !== false) return null;
  return account.paymentMethodType === 'CARD' ? 'card' : 'mandate';
}
