import { webhookAckSchema } from '@forecourt/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { handleCardWebhook } from './handle-card-webhook.ts';
import { handleDirectDebitWebhook } from './handle-direct-debit-webhook.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Provider webhooks. Signatures are over the exact bytes sent, so in this plugin (only) JSON bodies are
 * kept as the raw string and parsed by the provider after the signature is checked.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );
  const raw = (body: unknown) => (typeof body === 'string' ? body : '');
  app.post(
    '/api/stripe/webhooks',
    { schema: { tags: ['webhooks'], summary: 'Card provider events', response: { 200: webhookAckSchema } } },
    async (req) => handleCardWebhook(ctxOf(req), raw(req.body), header(req.headers['stripe-signature'])),
  );
  app.post(
    '/api/gocardless/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Direct Debit provider events',
        response: { 200: webhookAckSchema },
      },
    },
    async (req) =>
      handleDirectDebitWebhook(ctxOf(req), raw(req.body), header(req.headers['webhook-signature'])),
  );
};
