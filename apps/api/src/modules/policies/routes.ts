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
import { ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { toCustomerPayment } from '../payments/index.ts';
import { bindNow } from './bind-paid-proposal.ts';
import { createBindPayment } from './create-bind-payment.ts';
import { markNotTakenUp, UNDERWRITING_PERMISSION, voidPolicy } from './end-from-inception.ts';
import { getPolicyWithAnswers, listPolicies } from './get-policies.ts';
import { prepareCustomerAccount } from './prepare-customer-account.ts';

/**
 * Checkout and bind: how a verified proposal is paid (POST /api/customerAccounts), the payment it takes today
 * (POST /api/customerPayments/checkout/bind) and POST /api/proposals/{code}/bind. Bind on a settled first
 * payment is the `payment.settled` event's (ADR 346).
 */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
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
      config: { permission: UNDERWRITING_PERMISSION, actingForCustomer: true },
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
      config: { permission: UNDERWRITING_PERMISSION, actingForCustomer: true },
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
        const bound = await bindNow(ctx, req.params.code, partyId);
        return { policyId: bound.policyId, policyNumber: bound.policyNumber, status: bound.status };
      });
    },
  );
};
