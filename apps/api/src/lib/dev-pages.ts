import type { FastifyInstance, FastifyRequest } from 'fastify';

export const isLoopback = (ip: string | undefined) =>
  !!ip && (/^127\./.test(ip) || ip === '::1' || /^::ffff:127\./i.test(ip));

/** Whether a raw request target might be a development page once decoded and lower-cased. */
const MAY_NAME_DEV = /dev|%/i;

function pathOf(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '/';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // the input guard refuses malformed escapes before this runs
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}

/**
 * Development pages (/dev/*: the outbox with sign-in codes, the UI gallery) answer only a client on this
 * machine, and never in production (ADR 125). A request that came through a proxy the app does not trust
 * (X-Forwarded-For or Forwarded present while TRUST_PROXY is off) is not treated as local: a reverse proxy
 * on the same host would otherwise make every visitor look like loopback.
 */
export function registerDevPageGuard(app: FastifyInstance) {
  const { env } = app.services;
  // Synchronous, and a path that cannot name /dev (no 'dev' in any case, no %-escape) is let through before
  // any decoding: this runs on every request (issue 29).
  app.addHook('onRequest', (request, reply, done) => {
    if (!MAY_NAME_DEV.test(request.url)) return done();
    const route = request.routeOptions.url ?? '';
    const path = pathOf(request);
    const devPage =
      route === '/dev' || route.startsWith('/dev/') || path === '/dev' || path.startsWith('/dev/');
    if (!devPage) return done();
    const proxied =
      !env.TRUST_PROXY &&
      (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined);
    if (env.NODE_ENV !== 'production' && !proxied && isLoopback(request.ip)) return done();
    reply.status(404).send({
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      requestId: request.id,
    });
  });
}
