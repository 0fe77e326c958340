import {
  adjustmentIdParamsSchema,
  adjustmentSchema,
  cancellationOptionsSchema,
  commitAdjustmentRequestSchema,
  createAdjustmentRequestSchema,
  mtaPaymentBodySchema,
} from '@forecourt/contracts/adjustments';
import { customerPaymentSchema } from '@forecourt/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { toCustomerPayment } from '../payments/index.ts';
import { cancellationOptions } from './cancellation.ts';
import { getAdjustment } from './change-summary.ts';
import { commitAdjustment, createAdjustment } from './commit-adjustment.ts';
import { createMtaPayment } from './pay-adjustment.ts';

/** Policy adjustments (spec 3 §7 "Adjustments") and what cancelling a policy would do (spec 2 §4). */
export const adjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customerPayments/checkout/mta',
    {
      schema: {
        tags: ['billing'],
        summary:
          'The card payment a dearer change of a policy paid in full takes before it is confirmed (ADR 300)',
        body: mtaPaymentBodySchema,
        headers: idempotencyHeaders,
        response: { 200: customerPaymentSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'customer-payment.mta', async () =>
        toCustomerPayment(await createMtaPayment(ctxOf(req), req.body.adjustmentId)),
      ),
  );
  app.post(
    '/api/policyAdjustments',
    {
      schema: {
        tags: ['policies'],
        summary: 'Make a change or cancellation of a policy to review (nothing changes until committed)',
        body: createAdjustmentRequestSchema,
        response: { 201: adjustmentSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await createAdjustment(ctxOf(req), req.body)),
  );
  app.get(
    '/api/policyAdjustments/:id',
    {
      schema: {
        tags: ['policies'],
        summary: "One of the caller's adjustments",
        params: adjustmentIdParamsSchema,
        response: { 200: adjustmentSchema },
      },
    },
    async (req) => getAdjustment(ctxOf(req), req.params.id),
  );
  app.post(
    '/api/policyAdjustments/:id/commit',
    {
      schema: {
        tags: ['policies'],
        summary:
          'Confirm an adjustment (once; 410 when it has expired); a referred change only with acceptCancellation, which cancels the policy',
        params: adjustmentIdParamsSchema,
        headers: idempotencyHeaders,
        body: commitAdjustmentRequestSchema,
        response: { 200: adjustmentSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'adjustment.commit', () =>
        commitAdjustment(ctxOf(req), req.params.id, req.body ?? {}),
      ),
  );
  app.get(
    '/api/policies/:id/cancellation',
    {
      schema: {
        tags: ['policies'],
        summary: 'What cancelling the policy now offers: rule, reasons, deferral and refund',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: cancellationOptionsSchema },
      },
    },
    async (req) => cancellationOptions(ctxOf(req), req.params.id),
  );
};
