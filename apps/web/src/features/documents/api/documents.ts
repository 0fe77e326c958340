import type { PolicyDocumentKind } from '@forecourt/contracts/documents';
import { call } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';
import { isApiError } from '../../../lib/api/errors.ts';

/** The signed link to one version's certificate or schedule (spec 2 §7 getPolicyDocument). */
export function policyDocumentLink(policyId: string, doc: PolicyDocumentKind, version?: number) {
  return call(endpoints.getPolicyDocument, {
    params: { id: policyId, doc },
    query: version === undefined ? {} : { version },
  });
}

/** A document not generated yet (DOCUMENT_NOT_READY) or missing: the "being generated" modal, not an error. */
export const isDocumentMissing = (err: unknown) => isApiError(err) && err.status === 404;
