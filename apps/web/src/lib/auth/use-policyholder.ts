import type { UpdatePolicyholder } from '@forecourt/contracts/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/endpoint.ts';
import { endpoints } from '../api/endpoints.ts';
import { isApiError } from '../api/errors.ts';
import { queryKeys } from '../api/query-keys.ts';

export const policyholderKey = queryKeys.policyholder();

/** GET /api/policyholder. */
export function usePolicyholder(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: policyholderKey,
    queryFn: ({ signal }) => call(endpoints.getPolicyholder, { signal }),
    enabled: options.enabled ?? true,
  });
}

/**
 * PATCH /api/policyholder with only the changed settings; 400/409 field errors are the form's to show.
 * A new e-mail or mobile answers VERIFICATION_REQUIRED (202): repeat the change with the code sent to it.
 */
export function useUpdatePolicyholder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePolicyholder) => call(endpoints.updatePolicyholder, { body: changes }),
    onSuccess: (data) => {
      if (!('status' in data)) queryClient.setQueryData(policyholderKey, data);
    },
    meta: { errorModal: false },
  });
}

export const fieldErrorsOf = (e: unknown) => (isApiError(e) ? e.fieldErrors : undefined);
