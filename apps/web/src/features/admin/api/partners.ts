import type { CreatePartnerEndpoint, ReplayPartnerEvents } from '@forecourt/contracts/partners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The brand's webhook endpoints (GET /api/admin/partners/endpoints). */
export function usePartnerEndpoints() {
  return useQuery({
    queryKey: queryKeys.partnerEndpoints(),
    queryFn: ({ signal }) => call(endpoints.listPartnerEndpoints, { signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/** One endpoint's delivery log, newest first. */
export function usePartnerDeliveries(endpointId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.partnerDeliveries(endpointId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.listPartnerDeliveries, { params: { id: endpointId ?? '' }, signal }),
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
    mutationFn: (body: CreatePartnerEndpoint) => call(endpoints.createPartnerEndpoint, { body }),
    meta: { errorModal: false },
    onSuccess: () => refresh(client),
  });
}

export function useSetPartnerEndpointEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { id: string; enabled: boolean }) =>
      call(endpoints.setPartnerEndpointEnabled, { params: { id: o.id }, body: { enabled: o.enabled } }),
    meta: { errorModal: false },
    onSuccess: () => refresh(client),
  });
}

export function useRollPartnerSecret() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.rollPartnerSecret, { params: { id } }),
    meta: { errorModal: false },
  });
}

export function useReplayPartnerEvents(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplayPartnerEvents) =>
      call(endpoints.replayPartnerEvents, { params: { id: endpointId }, body }),
    meta: { errorModal: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.partnerDeliveries(endpointId) }),
  });
}
