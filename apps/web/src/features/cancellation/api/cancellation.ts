import type { Adjustment, CreateAdjustmentRequest } from '@forecourt/contracts/adjustments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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
 * (one Idempotency-Key per form, so a retry confirms once), and hand it on. The policy is not read again
 * here: the confirmation does that once it is on screen (`useReadCancelledPolicy`).
 */
export function useCancelPolicy(
  policyId: string,
  idempotencyKey: string,
  /** Goes to the confirmation, which reads the policy again. */
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
    onSuccess: (adjustment) => {
      client.setQueryData(queryKeys.adjustment(adjustment.adjustmentId), adjustment);
      onDone(adjustment);
    },
  });
}

/**
 * The confirmation reads the cancelled policy (and the home page's list) again once it has mounted. Read any
 * sooner, a CANCELLED policy still on the cancel page's path has no cancel page, and the policy page sends it
 * to the root before the router's update to the confirmation (a React transition) has committed.
 */
export function useReadCancelledPolicy(policyId: string) {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: queryKeys.policy(policyId) });
    void client.invalidateQueries({ queryKey: queryKeys.myPolicies() });
  }, [client, policyId]);
}
