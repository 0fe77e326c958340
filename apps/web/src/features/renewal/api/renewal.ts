import type { RenewalChangeRequest } from '@forecourt/contracts/policies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The renewal proposal (GET /api/proposals/{code}); a missing one sends the page home. */
export function useRenewalProposal(code: string) {
  return useQuery({
    queryKey: queryKeys.proposal(code),
    queryFn: ({ signal }) => call(endpoints.getProposal, { params: { code }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** The policy the renewal renews (GET /api/policies/{id}). */
export function useRenewedPolicy(policyId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.policy(policyId ?? ''),
    queryFn: ({ signal }) => call(endpoints.getPolicy, { params: { id: policyId ?? '' }, signal }),
    enabled: policyId !== undefined,
    meta: { errorModal: false },
    retry: false,
  });
}

/** A cover or excess change on the renewal quote (PATCH /api/renewals/{code}): re-priced and capped. */
export function useChangeRenewal(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalChangeRequest) => call(endpoints.changeRenewal, { params: { code }, body }),
    onSuccess: (proposal) => client.setQueryData(queryKeys.proposal(code), proposal),
  });
}
