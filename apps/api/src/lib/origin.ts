import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The app's public origin for a request: PUBLIC_URL when set; otherwise the request's own scheme and host,
 * where X-Forwarded-Proto and X-Forwarded-Host count only when they come from a trusted proxy (TRUST_PROXY,
 * Fastify's trustProxy decides). Every place that derives an origin goes through here (ADR 127).
 */
export function requestOrigin(request: FastifyRequest): string {
  const { env } = request.server.services;
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  const host = HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** A host name or IP literal with an optional port: nothing that could smuggle a path, user or scheme. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A response that depends on the request's origin must not be shared across hosts by a cache. */
export function varyByOrigin(reply: FastifyReply) {
  if (reply.server.services.env.PUBLIC_URL) return;
  reply.header('vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
}
