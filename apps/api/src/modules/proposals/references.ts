import { randomBytes } from 'node:crypto';

/** Letters and digits that cannot be misread for each other on a phone call (no 0/O, 1/I/L, U/V). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** The quote reference a visitor reads out or types to retrieve a quote, e.g. FC-7K3M9Q. */
export const newExternalReference = () => `FC-${randomCode(6)}`;

/** The proposal's internal code (URL segment). */
export const newProposalCode = () => `prp_${randomCode(16).toLowerCase()}`;
