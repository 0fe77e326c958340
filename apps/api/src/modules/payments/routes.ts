import {
  cardCheckoutBodySchema,
  cardSessionResponseSchema,
  cardSessionStatusSchema,
  cardSetupBodySchema,
  customerPaymentSchema,
  directDebitFlowBodySchema,
  directDebitFlowResponseSchema,
  directDebitMandateBodySchema,
  duplicatePaymentSchema,
  keptCardSchema,
  mandateSchema,
  motoCheckoutBodySchema,
} from '@forecourt/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { ACT_FOR_CUSTOMER, FINANCE, FINANCE_ONLY } from '../../lib/roles.ts';
import type { SandboxCardPayments } from '../../providers/card-payments/sandbox.ts';
import { sandboxCardRoutes } from '../../providers/card-payments/sandbox-routes.ts';
import { sandboxDirectDebitRoutes } from '../../providers/direct-debit/sandbox-routes.ts';
import {
  createCardCheckout,
  createCardSetup,
  getCardSession,
  keepSessionCard,
} from './create-card-session.ts';
import { toCustomerPayment } from './create-customer-payment.ts';
import { declinedSchema, orDeclined } from './declined-reply.ts';
import { completeMandateFlow, listMandates, startMandateFlow } from './direct-debit-mandates.ts';
import { listDuplicatePayments } from './list-duplicate-payments.ts';
import { PHONE_PAYMENT_STAFF_ONLY, settleByToken } from './settle-by-token.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Card payments under /api/stripe and Direct Debit under /api/gocardless (spec 3 §7), plus sandbox pages. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { providers } = app.services;
  for (const p of [providers.cardPayments, providers.directDebit, providers.storage])
    p.attach?.(app.services);
  if (providers.cardPayments.name === 'sandbox') {
    await sandboxCardRoutes(app, providers.cardPayments as SandboxCardPayments);
  }
  if (providers.directDebit.name === 'sandbox') await sandboxDirectDebitRoutes(app);
  await app.register(webhookRoutes);

  const tags = ['payments'];
  app.post(
    '/api/stripe/checkout',
    {
      schema: {
        tags,
        summary: 'Hosted card payment page for a customer payment',
        body: cardCheckoutBodySchema,
        response: { 200: cardSessionResponseSchema },
      },
    },
    async (req) => createCardCheckout(ctxOf(req), { ...req.body, appOrigin: appOrigin(req) }),
  );
  app.post(
    '/api/stripe/setup',
    {
      schema: {
        tags,
        summary:
          "Hosted page saving a card for later collections; clientReference a proposal code or the caller's account id (the card then collects that account's payments)",
        body: cardSetupBodySchema,
        headers: idempotencyHeaders,
        response: { 200: cardSessionResponseSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'stripe.setup', () =>
        createCardSetup(ctxOf(req), { ...req.body, appOrigin: appOrigin(req) }),
      ),
  );
  app.get(
    '/api/stripe/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: "How the caller's card session ended",
        params: z.object({ sessionId: z.string().min(1).max(100) }),
        response: { 200: cardSessionStatusSchema },
      },
    },
    async (req) => getCardSession(ctxOf(req), req.params.sessionId),
  );
  app.post(
    '/api/stripe/sessions/:sessionId/keepCard',
    {
      schema: {
        tags,
        summary:
          "Keep the card an outstanding balance was just paid with for the account's future payments (once; a repeat changes nothing)",
        params: z.object({ sessionId: z.string().min(1).max(100) }),
        response: { 200: keptCardSchema },
      },
    },
    async (req) => keepSessionCard(ctxOf(req), req.params.sessionId),
  );
  app.get(
    '/api/customerPayments/duplicates',
    {
      config: { permission: FINANCE, actingForCustomer: true, refusal: { missing: FINANCE_ONLY } },
      schema: {
        tags,
        summary: "Staff: the customer's card payments that arrived twice and were refunded",
        response: { 200: z.array(duplicatePaymentSchema) },
      },
    },
    async (req) => listDuplicatePayments(ctxOf(req)),
  );
  app.post(
    '/api/stripe/moto/checkout',
    {
      config: {
        permission: ACT_FOR_CUSTOMER,
        actingForCustomer: true,
        refusal: { notStaff: PHONE_PAYMENT_STAFF_ONLY },
      },
      schema: {
        tags,
        summary: 'Staff take a customer payment by phone with a card token',
        body: motoCheckoutBodySchema,
        headers: idempotencyHeaders,
        response: { 200: customerPaymentSchema, 402: declinedSchema },
      },
    },
    async (req, reply) =>
      orDeclined(req, reply, () =>
        idempotentRoute(app.services, req, reply, 'moto.checkout', async () =>
          toCustomerPayment(await settleByToken(ctxOf(req), req.body)),
        ),
      ),
  );

  app.post(
    '/api/gocardless/flows',
    {
      schema: {
        tags,
        summary:
          "Start a Direct Debit redirect flow; with clientReference the caller's account id, the mandate collects that account's payments once active",
        body: directDebitFlowBodySchema,
        headers: idempotencyHeaders,
        response: { 200: directDebitFlowResponseSchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'gocardless.flows', () =>
        startMandateFlow(ctxOf(req), { ...req.body, appOrigin: appOrigin(req) }),
      ),
  );
  app.post(
    '/api/gocardless/mandates',
    {
      schema: {
        tags,
        summary: 'Complete a redirect flow into a mandate',
        body: directDebitMandateBodySchema,
        response: { 200: mandateSchema },
      },
    },
    async (req) => completeMandateFlow(ctxOf(req), req.body.redirectFlowId),
  );
  app.get(
    '/api/gocardless/mandates',
    {
      schema: {
        tags,
        summary: "The caller's Direct Debit mandates",
        response: { 200: z.array(mandateSchema) },
      },
    },
    async (req) => listMandates(ctxOf(req)),
  );
};
