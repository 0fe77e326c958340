import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context.ts';
import { requestOrigin } from '../../lib/origin.ts';

export const paymentCtx = (app: FastifyInstance, request: FastifyRequest): Ctx => ({
  ...app.services,
  caller: request.caller,
  log: request.log,
});

/** The app's public origin for hosted-page return links and sandbox webhooks. */
export function appOrigin(_app: FastifyInstance, request: FastifyRequest): string {
  return requestOrigin(request);
}
