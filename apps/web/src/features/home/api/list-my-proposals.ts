import type { Proposal } from '@forecourt/contracts/proposals';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** The caller's proposals (an anonymous visitor's from this session), for home. Home never shows the
 * error modal for this list: a failure just leaves it out. */
export function useMyProposals() {
  return useQuery({
    queryKey: ['proposals', 'mine'],
    queryFn: ({ signal }) => api<{ items: Proposal[] }>('/proposals', { signal }).then((r) => r.items),
    meta: { errorModal: false },
    retry: false,
  });
}
