import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { homeEndpoints } from '../../../lib/api/home-endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The caller's proposals (an anonymous visitor's from this session), for home. Home never shows the
 * error modal for this list: a failure just leaves it out. */
export function useMyProposals() {
  return useQuery({
    queryKey: queryKeys.myProposals(),
    queryFn: ({ signal }) => call(homeEndpoints.listProposals, { signal }).then((r) => r.items),
    meta: { errorModal: false },
    retry: false,
  });
}
