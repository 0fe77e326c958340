import type { PolicyDocumentKind } from '@forecourt/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** One of the caller's policies (spec 2 §7 getPolicy). A missing one (404, or 400 for a malformed id) is
 * not an error modal: the page goes home. */
export function usePolicy(policyId: string) {
  return useQuery({
    queryKey: queryKeys.policy(policyId),
    queryFn: ({ signal }) => call(endpoints.getPolicy, { params: { id: policyId }, signal }),
    meta: { errorModal: false },
    retry: false,
  });
}

export const isMissing = (err: unknown) => isApiError(err) && (err.status === 404 || err.status === 400);

/** The policy's billing account (GET /customerAccounts?policyNumber=), or null when it has none. */
export function usePolicyAccount(policyNumber: string | undefined) {
  return useQuery({
    queryKey: queryKeys.policyAccount(policyNumber ?? ''),
    queryFn: async ({ signal }) =>
      (await call(endpoints.listCustomerAccounts, { query: { policyNumber }, signal }))[0] ?? null,
    enabled: policyNumber !== undefined,
    meta: { errorModal: false },
    retry: false,
  });
}

/** When the next payment is due and roughly how much (GET /customerAccounts/{id}/nextStatementEstimate). */
export function useNextPayment(accountId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.nextStatement(accountId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.nextStatementEstimate, { params: { id: accountId ?? '' }, signal }),
    enabled: accountId !== undefined,
    meta: { errorModal: false },
    retry: false,
  });
}

/** The signed link to one version's certificate or schedule (spec 2 §7 getPolicyDocument). */
export function policyDocumentLink(policyId: string, doc: PolicyDocumentKind, version?: number) {
  return call(endpoints.getPolicyDocument, {
    params: { id: policyId, doc },
    query: version === undefined ? {} : { version },
  });
}

/** A document not generated yet (DOCUMENT_NOT_READY) or missing: the "being generated" modal, not an error. */
export const isDocumentMissing = (err: unknown) => isApiError(err) && err.status === 404;
