import type {
  CreateProposalRequest,
  ProposalChange,
  UpdateProposalRequest,
} from '@forecourt/contracts/proposals';
import { call, type QueryOf } from '../../../lib/api/endpoint.ts';
import { endpoints } from '../../../lib/api/endpoints.ts';

/** The proposal calls of spec 3 §7 the quote journey makes. */
export const createProposal = (body: CreateProposalRequest) => call(endpoints.createProposal, { body });

export const listProposals = (query: QueryOf<typeof endpoints.listProposals>) =>
  call(endpoints.listProposals, { query });

export const getProposal = (code: string) => call(endpoints.getProposal, { params: { code } });

export const updateProposal = (
  code: string,
  body: Partial<UpdateProposalRequest> & { changes: ProposalChange[] },
) => call(endpoints.updateProposal, { params: { code }, body });

export const recordTracking = (code: string, values: Record<string, string>) =>
  call(endpoints.recordTracking, { params: { code }, body: { values } });

export const validateForm = (profile: string, data: unknown) =>
  call(endpoints.validateForm, { params: { profile }, body: { data } });

/** PATCH /proposals/{code}/promotions/{id}: {id} names the promotion disclosure the code was entered in. */
export const activatePromotion = (code: string, disclosureId: string, promotionActivationCode: string) =>
  call(endpoints.activatePromotion, {
    params: { code, id: disclosureId },
    body: { promotionActivationCode },
  });
