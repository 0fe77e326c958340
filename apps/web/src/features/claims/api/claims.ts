import type {
  Claim,
  ClaimDetail,
  FnolLinkRequest,
  FnolRequest,
  FnolResponse,
} from '@forecourt/contracts/claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const claimsKey = (policyNumber: string) => ['claims', policyNumber] as const;

/** The claims on a policy (spec 2 §7 getClaims). */
export function useClaims(policyNumber: string) {
  return useQuery({
    queryKey: claimsKey(policyNumber),
    queryFn: ({ signal }) => api<Claim[]>('/claims', { query: { policyNumber }, signal }),
    meta: { errorModal: false },
  });
}

/** One claim with its progress and the handler's notes meant for the customer (the claim tracker, ADR 354). */
export function useClaim(claimReference: string) {
  return useQuery({
    queryKey: ['claim', claimReference] as const,
    queryFn: ({ signal }) => api<ClaimDetail>(`/claims/${claimReference}`, { signal }),
    meta: { errorModal: false },
  });
}

/** The built-in first notification of loss; one Idempotency-Key per form, so a retry makes no second claim. */
export function useNotifyLoss(policyNumber: string, idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: FnolRequest) =>
      api<FnolResponse>('/claims', {
        method: 'POST',
        body: report,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    meta: { errorModal: false },
    onSuccess: () => client.invalidateQueries({ queryKey: claimsKey(policyNumber) }),
  });
}

/** The external notification service's page (spec 2 §7 createFnolLink), when the brand uses one. */
export function useFnolLink() {
  return useMutation({
    mutationFn: (input: FnolLinkRequest) =>
      api<{ url: string }>('/fnol/link', { method: 'POST', body: input }),
    meta: { errorModal: false },
  });
}
