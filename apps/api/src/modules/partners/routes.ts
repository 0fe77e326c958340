import {
  createPartnerEndpointSchema,
  partnerDeliveryListSchema,
  partnerEndpointListSchema,
  partnerEndpointSchema,
  partnerEndpointWithSecretSchema,
  replayPartnerEventsSchema,
  replayResultSchema,
  setPartnerEndpointEnabledSchema,
} from '@forecourt/contracts/partners';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { PARTNER_ADMIN } from '../../lib/roles.ts';
import {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  replayEvents,
  rollSecret,
  setEndpointEnabled,
} from './endpoints.ts';

const tags = ['partners'];
const byId = z.object({ id: z.string().uuid() });
const config = { permission: PARTNER_ADMIN } as const;

/** Staff configure the brand's webhook endpoints (partner:admin, every write audited; ADR 362). */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/partners/endpoints',
    {
      config,
      schema: {
        tags,
        summary: "The brand's partner webhook endpoints",
        response: { 200: partnerEndpointListSchema },
      },
    },
    async (req) => listEndpoints(ctxOf(req)),
  );
  app.post(
    '/api/admin/partners/endpoints',
    {
      config,
      schema: {
        tags,
        summary:
          'A new webhook endpoint; the answer holds its signing secret, shown only this once (audited)',
        body: createPartnerEndpointSchema,
        response: { 201: partnerEndpointWithSecretSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createEndpoint(ctxOf(req), req.body)),
  );
  app.post(
    '/api/admin/partners/endpoints/:id/enabled',
    {
      config,
      schema: {
        tags,
        summary: 'Enable or disable an endpoint (audited)',
        params: byId,
        body: setPartnerEndpointEnabledSchema,
        response: { 200: partnerEndpointSchema },
      },
    },
    async (req) => setEndpointEnabled(ctxOf(req), req.params.id, req.body.enabled),
  );
  app.post(
    '/api/admin/partners/endpoints/:id/roll-secret',
    {
      config,
      schema: {
        tags,
        summary: 'A new signing secret, shown only in this answer; the old one stops at once (audited)',
        params: byId,
        response: { 200: partnerEndpointWithSecretSchema },
      },
    },
    async (req) => rollSecret(ctxOf(req), req.params.id),
  );
  app.get(
    '/api/admin/partners/endpoints/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: "An endpoint's delivery log (status, response code, duration, attempts), newest first",
        params: byId,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: partnerDeliveryListSchema },
      },
    },
    async (req) => listDeliveries(ctxOf(req), req.params.id, req.query.limit),
  );
  app.post(
    '/api/admin/partners/endpoints/:id/replay',
    {
      config,
      schema: {
        tags,
        summary: 'Send one event, or every event since a time, to the endpoint again (audited)',
        params: byId,
        body: replayPartnerEventsSchema,
        response: { 200: replayResultSchema },
      },
    },
    async (req) => replayEvents(ctxOf(req), req.params.id, req.body),
  );
};
