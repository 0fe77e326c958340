import { idCheckResponseSchema, verificationResponseSchema } from '@forecourt/contracts/checks';
import { proposalCodeParamsSchema } from '@forecourt/contracts/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { checkIdentity } from './check-identity.ts';
import { verifyCustomer } from './verify-customer.ts';

/** Identity check and customer verification of a proposal's policyholder (spec 3 §7 "Proposals"). */
export const checkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['proposals'];

  app.put(
    '/api/proposals/:code/id-check',
    {
      schema: {
        tags,
        summary: 'Run the identity check on the policyholder (before add-ons)',
        params: proposalCodeParamsSchema,
        response: { 200: idCheckResponseSchema },
      },
    },
    async (request) => checkIdentity(ctxOf(request), request.params.code),
  );
  app.put(
    '/api/proposals/:code/verify',
    {
      schema: {
        tags,
        summary: 'Verify the customer (identity, address, sanctions) before payment',
        params: proposalCodeParamsSchema,
        response: { 200: verificationResponseSchema },
      },
    },
    async (request) => verifyCustomer(ctxOf(request), request.params.code),
  );
};
