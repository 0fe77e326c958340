import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { partnerEndpoints } from '../../../lib/api/partner-endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The brand's partner API keys, prefixes only (GET /api/admin/partner-keys). */
export function usePartnerKeys() {
  return useQuery({
    queryKey: queryKeys.partnerKeys(),
    queryFn: ({ signal }) => call(partnerEndpoints.listPartnerKeys, { signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** A new key for a partner (POST /api/admin/partner-keys): the answer holds the key, shown this once. */
export function useCreatePartnerKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (partner: string) => call(partnerEndpoints.createPartnerKey, { body: { partner } }),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.partnerKeys() }),
  });
}

/** Revoke a key (POST /api/admin/partner-keys/{id}/revoke): it stops working at once. */
export function useRevokePartnerKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(partnerEndpoints.revokePartnerKey, { params: { id } }),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.partnerKeys() }),
  });
}
