import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context.ts';

/** The use-case context for a lookup request. */
export const lookupCtx = (app: FastifyInstance, request: FastifyRequest): Ctx => ({
  ...app.services,
  caller: request.caller,
  log: request.log,
});
