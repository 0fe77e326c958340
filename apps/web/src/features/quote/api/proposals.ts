import type {
  CreateProposalRequest,
  FormValidationResponse,
  Proposal,
  ProposalChange,
  UpdateProposalRequest,
} from '@forecourt/contracts/proposals';
import { api } from '../../../lib/api/client.ts';

/** The proposal calls of spec 3 §7 the quote journey makes. */
export const createProposal = (body: CreateProposalRequest) =>
  api<Proposal>('/proposals', { method: 'POST', body });

export const listProposals = (query: { schemeCode?: string; externalReference?: string }) =>
  api<{ items: Proposal[] }>('/proposals', { query });

export const getProposal = (code: string) => api<Proposal>(`/proposals/${encodeURIComponent(code)}`);

export const updateProposal = (
  code: string,
  body: Partial<UpdateProposalRequest> & { changes: ProposalChange[] },
) => api<Proposal>(`/proposals/${encodeURIComponent(code)}`, { method: 'PATCH', body });

export const recordTracking = (code: string, values: Record<string, string>) =>
  api<unknown>(`/proposals/${encodeURIComponent(code)}/tracking`, { method: 'POST', body: { values } });

export const validateForm = (profile: string, data: unknown) =>
  api<FormValidationResponse>(`/form/validation/${encodeURIComponent(profile)}`, {
    method: 'POST',
    body: { data },
  });

/** PATCH /proposals/{code}/promotions/{id}: {id} names the promotion disclosure the code was entered in. */
export const activatePromotion = (code: string, disclosureId: string, promotionActivationCode: string) =>
  api<Proposal>(`/proposals/${encodeURIComponent(code)}/promotions/${encodeURIComponent(disclosureId)}`, {
    method: 'PATCH',
    body: { promotionActivationCode },
  });
