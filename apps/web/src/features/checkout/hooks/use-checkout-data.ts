import type { CollectionMethodType } from '@forecourt/domain/billing/collection';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { getProposalAccount } from '../api/customer-accounts.ts';
import { createBindPayment, listMandates } from '../api/payments.ts';

/**
 * What is due today to buy this proposal (the bind customer payment; the server keeps one per proposal),
 * saying how the policy will be collected (ADR 317): asked again when the customer switches method.
 */
export function useBindPayment(
  proposalCode: string,
  paymentMethodType: CollectionMethodType,
  enabled = true,
) {
  return useQuery({
    queryKey: [...queryKeys.bindPayment(proposalCode), paymentMethodType],
    queryFn: () => createBindPayment(proposalCode, paymentMethodType),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The customer account created at the summary (its payment method type picks the checkout page). */
export function useProposalAccount(proposalCode: string) {
  return useQuery({
    queryKey: queryKeys.proposalAccount(proposalCode),
    queryFn: () => getProposalAccount(proposalCode).then((a) => a ?? null),
    retry: false,
  });
}

export function useMandates() {
  return useQuery({ queryKey: queryKeys.mandates(), queryFn: listMandates, retry: false });
}
