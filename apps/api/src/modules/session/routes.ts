import { sessionResponseSchema } from '@forecourt/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../../lib/auth.ts';
import { issueSession } from './issue-session.ts';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Issue or refresh an anonymous session token',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => issueSession(app.services, bearerToken(request)),
  );
};
