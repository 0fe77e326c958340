import {
  mergeProposalsRequestSchema,
  mergeProposalsResponseSchema,
  policyholderSchema,
  registerAccountCodeSentSchema,
  registerAccountRequestSchema,
  registerAccountResponseSchema,
  updatePolicyholderSchema,
  validateAccountRequestSchema,
  validateAccountResponseSchema,
  verificationRequiredSchema,
} from '@forecourt/contracts/identity';
import { proposalCodeParamsSchema } from '@forecourt/contracts/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { getPolicyholder } from './get-policyholder.ts';
import { mergeProposals } from './merge-proposals.ts';
import { registerAccount } from './register-account.ts';
import { updatePolicyholder } from './update-policyholder.ts';
import { validateAccount } from './validate-account.ts';

/** Customer accounts: the policyholder, account set-up from a proposal, and merging a visitor's quotes. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];

  app.get(
    '/api/policyholder',
    { schema: { tags, summary: 'The signed-in customer’s account', response: { 200: policyholderSchema } } },
    async (request) => getPolicyholder(ctxOf(request)),
  );
  app.patch(
    '/api/policyholder',
    {
      schema: {
        tags,
        summary:
          'Change account settings (only what changed is sent); a new e-mail or phone number needs the code sent to it',
        body: updatePolicyholderSchema,
        response: { 200: policyholderSchema, 202: verificationRequiredSchema },
      },
    },
    async (request, reply) => {
      const result = await updatePolicyholder(ctxOf(request), request.body);
      return reply.status(result.status).send(result.body as never);
    },
  );
  app.post(
    '/api/policyholder/validateAccount',
    {
      schema: {
        tags,
        summary:
          'Checks the proposal can hold an account; answers OK without telling whether the e-mail has one',
        body: validateAccountRequestSchema,
        response: { 200: validateAccountResponseSchema },
      },
    },
    async (request) => validateAccount(ctxOf(request), request.body),
  );
  app.post(
    '/api/proposals/:code/account',
    {
      schema: {
        tags,
        summary:
          'Register the proposal’s policyholder as an account holder: sends a code to the e-mail (202), then completes with it (200)',
        params: proposalCodeParamsSchema,
        body: registerAccountRequestSchema.nullish(),
        response: { 200: registerAccountResponseSchema, 202: registerAccountCodeSentSchema },
      },
    },
    async (request, reply) => {
      const result = await registerAccount(ctxOf(request), request.params.code, request.body ?? {});
      return reply.status(result.status).send(result.body as never);
    },
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
    async (request) => mergeProposals(ctxOf(request), request.body),
  );
};
