import type { Adjustment, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** What cancelling the policy now offers (rule, reasons, deferral, refund if now). */
export function useCancellationOptions(policyId: string) {
  return useQuery({
    queryKey: queryKeys.cancellationOptions(policyId),
    queryFn: ({ signal }) => call(endpoints.getCancellationOptions, { params: { id: policyId }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

/**
 * Cancellation (spec 2 §4): make the adjustment of type cancellation, confirm it when it is not confirmed yet
 * (one Idempotency-Key per form, so a retry confirms once), hand it on, then reload the policy.
 */
export function useCancelPolicy(
  policyId: string,
  idempotencyKey: string,
  /** Runs before the policy is read again (a cancelled policy no longer has a cancel page to stay on). */
  onDone: (adjustment: Adjustment) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Pick<CreateAdjustmentRequest, 'reason' | 'effectiveAt'>) => {
      const made = await call(endpoints.createPolicyAdjustment, {
        body: { adjustmentType: 'CANCELLATION', policyId, changes: [], ...input },
      });
      if (made.confirmed) return made;
      return call(endpoints.commitPolicyAdjustment, {
        params: { id: made.adjustmentId },
        body: {},
        headers: { 'idempotency-key': idempotencyKey },
      });
    },
    meta: { errorModal: false },
    onSuccess: async (adjustment) => {
      client.setQueryData(queryKeys.adjustment(adjustment.adjustmentId), adjustment);
      onDone(adjustment);
      await client.invalidateQueries({ queryKey: queryKeys.policy(policyId) });
      await client.invalidateQueries({ queryKey: queryKeys.myPolicies() });
    },
  });
}
