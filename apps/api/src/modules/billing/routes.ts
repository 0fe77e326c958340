import {
  billingDayBodySchema,
  customerAccountSchema,
  customerAccountsQuerySchema,
  nextStatementEstimateSchema,
  paymentDayBodySchema,
  paymentDayChangeSchema,
  refundsHeldSchema,
  statementSchema,
  statementSummarySchema,
} from '@forecourt/contracts/billing';
import {
  cardSessionResponseSchema,
  cardSettleBodySchema,
  customerPaymentSchema,
  motoSettleBodySchema,
} from '@forecourt/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { ACT_FOR_CUSTOMER, FINANCE, FINANCE_ONLY } from '../../lib/roles.ts';
import {
  declinedSchema,
  orDeclined,
  PHONE_PAYMENT_STAFF_ONLY,
  toCustomerPayment,
} from '../payments/index.ts';
import { listCustomerAccounts } from './list-customer-accounts.ts';
import { changePaymentDay, PAYMENT_DAY_STAFF_ONLY } from './payment-day.ts';
import { listRefundsHeld } from './refunds-held.ts';
import { settleByCardPage, settleByPhone } from './settle-account.ts';
import { nextStatementEstimate } from './standing-facts.ts';
import { getStatement, listStatements } from './statements.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['billing'];
  app.post(
    '/api/stripe/settle',
    {
      schema: {
        tags: ['payments'],
        summary: "Hosted card payment page for an account's outstanding balance",
        body: cardSettleBodySchema,
        response: { 200: cardSessionResponseSchema },
      },
    },
    async (req) => settleByCardPage(ctxOf(req), { ...req.body, appOrigin: appOrigin(req) }),
  );
  app.post(
    '/api/stripe/moto/settle',
    {
      config: {
        permission: FINANCE,
        actingForCustomer: true,
        refusal: { notStaff: PHONE_PAYMENT_STAFF_ONLY, missing: FINANCE_ONLY },
      },
      schema: {
        tags: ['payments'],
        summary: "Staff settle an account's outstanding balance by phone with a card token",
        body: motoSettleBodySchema,
        headers: idempotencyHeaders,
        response: { 200: customerPaymentSchema, 402: declinedSchema },
      },
    },
    async (req, reply) =>
      orDeclined(req, reply, () =>
        idempotentRoute(app.services, req, reply, 'moto.settle', async () =>
          toCustomerPayment(await settleByPhone(ctxOf(req), req.body)),
        ),
      ),
  );
  app.get(
    '/api/admin/refundsHeld',
    {
      config: { permission: FINANCE, refusal: { missing: FINANCE_ONLY } },
      schema: {
        tags: ['admin'],
        summary:
          'Money owed back to customers that could not be paid back (a refund failed or came back), across customers, longest waiting first (finance, without acting for a customer)',
        response: { 200: refundsHeldSchema },
      },
    },
    async (req) => listRefundsHeld(ctxOf(req)),
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
    async (req) => listCustomerAccounts(ctxOf(req), req.query),
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
    async (req) => listStatements(ctxOf(req), req.params.id),
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
    async (req) => getStatement(ctxOf(req), req.params.id, req.params.statementId),
  );
  app.put(
    '/api/customerAccounts/:id/paymentDay',
    {
      config: {
        permission: ACT_FOR_CUSTOMER,
        actingForCustomer: true,
        refusal: { notStaff: PAYMENT_DAY_STAFF_ONLY },
      },
      schema: {
        tags,
        summary: "Staff change an account's payment day (1 to 28)",
        params: z.object({ id: z.string().uuid() }),
        body: paymentDayBodySchema,
        response: { 200: paymentDayChangeSchema },
      },
    },
    async (req) =>
      changePaymentDay(ctxOf(req), { accountId: req.params.id, paymentDay: req.body.paymentDay }),
  );
  app.post(
    '/api/policies/:id/billingDay',
    {
      config: {
        permission: ACT_FOR_CUSTOMER,
        actingForCustomer: true,
        refusal: { notStaff: PAYMENT_DAY_STAFF_ONLY },
      },
      schema: {
        tags,
        summary: "Staff change a subscription's payment day (1 to 28) by its policy",
        params: z.object({ id: z.string().uuid() }),
        body: billingDayBodySchema,
        response: { 200: paymentDayChangeSchema },
      },
    },
    async (req) => changePaymentDay(ctxOf(req), { policyId: req.params.id, paymentDay: req.body.billingDay }),
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
    async (req) => nextStatementEstimate(ctxOf(req), req.params.id),
  );
};
