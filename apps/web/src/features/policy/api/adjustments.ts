import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Makes a mid-term change to review (spec 3 §4 step 2); nothing changes until it is confirmed. */
export function useMakeAdjustment(policyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { changes: AdjustmentChange[]; effectiveAt?: string | undefined }) =>
      call(endpoints.createPolicyAdjustment, {
        body: {
          adjustmentType: 'MTA',
          policyId,
          changes: o.changes,
          ...(o.effectiveAt ? { effectiveAt: o.effectiveAt } : {}),
        },
      }),
    meta: { errorModal: false },
    onSuccess: (a) => client.setQueryData(queryKeys.adjustment(a.adjustmentId), a),
  });
}

/**
 * Confirms a reviewed change once (one Idempotency-Key per review), then reads the policy again. A referred
 * change is confirmed with `acceptCancellation` and answers the cancellation it led to (ADR 256).
 */
export function useConfirmAdjustment(policyId: string, idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { adjustmentId: string; acceptCancellation?: boolean }) =>
      call(endpoints.commitPolicyAdjustment, {
        params: { id: o.adjustmentId },
        body: o.acceptCancellation ? { acceptCancellation: true } : {},
        headers: { 'idempotency-key': idempotencyKey },
      }),
    meta: { errorModal: false },
    onSuccess: async (a) => {
      client.setQueryData(queryKeys.adjustment(a.adjustmentId), a);
      await client.invalidateQueries({ queryKey: queryKeys.policy(policyId) });
      if (a.adjustmentType === 'CANCELLATION')
        await client.invalidateQueries({ queryKey: queryKeys.myPolicies() });
    },
  });
}
