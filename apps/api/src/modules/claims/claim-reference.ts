import { randomInt } from 'node:crypto';

/** Crockford's base32 without I, L, O and U: easy to read out on the phone, hard to mistype. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new claim reference, `CLM-XXXX-XXXX-XXXX`: 12 random characters (60 bits) from a CSPRNG, so one
 * customer's reference says nothing about another's and cannot be guessed (ADR 160).
 */
export function newClaimReference(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `CLM-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
