import { errorResponseSchema } from '@forecourt/contracts';
import {
  createdPartnerKeySchema,
  createPartnerKeyRequestSchema,
  partnerKeyListSchema,
  partnerKeyParamsSchema,
  partnerKeySchema,
  partnerLinkRequestSchema,
  partnerLinkResponseSchema,
  partnerQuoteRequestSchema,
  partnerQuoteResponseSchema,
  sourceInsightsSchema,
} from '@forecourt/contracts/partner-quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders } from '../../lib/idempotency.ts';
import { PARTNER_ADMIN } from '../../lib/roles.ts';
import { serializeFast } from '../../lib/serializer.ts';
import { INSIGHTS_PERMISSION } from '../insights/index.ts';
import { partnerOf } from './api-keys.ts';
import { createPartnerQuote } from './create-partner-quote.ts';
import { createPartnerKey, listPartnerKeys, revokePartnerKey } from './manage-keys.ts';
import { openQuoteLink } from './open-quote-link.ts';
import { sourceInsights } from './source-insights.ts';

/** The partner's key (checked before validation, in onRequest) and the optional Idempotency-Key. */
const partnerHeaders = idempotencyHeaders.extend({ 'x-api-key': z.string().max(200).optional() });

const refused = (what: string) => errorResponseSchema.describe(what);

/** The aggregator quote API (issue 31 part 2, ADR 363), its deep link, and the staff screens for keys and sources. */
export const partnerQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  serializeFast(partnerQuoteResponseSchema);
  app.post(
    '/api/partners/quotes',
    {
      // The key is checked before anything else is read of the request (a 401 before any 400).
      onRequest: async (request) => {
        request.partnerKey = await partnerOf(app.services, request);
      },
      schema: {
        tags: ['partners'],
        summary: 'A priced quote for a complete risk, in one call (price-comparison sites)',
        description:
          'Authenticated by the partner API key in `X-Api-Key` (no session). The body is the contract of a ' +
          'complete proposal (`POST /api/proposals` with every answer), checked and rated by the same rules as ' +
          'the web journey. The answer carries no personal data: the quote reference, the status ' +
          '(quoted, referred or declined, with reasons), the prices in pence, the excess, until when the price ' +
          'holds, and a one-time deep link (24 hours) opening the quote at the price step. Send an ' +
          '`Idempotency-Key` to make a retry answer the same quote. Limited per key: 429 with `Retry-After`.',
        security: [{ partnerApiKey: [] }],
        headers: partnerHeaders,
        body: partnerQuoteRequestSchema,
        response: {
          201: partnerQuoteResponseSchema,
          400: refused('The risk is incomplete or invalid: field-level errors'),
          401: refused('Missing, unknown or revoked API key'),
          422: refused('This Idempotency-Key was used for a different request'),
          429: refused('Over the key’s rate limit: see Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const { body, replayed } = await createPartnerQuote(
        ctxOf(request),
        request.partnerKey!,
        request.body,
        request.headers['idempotency-key'],
        appOrigin(request),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(body);
    },
  );
  app.post(
    '/api/session/partner-quote',
    {
      schema: {
        tags: ['session'],
        summary: 'Open a partner quote’s deep link: a quote session, once',
        security: [],
        body: partnerLinkRequestSchema,
        response: { 200: partnerLinkResponseSchema, 410: refused('The link was used or has expired') },
      },
    },
    async (request) => openQuoteLink(app.services, request.body.token),
  );

  const staff = { tags: ['admin'] };
  app.get(
    '/api/admin/partner-keys',
    {
      config: { permission: PARTNER_ADMIN },
      schema: {
        ...staff,
        summary: 'Partner API keys (staff with partner:admin)',
        response: { 200: partnerKeyListSchema },
      },
    },
    async (request) => listPartnerKeys(ctxOf(request)),
  );
  app.post(
    '/api/admin/partner-keys',
    {
      config: { permission: PARTNER_ADMIN },
      schema: {
        ...staff,
        summary: 'Create a partner API key: the key is in this answer only (staff with partner:admin)',
        body: createPartnerKeyRequestSchema,
        response: { 201: createdPartnerKeySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createPartnerKey(ctxOf(request), request.body)),
  );
  app.post(
    '/api/admin/partner-keys/:id/revoke',
    {
      config: { permission: PARTNER_ADMIN },
      schema: {
        ...staff,
        summary: 'Revoke a partner API key (staff with partner:admin)',
        params: partnerKeyParamsSchema,
        response: { 200: partnerKeySchema },
      },
    },
    async (request) => revokePartnerKey(ctxOf(request), request.params.id),
  );
  app.get(
    '/api/admin/insights/sources',
    {
      config: { permission: INSIGHTS_PERMISSION },
      schema: {
        ...staff,
        summary:
          'Quotes, bought and conversion per source (partner and campaign; staff with access:insights)',
        response: { 200: sourceInsightsSchema },
      },
    },
    async (request) => sourceInsights(ctxOf(request)),
  );
};
