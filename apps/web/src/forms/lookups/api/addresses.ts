import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export const ADDRESS_DEBOUNCE_MS = 500;

/**
 * findAddresses (spec 1 §7): fires 500 ms after typing stops, never for blank text; a container (a postcode
 * result) is listed at once.
 */
export function useAddressFind(text: string, container: string | undefined) {
  const settled = useDebouncedValue(text.trim(), ADDRESS_DEBOUNCE_MS);
  const enabled = !!container || settled.length > 0;
  return useQuery({
    queryKey: queryKeys.addresses(container ? '' : settled, container),
    queryFn: ({ signal }) =>
      call(endpoints.findAddresses, {
        query: { service: 'GBR', text: container ? text.trim() : settled, container },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorModal: false },
  });
}

/** getAddress: the full address of a chosen result. */
export function useAddressRetrieve() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.getAddress, { params: { id }, query: { service: 'GBR' } }),
    meta: { errorModal: false },
  });
}
