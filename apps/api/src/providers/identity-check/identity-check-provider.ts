/**
 * Identity and verification checks on a person (spec 3 §3, §4 steps 4 and 6): `check` is the quick identity
 * check before the add-ons; `verify` is the fuller verification before payment. A check whose result is
 * 'consider' failed; the whole result is clear only when every check is clear.
 */
export interface IdentityPerson {
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd */
  dateOfBirth: string;
  email?: string | undefined;
  address?: { line1: string; city?: string | undefined; postalCode: string } | undefined;
}

export type CheckName = 'identity' | 'address' | 'sanctions';

export interface IdentityCheckResult {
  isClear: boolean;
  checks: { name: CheckName; result: 'clear' | 'consider' }[];
}

export interface IdentityCheckProvider {
  readonly name: 'sandbox' | 'onfido';
  check(person: IdentityPerson): Promise<IdentityCheckResult>;
  verify(person: IdentityPerson): Promise<IdentityCheckResult>;
}

export const resultOf = (checks: IdentityCheckResult['checks']): IdentityCheckResult => ({
  isClear: checks.every((c) => c.result === 'clear'),
  checks,
});
