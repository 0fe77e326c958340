import { api } from '../../../lib/api/client.ts';
import { retryOn402 } from './retry-on-402.ts';

/** The part of a customer account checkout reads (spec 3 §3 "Customer account"). */
export interface CustomerAccount {
  accountId: string;
  paymentMethodType: string | null;
}

export const isDirectDebit = (account: CustomerAccount | undefined) =>
  account?.paymentMethodType?.toUpperCase() === 'BACS_DEBIT';

/** POST /customerAccounts {proposalCode}, retried on 402 (spec 3 §4 step 6, §8). */
export const createCustomerAccount = (proposalCode: string) =>
  retryOn402(() => api<CustomerAccount>('/customerAccounts', { method: 'POST', body: { proposalCode } }));

/** GET /customerAccounts?proposalCode=: the account created for this proposal, if any. */
export async function getProposalAccount(proposalCode: string): Promise<CustomerAccount | undefined> {
  const res = await api<CustomerAccount[] | { items: CustomerAccount[] }>('/customerAccounts', {
    query: { proposalCode },
  });
  return (Array.isArray(res) ? res : res.items)[0];
}
