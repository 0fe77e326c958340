import type { Proposal, ProposalChange, UpdateProposalRequest } from '@forecourt/contracts/proposals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportGlobalError } from '../../../app/errors/global-errors.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { getProposal, updateProposal } from './proposals.ts';

export const proposalKey = queryKeys.proposal;

export function useProposal(code: string) {
  // A missing proposal redirects home (spec 3 §8), so no error modal.
  return useQuery({
    queryKey: proposalKey(code),
    queryFn: () => getProposal(code),
    retry: false,
    meta: { errorModal: false },
  });
}

/** PATCH the proposal and put the answer straight into the cache (every page re-renders from it). */
export function useUpdateProposal(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UpdateProposalRequest> & { changes: ProposalChange[] }) =>
      updateProposal(code, body),
    onSuccess: (proposal: Proposal) => client.setQueryData(proposalKey(code), proposal),
    // A 400 lists its field errors on the page (ServerErrors); anything else opens the error modal.
    onError: (error) => {
      if (!(isApiError(error) && error.status === 400)) reportGlobalError(error);
    },
    meta: { errorModal: false },
  });
}
