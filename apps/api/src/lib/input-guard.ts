import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** NUL (PostgreSQL refuses it in text and jsonb) or a UTF-16 surrogate without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/** True when any string (or object key) in a parsed body, however deep, is bad text. */
export function containsBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (isBadText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (isBadText(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** True when the raw request target (path and query) decodes to bad text or is not valid percent-encoded UTF-8. */
export function urlHasBadText(url: string): boolean {
  if (!url.includes('%')) return isBadText(url);
  try {
    // `+` is a space in queries; it cannot hide a NUL, so plain decoding is enough here.
    return isBadText(decodeURIComponent(url));
  } catch {
    // Malformed escapes, including UTF-8 for a lone surrogate (%ED%A0%80), which decodes to nothing valid.
    return true;
  }
}

export const BAD_TEXT_MESSAGE = 'The request contains a NUL character or invalid Unicode text';

export function refuseBadText(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(400).send({ code: 'VALIDATION', message: BAD_TEXT_MESSAGE, requestId: request.id });
}

/**
 * One guard for every input (ADR 128): the path and query of every request (before routing, so also the
 * embedded identity provider and unknown paths) and every parsed body (before validation), so no endpoint
 * can forget. The identity provider reads its own bodies; its mount checks them with `containsBadText`.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (urlHasBadText(request.url)) return refuseBadText(request, reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.body !== undefined && containsBadText(request.body)) return refuseBadText(request, reply);
  });
}
