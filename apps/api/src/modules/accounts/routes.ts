import {
  mergeProposalsRequestSchema,
  mergeProposalsResponseSchema,
  policyholderSchema,
  registerAccountResponseSchema,
  updatePolicyholderSchema,
  validateAccountRequestSchema,
  validateAccountResponseSchema,
} from '@forecourt/contracts/identity';
import { proposalCodeParamsSchema } from '@forecourt/contracts/proposals';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Ctx } from '../../lib/context.ts';
import { getPolicyholder } from './get-policyholder.ts';
import { mergeProposals } from './merge-proposals.ts';
import { registerAccount } from './register-account.ts';
import { updatePolicyholder } from './update-policyholder.ts';
import { validateAccount } from './validate-account.ts';

/** Customer accounts: the policyholder, account set-up from a proposal, and merging a visitor's quotes. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest): Ctx => ({
    ...app.services,
    caller: request.caller,
    log: request.log,
  });
  const tags = ['accounts'];

  app.get(
    '/api/policyholder',
    { schema: { tags, summary: 'The signed-in customer’s account', response: { 200: policyholderSchema } } },
    async (request) => getPolicyholder(ctx(request)),
  );
  app.patch(
    '/api/policyholder',
    {
      schema: {
        tags,
        summary: 'Change account settings (only what changed is sent)',
        body: updatePolicyholderSchema,
        response: { 200: policyholderSchema },
      },
    },
    async (request) => updatePolicyholder(ctx(request), request.body),
  );
  app.post(
    '/api/policyholder/validateAccount',
    {
      schema: {
        tags,
        summary: 'May this proposal’s policyholder open an account (OK) or must they sign in (CONFLICT)?',
        body: validateAccountRequestSchema,
        response: { 200: validateAccountResponseSchema },
      },
    },
    async (request) => validateAccount(ctx(request), request.body),
  );
  app.post(
    '/api/proposals/:code/account',
    {
      schema: {
        tags,
        summary: 'Register the proposal’s policyholder as an account holder',
        params: proposalCodeParamsSchema,
        response: { 200: registerAccountResponseSchema },
      },
    },
    async (request) => registerAccount(ctx(request), request.params.code),
  );
  app.post(
    '/api/proposals/merge',
    {
      schema: {
        tags,
        summary: 'Move an anonymous visitor’s proposals into the signed-in customer’s account',
        body: mergeProposalsRequestSchema,
        response: { 200: mergeProposalsResponseSchema },
      },
    },
    async (request) => mergeProposals(ctx(request), request.body),
  );
};
