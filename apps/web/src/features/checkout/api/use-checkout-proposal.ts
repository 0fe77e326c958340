import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** The same cache key as the quote journey's proposal query, so both areas share one copy. */
export const proposalKey = queryKeys.proposal;

export const getProposal = (code: string) => call(endpoints.getProposal, { params: { code } });

export function useCheckoutProposal(code: string) {
  return useQuery({ queryKey: proposalKey(code), queryFn: () => getProposal(code), retry: false });
}
