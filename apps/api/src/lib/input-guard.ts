import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validation } from './errors.ts';

/** NUL (PostgreSQL refuses it in text and jsonb) or a UTF-16 surrogate without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * Where a parsed body holds bad text (a string or an object key, however deep), as a field path in the
 * shape of validation errors (`otherParty.name`, `witnesses.0.name`; `body` for the body itself); undefined
 * when it holds none.
 */
export function badTextPath(value: unknown): string | undefined {
  // Most bodies hold none: found first without building a path for every value (a section save's body made
  // 8 KB of path strings, issue 29); the path is worked out only for a body that holds some.
  return firstBadText(value, false) === undefined ? undefined : firstBadText(value, true);
}

/** True when any string (or object key) in a parsed body, however deep, is bad text. */
export const containsBadText = (value: unknown): boolean => firstBadText(value, false) !== undefined;

/**
 * The first bad text in a parsed body, without recursion (a deep body cannot overflow the stack): its field
 * path when `paths`, else '' (no path is built).
 */
function firstBadText(value: unknown, paths: boolean): string | undefined {
  const values: unknown[] = [value];
  const at: string[] = [''];
  while (values.length > 0) {
    const v = values.pop();
    const here = at.pop()!;
    const prefix = paths && here ? `${here}.` : '';
    if (typeof v === 'string') {
      if (isBadText(v)) return here || 'body';
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        at.push(paths ? prefix + i : '');
      }
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v) && !ArrayBuffer.isView(v)) {
      for (const key of Object.keys(v)) {
        if (isBadText(key)) return here || 'body';
        values.push((v as Record<string, unknown>)[key]);
        at.push(paths ? prefix + key : '');
      }
    }
  }
  return undefined;
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

/** The one 400 answer for bad text; `field` names where in the body it was (field-level, like validation). */
export function refuseBadText(request: FastifyRequest, reply: FastifyReply, field?: string) {
  return reply.status(400).send({
    code: 'VALIDATION',
    message: BAD_TEXT_MESSAGE,
    ...(field ? { fieldErrors: { [field]: [BAD_TEXT_MESSAGE] } } : {}),
    requestId: request.id,
  });
}

/**
 * One guard for every input (ADR 128): the path and query of every request (before routing, so also the
 * embedded identity provider and unknown paths) and every parsed body (before validation), so no endpoint
 * can forget. The identity provider reads its own bodies; its mount checks them with `containsBadText`.
 */
export function registerInputGuard(app: FastifyInstance) {
  // Synchronous hooks: they run on every request (issue 29). A refusal sends the answer and stops there.
  app.addHook('onRequest', (request, reply, done) => {
    if (urlHasBadText(request.url)) refuseBadText(request, reply);
    else done();
  });
  // A body's refusal goes through the error handler, the one place that answers errors: the same 400, and for a
  // caller whose party is not confirmed yet, after that party is (ADR 372).
  app.addHook('preValidation', (request, _reply, done) => {
    const field = request.body === undefined ? undefined : badTextPath(request.body);
    if (field === undefined) done();
    else done(validation({ [field]: [BAD_TEXT_MESSAGE] }, BAD_TEXT_MESSAGE));
  });
}
