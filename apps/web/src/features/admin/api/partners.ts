import type { CreatePartnerEndpoint, ReplayPartnerEvents } from '@forecourt/contracts/partners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { partnerEndpoints } from '../../../lib/api/partner-endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The brand's webhook endpoints (GET /api/admin/partners/endpoints). */
export function usePartnerEndpoints() {
  return useQuery({
    queryKey: queryKeys.partnerEndpoints(),
    queryFn: ({ signal }) => call(partnerEndpoints.listPartnerEndpoints, { signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** One endpoint's delivery log, newest first. */
export function usePartnerDeliveries(endpointId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.partnerDeliveries(endpointId ?? ''),
    queryFn: ({ signal }) =>
      call(partnerEndpoints.listPartnerDeliveries, { params: { id: endpointId ?? '' }, signal }),
    enabled: Boolean(endpointId),
    meta: { errorModal: false },
    retry: false,
  });
}

const refresh = (client: ReturnType<typeof useQueryClient>) =>
  void client.invalidateQueries({ queryKey: queryKeys.partnerEndpoints() });

/** A new endpoint: the answer holds its secret, shown once. */
export function useCreatePartnerEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePartnerEndpoint) => call(partnerEndpoints.createPartnerEndpoint, { body }),
    meta: { errorModal: false },
    onSuccess: () => refresh(client),
  });
}

export function useSetPartnerEndpointEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { id: string; enabled: boolean }) =>
      call(partnerEndpoints.setPartnerEndpointEnabled, {
        params: { id: o.id },
        body: { enabled: o.enabled },
      }),
    meta: { errorModal: false },
    onSuccess: () => refresh(client),
  });
}

export function useRollPartnerSecret() {
  return useMutation({
    mutationFn: (id: string) => call(partnerEndpoints.rollPartnerSecret, { params: { id } }),
    meta: { errorModal: false },
  });
}

export function useReplayPartnerEvents(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplayPartnerEvents) =>
      call(partnerEndpoints.replayPartnerEvents, { params: { id: endpointId }, body }),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.partnerDeliveries(endpointId) }),
  });
}
