import type { Proposal } from '@forecourt/contracts/proposals';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** Same cache key as the quote journey's proposal query, so both areas share one copy. */
export const proposalKey = (code: string) => ['proposal', code] as const;

export const getProposal = (code: string) => api<Proposal>(`/proposals/${encodeURIComponent(code)}`);

export function useCheckoutProposal(code: string) {
  return useQuery({ queryKey: proposalKey(code), queryFn: () => getProposal(code), retry: false });
}
