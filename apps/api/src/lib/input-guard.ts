import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** NUL (PostgreSQL refuses it in text and jsonb) or a UTF-16 surrogate without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * Where the first bad text (in a string or an object key) of a parsed body is, however deep, as a field
 * path (`description`, `claim.parties.0.name`; `""` for the body itself), or undefined when there is none.
 */
export function badTextPath(value: unknown): string | undefined {
  const stack: { v: unknown; path: string[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: string[] };
    if (typeof v === 'string') {
      if (isBadText(v)) return path.join('.');
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push({ v: item, path: [...path, String(i)] });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (isBadText(key)) return path.join('.');
        stack.push({ v: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** True when any string (or object key) in a parsed body, however deep, is bad text. */
export const containsBadText = (value: unknown): boolean => badTextPath(value) !== undefined;

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

export function refuseBadText(request: FastifyRequest, reply: FastifyReply, field?: string) {
  const fieldErrors = field ? { [field]: [BAD_TEXT_MESSAGE] } : undefined;
  return reply
    .status(400)
    .send({ code: 'VALIDATION', message: BAD_TEXT_MESSAGE, fieldErrors, requestId: request.id });
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
    if (request.body === undefined) return;
    const field = badTextPath(request.body);
    if (field !== undefined) return refuseBadText(request, reply, field || undefined);
  });
}
