/**
 * The sandbox's test cards and tokens, the same numbers Stripe documents for test mode:
 * - 4242 4242 4242 4242 (tok_visa): succeeds
 * - 4000 0000 0000 0002 (tok_chargeDeclined): declined, decline code card_declined
 * - 4000 0000 0000 9995 (tok_chargeDeclinedInsufficientFunds): declined, decline code insufficient_funds
 * Any other number is refused as not a test card.
 */
/**
 * Cards that attach and pay on the page but fail later, off-session (the billing run), as Stripe's
 * 4000 0000 0000 0341 does: declined, insufficient funds, authentication required.
 */
export const LATER_FAILURES: Record<
  string,
  'card_declined' | 'insufficient_funds' | 'authentication_required'
> = {
  '4000000000000341': 'card_declined',
  '4000008260003178': 'insufficient_funds',
  '4000002760003184': 'authentication_required',
};

export const LATER_FAILURE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your bank asks you to confirm this payment: pay it from your account.',
};

/** A sandbox saved card's id names its last four digits, so an off-session charge knows the card. */
export const savedCardId = (number: string, random: string) => `pm_test_${number.slice(-4)}_${random}`;

export type CardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds';

export const TEST_CARDS: Record<string, { outcome: CardOutcome; brand: string }> = {
  '4242424242424242': { outcome: 'succeeded', brand: 'visa' },
  '4000000000000002': { outcome: 'card_declined', brand: 'visa' },
  '4000000000009995': { outcome: 'insufficient_funds', brand: 'visa' },
  '4000000000000341': { outcome: 'succeeded', brand: 'visa' },
  '4000008260003178': { outcome: 'succeeded', brand: 'visa' },
  '4000002760003184': { outcome: 'succeeded', brand: 'visa' },
  '4000000000005126': { outcome: 'succeeded', brand: 'visa' },
};

/**
 * A card that pays, but whose refunds fail some time after they were made, as Stripe's 4000 0000 0000 5126 does
 * (ADR 406): the refund is `succeeded` at first, then `failed` (the card was closed meanwhile), told by a
 * `charge.refund.updated` webhook. The sandbox fails it on the working day after the refund.
 */
export const REFUND_FAILS_LATER = new Set(['5126']);
/** Working days from a refund to its failing, for a REFUND_FAILS_LATER card (London calendar). */
export const SANDBOX_CARD_REFUND_FAILS_WORKING_DAYS = 1;

export const STATIC_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_chargeCustomerFail: '4000000000000341',
  tok_laterInsufficientFunds: '4000008260003178',
  tok_laterAuthenticationRequired: '4000002760003184',
  tok_refundFail: '4000000000005126',
};

export const DECLINE_MESSAGES: Record<Exclude<CardOutcome, 'succeeded'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}
