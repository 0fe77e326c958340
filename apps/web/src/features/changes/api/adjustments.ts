import type { AdjustmentChange } from '@forecourt/contracts/adjustments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * change is confirmed with `acceptCancellation` and answers the cancellation it led to (ADR 256): that one goes
 * to the cancellation confirmation, which reads the policy itself once it shows (read here, the cancelled
 * policy would put the review's "changes blocked" window on screen on the way).
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
      if (a.adjustmentType !== 'CANCELLATION')
        await client.invalidateQueries({ queryKey: queryKeys.policy(policyId) });
    },
  });
}

/** The browser leaves for the card provider's hosted page (a seam for tests). */
export const hostedPage = { go: (url: string) => window.location.assign(url) };

/**
 * A dearer change of a policy paid in full is paid before it is made (spec 3 §4 step 4; ADR 300): the change's
 * payment (POST /customerPayments/checkout/mta), then the hosted card page, which returns to `successUrl`
 * (the change's payment page, which confirms it and shows the result) or `cancelUrl` (the review).
 */
export function usePayForAdjustment() {
  return useMutation({
    mutationFn: async (o: { adjustmentId: string; successUrl: string; cancelUrl: string; name: string }) => {
      const payment = await call(endpoints.createMtaPayment, { body: { adjustmentId: o.adjustmentId } });
      const session = await call(endpoints.createCardCheckout, {
        body: {
          paymentId: payment.paymentId,
          successUrl: o.successUrl,
          cancelUrl: o.cancelUrl,
          lineItem: { name: o.name },
          locale: 'en-GB',
        },
      });
      hostedPage.go(session.url);
    },
    meta: { errorModal: false },
  });
}

/** One adjustment: a change's review reads it, and the cancellation confirmation its termination time and refund. */
export function useAdjustment(adjustmentId: string | null) {
  return useQuery({
    queryKey: queryKeys.adjustment(adjustmentId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.getPolicyAdjustment, { params: { id: adjustmentId ?? '' }, signal }),
    enabled: adjustmentId !== null,
    meta: { errorModal: false },
    retry: false,
  });
}
