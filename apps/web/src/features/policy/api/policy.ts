import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** One of the caller's policies (spec 2 §7 getPolicy). A missing one (404, or 400 for a malformed id) is
 * not an error modal: the page goes home. */
export function usePolicy(policyId: string) {
  return useQuery({
    queryKey: queryKeys.policy(policyId),
    queryFn: ({ signal }) => call(endpoints.getPolicy, { params: { id: policyId }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

export const isMissing = (err: unknown) => isApiError(err) && (err.status === 404 || err.status === 400);
