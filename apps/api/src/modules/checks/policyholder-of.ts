import { policyholderOf as holderAnswers } from '@forecourt/domain/proposal/readers';
import { validation } from '../../lib/errors.ts';
import type { IdentityPerson } from '../../providers/identity-check/identity-check-provider.ts';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The person an identity check runs on: the proposal's policyholder. Name and date of birth are needed
 * (a 400 naming the missing answers otherwise); e-mail and address are passed when given.
 */
export function policyholderOf(data: Record<string, unknown>): IdentityPerson {
  const holder = holderAnswers(
    data as { profiles?: { profileCode?: string; data?: Record<string, unknown> }[] },
  );
  const firstName = text(holder.firstName);
  const lastName = text(holder.lastName);
  const dateOfBirth = text(holder.dateOfBirth);
  const missing: Record<string, string[]> = {};
  if (!firstName) missing['policyholder.firstName'] = ['validation.required'];
  if (!lastName) missing['policyholder.lastName'] = ['validation.required'];
  if (!dateOfBirth) missing['policyholder.dateOfBirth'] = ['validation.required'];
  if (!firstName || !lastName || !dateOfBirth)
    throw validation(missing, 'The policyholder’s name and date of birth are needed for the identity check');
  const address = holder.address as Record<string, unknown> | undefined;
  const line1 = text(address?.line1);
  const postalCode = text(address?.postalCode);
  return {
    firstName,
    lastName,
    dateOfBirth,
    email: text(holder.email),
    address: line1 && postalCode ? { line1, city: text(address?.city), postalCode } : undefined,
  };
}
