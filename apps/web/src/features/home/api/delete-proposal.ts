import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { homeEndpoints } from '../../../lib/api/home-endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** DELETE /api/proposals/{code} from the card's manage menu; home's list is read again afterwards. */
export function useDeleteProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(homeEndpoints.deleteProposal, { params: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myProposals() }),
  });
}
