import { api } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { retryOn402 } from './retry-on-402.ts';

/** The part of a customer account checkout reads (spec 3 §3 "Customer account"). */
export interface CustomerAccount {
  accountId: string;
  paymentMethodType: string | null;
}

export const isDirectDebit = (account: CustomerAccount | undefined) =>
  account?.paymentMethodType?.toUpperCase() === 'BACS_DEBIT';

/**
 * POST /customerAccounts {proposalCode}, retried on 402 (spec 3 §4 step 6, §8). A platform that opens the
 * account at bind instead (accountCode = policy number) answers 404: then there is nothing to do here.
 */
export async function createCustomerAccount(proposalCode: string): Promise<CustomerAccount | undefined> {
  try {
    return await retryOn402(() =>
      api<CustomerAccount>('/customerAccounts', { method: 'POST', body: { proposalCode } }),
    );
  } catch (err) {
    if (isApiError(err) && (err.status === 404 || err.status === 405)) return undefined;
    throw err;
  }
}

/** GET /customerAccounts?proposalCode=: the account created for this proposal, if any. */
export async function getProposalAccount(proposalCode: string): Promise<CustomerAccount | undefined> {
  const res = await api<CustomerAccount[] | { items: CustomerAccount[] }>('/customerAccounts', {
    query: { proposalCode },
  });
  return (Array.isArray(res) ? res : res.items)[0];
}
