import {
  bindPaymentBodySchema,
  prepareAccountBodySchema,
  preparedAccountSchema,
} from '@forecourt/contracts/billing';
import { customerPaymentSchema } from '@forecourt/contracts/payments';
import {
  bindResponseSchema,
  notTakenUpBodySchema,
  policiesQuerySchema,
  policyEndResultSchema,
  policySchema,
  voidPolicyBodySchema,
} from '@forecourt/contracts/policies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireParty } from '../../lib/auth.ts';
import { type AppServices, type Ctx, ctxOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { registerNonPaymentCancellation } from '../billing/index.ts';
import { requestPolicyDocuments } from '../documents/index.ts';
import { registerFulfilment, registerSetupCheck, toCustomerPayment } from '../payments/index.ts';
import { bindProposal } from './bind-proposal.ts';
import { createBindPayment } from './create-bind-payment.ts';
import { markNotTakenUp, voidPolicy } from './end-from-inception.ts';
import { endPolicy } from './end-policy.ts';
import { getPolicyWithAnswers, listPolicies } from './get-policies.ts';
import { assertNothingDueToday } from './nothing-due-today.ts';
import { prepareCustomerAccount } from './prepare-customer-account.ts';

const documentsLater = (services: AppServices, versionId: string) => () =>
  requestPolicyDocuments(services, versionId);

/**
 * Checkout and bind: how a verified proposal is paid (POST /api/customerAccounts), the payment it takes today
 * (POST /api/customerPayments/checkout/bind), POST /api/proposals/{code}/bind, and bind on a settled first
 * payment (fulfilment by webhook).
 */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSetupCheck(assertNothingDueToday);
  registerNonPaymentCancellation(async (ctx, o) => {
    const end = { ...o, status: 'CANCELLED' as const, reason: 'NON_PAYMENT', now: o.at };
    return (await endPolicy(ctx, { ...end, mode: 'supersede' })) !== null;
  });
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

  app.post(
    '/api/customerPayments/checkout/bind',
    {
      schema: {
        tags: ['billing'],
        summary: 'The payment a purchase takes today',
        body: bindPaymentBodySchema,
        headers: idempotencyHeaders,
        response: { 200: customerPaymentSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'customer-payment.bind', async () =>
        toCustomerPayment(
          await createBindPayment(ctxOf(req), req.body.proposalCode, req.body.paymentMethodType),
        ),
      ),
  );
  app.post(
    '/api/customerAccounts',
    {
      schema: {
        tags: ['billing'],
        summary: 'How the purchase of a verified proposal will be paid (402 until verified: retry)',
        body: prepareAccountBodySchema,
        headers: idempotencyHeaders,
        response: { 200: preparedAccountSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'customer-account.create', () =>
        prepareCustomerAccount(ctxOf(req), req.body.proposalCode),
      ),
  );
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
    async (req) => listPolicies(ctxOf(req), req.query),
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
    async (req) => getPolicyWithAnswers(ctxOf(req), req.params.id),
  );

  const byId = z.object({ id: z.string().uuid() });
  app.post(
    '/api/policies/:id/void',
    {
      schema: {
        tags: ['policies'],
        summary: 'Staff (action:underwriting, impersonating) void a policy from inception (ADR 240)',
        params: byId,
        body: voidPolicyBodySchema,
        response: { 200: policyEndResultSchema },
      },
    },
    async (req) => voidPolicy(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/api/policies/:id/notTakenUp',
    {
      schema: {
        tags: ['policies'],
        summary: 'Staff (action:underwriting, impersonating) mark a policy not taken up (ADR 240)',
        params: byId,
        body: notTakenUpBodySchema,
        response: { 200: policyEndResultSchema },
      },
    },
    async (req) => markNotTakenUp(ctxOf(req), req.params.id, req.body),
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
      const ctx = ctxOf(req);
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
