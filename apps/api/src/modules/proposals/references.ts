import { randomBytes } from 'node:crypto';

/** Letters and digits that cannot be misread for each other on a phone call (no 0/O, 1/I/L, U/V). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** Unbiased: bytes at or above the largest multiple of the alphabet's size are drawn again. */
function randomCode(length: number): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length))
      if (b < limit && out.length < length) out += ALPHABET[b % ALPHABET.length];
  }
  return out;
}

/**
 * The quote reference a visitor reads out or types to retrieve a quote, e.g. FC-7K3M9-Q2XWP: 10 characters
 * of a 29-letter alphabet, about 48 bits (the old 6 had 29), so references cannot be guessed or walked
 * (issue 9 item 10, ADR 122). Retrieval still needs the date of birth and postcode too.
 */
export const newExternalReference = () => `FC-${randomCode(5)}-${randomCode(5)}`;

/** The proposal's internal code (URL segment). */
export const newProposalCode = () => `prp_${randomCode(16).toLowerCase()}`;
