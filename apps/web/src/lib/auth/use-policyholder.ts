import type { Policyholder, UpdatePolicyholder } from '@forecourt/contracts/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { isApiError } from '../api/errors.ts';

export const policyholderKey = ['policyholder'] as const;

/** GET /api/policyholder. */
export function usePolicyholder(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: policyholderKey,
    queryFn: ({ signal }) => api<Policyholder>('/policyholder', { signal }),
    enabled: options.enabled ?? true,
  });
}

/** PATCH /api/policyholder with only the changed settings; 400/409 field errors are the form's to show. */
export function useUpdatePolicyholder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePolicyholder) =>
      api<Policyholder>('/policyholder', { method: 'PATCH', body: changes }),
    onSuccess: (data) => queryClient.setQueryData(policyholderKey, data),
    meta: { errorModal: false },
  });
}

export const fieldErrorsOf = (e: unknown) => (isApiError(e) ? e.fieldErrors : undefined);
