import type { RenewalDecisionBody } from '@forecourt/contracts/renewals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Renewals waiting for staff (GET /api/admin/renewals). */
export function useRenewalQueue() {
  return useQuery({
    queryKey: queryKeys.renewalQueue(),
    queryFn: ({ signal }) => call(endpoints.listRenewalQueue, { signal }),
  });
}

/** One renewal of the queue (GET /api/admin/renewals/{code}); a missing one shows a notice, not the modal. */
export function useRenewalReview(code: string) {
  return useQuery({
    queryKey: queryKeys.renewalReview(code),
    queryFn: ({ signal }) => call(endpoints.getRenewalReview, { params: { code }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** Release or re-rate (POST /api/admin/renewals/{code}/decision); refusals are shown inline. */
export function useDecideRenewal(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalDecisionBody) => call(endpoints.decideRenewal, { params: { code }, body }),
    meta: { errorModal: false },
    onSuccess: (review) => {
      client.setQueryData(queryKeys.renewalReview(code), review);
      void client.invalidateQueries({ queryKey: queryKeys.renewalQueue(), exact: true });
    },
  });
}
