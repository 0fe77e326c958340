import { publicConfigSchema } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfig, requestOrigin, varyByOrigin } from './public-config.ts';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The white-label configuration the browser needs',
        querystring: z.object({ mode: z.enum(['customer', 'admin']).default('customer') }),
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      // The issuer in it follows the request's origin: never cached by a shared cache (ADR 127).
      reply.header('cache-control', 'no-cache, private');
      varyByOrigin(reply);
      return publicConfig(app.services, {
        admin: request.query.mode === 'admin',
        origin: requestOrigin(request),
      });
    },
  );
};
