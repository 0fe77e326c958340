import { type IdentityCheckProvider, type IdentityPerson, resultOf } from './identity-check-provider.ts';

/**
 * The sandbox identity-check provider (default): deterministic results from documented test data (ADR 082).
 * - last name "Consider" (any case): the identity check is 'consider' (check and verify: ID check failed)
 * - date of birth 1990-01-01: the address check is 'consider' (verify only: verification failed, one check)
 * - last name "Sanctioned": the sanctions check is 'consider' (verify only)
 * - anyone else: every check is 'clear'
 * Combine them (e.g. "Sanctioned" born 1990-01-01) to get a verification with several failed checks.
 */
export function sandboxIdentityCheck(): IdentityCheckProvider {
  const last = (p: IdentityPerson) => p.lastName.trim().toLowerCase();
  const identity = (p: IdentityPerson) => (last(p) === 'consider' ? 'consider' : 'clear');
  return {
    name: 'sandbox',
    async check(person) {
      return resultOf([{ name: 'identity', result: identity(person) }]);
    },
    async verify(person) {
      return resultOf([
        { name: 'identity', result: identity(person) },
        { name: 'address', result: person.dateOfBirth === '1990-01-01' ? 'consider' : 'clear' },
        { name: 'sanctions', result: last(person) === 'sanctioned' ? 'consider' : 'clear' },
      ]);
    },
  };
}
