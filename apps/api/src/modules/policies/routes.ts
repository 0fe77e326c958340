import { bindResponseSchema, policiesQuerySchema, policySchema } from '@forecourt/contracts/policies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireParty } from '../../lib/auth.ts';
import type { AppServices, Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { registerFulfilment } from '../payments/fulfilment.ts';
import { paymentCtx } from '../payments/payment-ctx.ts';
import { bindProposal } from './bind-proposal.ts';
import { getPolicy, listPolicies } from './get-policies.ts';

const documentsLater = (services: AppServices, versionId: string) => () =>
  requestPolicyDocuments(services, versionId);

/** POST /api/proposals/{code}/bind, and bind on a settled first payment (fulfilment by webhook). */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFulfilment('bind', async (ctx: Ctx, payment) => {
    try {
      const bound = await bindProposal(ctx, payment.reference, payment.partyId);
      return bound.created ? documentsLater(app.services, bound.policyVersionId) : undefined;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.log.warn(
        { paymentId: payment.id, reason: err.message },
        'paid, but the proposal could not be bound',
      );
      return undefined;
    }
  });

  app.get(
    '/api/policies',
    {
      schema: {
        tags: ['policies'],
        summary: "The caller's policies",
        querystring: policiesQuerySchema,
        response: { 200: z.array(policySchema) },
      },
    },
    async (req) => listPolicies(paymentCtx(app, req), req.query),
  );
  app.get(
    '/api/policies/:id',
    {
      schema: {
        tags: ['policies'],
        summary: "One of the caller's policies",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: policySchema },
      },
    },
    async (req) => getPolicy(paymentCtx(app, req), req.params.id),
  );

  app.post(
    '/api/proposals/:code/bind',
    {
      schema: {
        tags: ['policies'],
        summary: 'Make the policy from a paid (or Direct Debit) proposal; safe to retry',
        params: z.object({ code: z.string().min(1).max(40) }),
        headers: idempotencyHeaders,
        response: { 200: bindResponseSchema },
      },
    },
    async (req, reply) => {
      const ctx = paymentCtx(app, req);
      const partyId = requireParty(ctx.caller);
      return idempotentRoute(app.services, req, reply, 'bind', async () => {
        const bound = await ctx.db.transaction((tx) =>
          bindProposal({ ...ctx, db: tx }, req.params.code, partyId),
        );
        if (bound.created) await documentsLater(app.services, bound.policyVersionId)();
        return { policyId: bound.policyId, policyNumber: bound.policyNumber, status: bound.status };
      });
    },
  );
};
