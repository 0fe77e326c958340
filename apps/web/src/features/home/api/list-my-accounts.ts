import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** GET /api/customerAccounts: the customer's accounts (home's balance modal and payment-method banner). */
export function useMyAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['customerAccounts', 'mine'],
    queryFn: ({ signal }) => call(endpoints.listCustomerAccounts, { signal }),
    meta: { errorModal: false },
    retry: false,
    enabled,
  });
}
