import type { CustomerAccount } from '@forecourt/contracts/billing';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { retryOn402 } from './retry-on-402.ts';

export const isDirectDebit = (account: Pick<CustomerAccount, 'paymentMethodType'> | undefined) =>
  account?.paymentMethodType === 'BACS_DEBIT';

/**
 * POST /customerAccounts {proposalCode}, retried on 402 (spec 3 §4 step 6, §8). A platform that opens the
 * account at bind instead (accountCode = policy number) answers 404: then there is nothing to do here.
 */
export async function createCustomerAccount(proposalCode: string) {
  try {
    return await retryOn402(() => call(endpoints.prepareCustomerAccount, { body: { proposalCode } }));
  } catch (err) {
    if (isApiError(err) && (err.status === 404 || err.status === 405)) return undefined;
    throw err;
  }
}

/**
 * GET /customerAccounts?proposalCode=: the account opened for this proposal, if any (none before bind).
 * The filter is the contract's, so the caller's accounts of other policies never answer for this one.
 */
export async function getProposalAccount(proposalCode: string): Promise<CustomerAccount | undefined> {
  const accounts = await call(endpoints.listCustomerAccounts, { query: { proposalCode } });
  return accounts[0];
}
