import type { ClaimTransitionRequest } from '@forecourt/contracts/claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Every claim, open first and oldest first (GET /api/admin/claims). */
export function useStaffClaims() {
  return useQuery({
    queryKey: queryKeys.staffClaims(),
    queryFn: ({ signal }) => call(endpoints.listStaffClaims, { signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** One claim with the report, uploads and history (GET /api/admin/claims/{reference}). */
export function useStaffClaim(claimReference: string) {
  return useQuery({
    queryKey: queryKeys.staffClaim(claimReference),
    queryFn: ({ signal }) => call(endpoints.getStaffClaim, { params: { claimReference }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** Move the claim on with a note (POST /api/admin/claims/{reference}/transition); refusals are shown inline. */
export function useMoveStaffClaim(claimReference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimTransitionRequest) =>
      call(endpoints.moveStaffClaim, { params: { claimReference }, body }),
    meta: { errorModal: false },
    onSuccess: (claim) => {
      client.setQueryData(queryKeys.staffClaim(claimReference), claim);
      void client.invalidateQueries({ queryKey: queryKeys.staffClaims(), exact: true });
    },
  });
}
