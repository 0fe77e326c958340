import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindProposal } from '../api/bind-proposal.ts';
import { proposalKey } from '../api/use-checkout-proposal.ts';

/** Binds the proposal (one Idempotency-Key per proposal) and reloads it: its status POLICY shows success. */
export function useBind(proposalCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bindProposal(proposalCode),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKey(proposalCode) }),
  });
}
