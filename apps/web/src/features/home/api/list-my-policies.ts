import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The signed-in customer's policies (spec 2 §7 getPolicies), for the Policies tab of home. */
export function useMyPolicies() {
  return useQuery({
    queryKey: queryKeys.myPolicies(),
    queryFn: ({ signal }) => call(endpoints.listPolicies, { signal }),
    // The tab says so inline; a 401 is handled by the session layer.
    meta: { errorModal: false },
  });
}
