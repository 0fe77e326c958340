import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../lib/context.ts';

export const paymentCtx = (app: FastifyInstance, request: FastifyRequest): Ctx => ({
  ...app.services,
  caller: request.caller,
  log: request.log,
});

/** The app's public origin for hosted-page return links and sandbox webhooks. */
export function appOrigin(app: FastifyInstance, request: FastifyRequest): string {
  if (app.services.env.PUBLIC_URL) return app.services.env.PUBLIC_URL.replace(/\/$/, '');
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? 'localhost';
  return `${request.protocol}://${Array.isArray(host) ? host[0] : host}`;
}
