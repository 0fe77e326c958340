import {
  bindPaymentBodySchema,
  customerAccountSchema,
  customerAccountsQuerySchema,
  nextStatementEstimateSchema,
  paymentDayBodySchema,
  prepareAccountBodySchema,
  preparedAccountSchema,
  statementSchema,
  statementSummarySchema,
} from '@forecourt/contracts/billing';
import { customerPaymentSchema } from '@forecourt/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { toCustomerPayment } from '../payments/create-customer-payment.ts';
import { registerFulfilment } from '../payments/fulfilment.ts';
import { paymentCtx } from '../payments/payment-ctx.ts';
import { createBindPayment } from './create-bind-payment.ts';
import { listCustomerAccounts } from './list-customer-accounts.ts';
import { changePaymentDay, nextStatementEstimate } from './payment-day.ts';
import { prepareCustomerAccount } from './prepare-customer-account.ts';
import { applySettlement } from './settle-account.ts';
import { getStatement, listStatements } from './statements.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFulfilment('settle', async (ctx, payment) => {
    await applySettlement(ctx, payment);
    return undefined;
  });
  const tags = ['billing'];
  app.post(
    '/api/customerPayments/checkout/bind',
    {
      schema: {
        tags,
        summary: 'The payment a purchase takes today',
        body: bindPaymentBodySchema,
        headers: idempotencyHeaders,
        response: { 200: customerPaymentSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'customer-payment.bind', async () =>
        toCustomerPayment(await createBindPayment(paymentCtx(app, req), req.body.proposalCode)),
      ),
  );
  app.post(
    '/api/customerAccounts',
    {
      schema: {
        tags,
        summary: 'How the purchase of a verified proposal will be paid (402 until verified: retry)',
        body: prepareAccountBodySchema,
        headers: idempotencyHeaders,
        response: { 200: preparedAccountSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'customer-account.create', () =>
        prepareCustomerAccount(paymentCtx(app, req), req.body.proposalCode),
      ),
  );
  app.get(
    '/api/customerAccounts',
    {
      schema: {
        tags,
        summary: "The caller's customer accounts",
        querystring: customerAccountsQuerySchema,
        response: { 200: z.array(customerAccountSchema) },
      },
    },
    async (req) => listCustomerAccounts(paymentCtx(app, req), req.query),
  );
  app.get(
    '/api/customerAccounts/:id/statements',
    {
      schema: {
        tags,
        summary: "An account's statements, newest first",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.array(statementSummarySchema) },
      },
    },
    async (req) => listStatements(paymentCtx(app, req), req.params.id),
  );
  app.get(
    '/api/customerAccounts/:id/statements/:statementId',
    {
      schema: {
        tags,
        summary: 'A statement with its line items',
        params: z.object({ id: z.string().uuid(), statementId: z.string().uuid() }),
        response: { 200: statementSchema },
      },
    },
    async (req) => getStatement(paymentCtx(app, req), req.params.id, req.params.statementId),
  );
  app.put(
    '/api/customerAccounts/:id/paymentDay',
    {
      schema: {
        tags,
        summary: "Staff change an account's payment day (1 to 28)",
        params: z.object({ id: z.string().uuid() }),
        body: paymentDayBodySchema,
        response: { 200: paymentDayBodySchema },
      },
    },
    async (req) => changePaymentDay(paymentCtx(app, req), req.params.id, req.body.paymentDay),
  );
  app.get(
    '/api/customerAccounts/:id/nextStatementEstimate',
    {
      schema: {
        tags,
        summary: 'When the next payment is due and roughly how much',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: nextStatementEstimateSchema },
      },
    },
    async (req) => nextStatementEstimate(paymentCtx(app, req), req.params.id),
  );
};
