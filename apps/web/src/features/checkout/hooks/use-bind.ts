import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/errors.ts';
import { bindProposal } from '../api/bind-proposal.ts';
import { proposalKey } from '../api/use-checkout-proposal.ts';

/**
 * Binds the proposal (one Idempotency-Key per proposal) and reloads it: its status POLICY shows success.
 * `inlineErrors`: the page says what went wrong itself, so the global error modal stays shut;
 * `onPaymentRequired`: called on a 402 (a payment is due first).
 */
export function useBind(
  proposalCode: string,
  options: { inlineErrors?: boolean; onPaymentRequired?: () => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bindProposal(proposalCode),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalKey(proposalCode) }),
    onError: (err) => {
      if (isApiError(err) && err.status === 402) options.onPaymentRequired?.();
    },
    ...(options.inlineErrors ? { meta: { errorModal: false } } : {}),
  });
}
