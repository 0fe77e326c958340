/**
 * The sandbox's test cards and tokens, the same numbers Stripe documents for test mode:
 * - 4242 4242 4242 4242 (tok_visa): succeeds
 * - 4000 0000 0000 0002 (tok_chargeDeclined): declined, decline code card_declined
 * - 4000 0000 0000 9995 (tok_chargeDeclinedInsufficientFunds): declined, decline code insufficient_funds
 * Any other number is refused as not a test card.
 */
export type CardOutcome = 'succeeded' | 'card_declined' | 'insufficient_funds';

export const TEST_CARDS: Record<string, { outcome: CardOutcome; brand: string }> = {
  '4242424242424242': { outcome: 'succeeded', brand: 'visa' },
  '4000000000000002': { outcome: 'card_declined', brand: 'visa' },
  '4000000000009995': { outcome: 'insufficient_funds', brand: 'visa' },
};

export const STATIC_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
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
