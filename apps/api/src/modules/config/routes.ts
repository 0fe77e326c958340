import { publicConfigSchema } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../lib/context.ts';
import { publicConfig } from './public-config.ts';

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
    async (request) =>
      publicConfig(app.services, {
        admin: request.query.mode === 'admin',
        origin: requestOrigin(request.headers, request.protocol),
      }),
  );
};
