import { randomInt } from 'node:crypto';

/** The brand prefix every policy number keeps. */
export const POLICY_NUMBER_PREFIX = 'FCM';
const RANDOM_DIGITS = 12;

/** The Luhn check digit of a string of digits (catches every single-digit typo and most swaps). */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * A new policy number (issue 9 item 10, ADR 122): the brand prefix, 12 random digits (about 40 bits, so
 * numbers cannot be walked or guessed as the old sequence could) and a Luhn check digit, e.g.
 * FCM4831270595162. Digits only, so it reads out on the phone as before. The database's unique index on
 * policy_number turns the (about one in a trillion per pair) collision into a retried bind.
 */
export function newPolicyNumber(): string {
  let digits = '';
  for (let i = 0; i < RANDOM_DIGITS; i++) digits += String(randomInt(0, 10));
  return `${POLICY_NUMBER_PREFIX}${digits}${luhnCheckDigit(digits)}`;
}

/** Whether a string has the shape and check digit of a policy number (a typo fails before any lookup). */
export function isPolicyNumber(value: string): boolean {
  const m = /^FCM(\d{12})(\d)$/.exec(value);
  return m !== null && luhnCheckDigit(m[1] as string) === m[2];
}
