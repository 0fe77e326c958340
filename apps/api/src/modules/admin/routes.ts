import { auditListSchema } from '@forecourt/contracts/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ACT_FOR_CUSTOMER } from '../../lib/roles.ts';
import { listAudit } from './list-audit.ts';

/** Admin-only reads. The audit log has no write, change or delete endpoint. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      config: { permission: ACT_FOR_CUSTOMER },
      schema: {
        tags: ['admin'],
        summary: 'What staff did while impersonating customers (newest first)',
        querystring: z.object({
          customer: z.string().uuid().optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: auditListSchema },
      },
    },
    async (request) => listAudit(ctxOf(request), request.query),
  );
};
