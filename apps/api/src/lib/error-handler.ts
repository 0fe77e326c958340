import type { ErrorResponse } from '@forecourt/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { confirmParty } from './auth.ts';
import { AppError } from './errors.ts';

function zodFieldErrors(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
  prefix: string,
) {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const p = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const key = p || prefix;
    const list = out[key] ?? [];
    list.push(issue.message ?? 'Invalid value');
    out[key] = list;
  }
  return out;
}

/**
 * The single place where errors become HTTP responses: `{ code, message, fieldErrors?, details?, retryAt?,
 * requestId }`.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (thrown: FastifyError | AppError | Error, request, reply) => {
    let err = thrown;
    // A caller whose party was not confirmed yet (a route that asks in its own statements, ADR 372) is told of
    // nothing else, not even of its input, before its party is found still anonymous: else the 401 it is owed.
    if (request.caller?.kind === 'anonymous' && request.caller.partyUnconfirmed) {
      try {
        await confirmParty(app.services, request.caller);
      } catch (refused) {
        err = refused as Error;
      }
    }
    let status = 500;
    let body: ErrorResponse & { retryAt?: string };
    if (err instanceof AppError) {
      status = err.status;
      body = { code: err.code, message: err.message, fieldErrors: err.fieldErrors };
      // What the caller may act on (a reason code, the status found): only what the thrower chose to say.
      if (err.details) body.details = err.details;
      // A refusal for now (429) says when the caller may try again.
      if (err.code === 'RATE_LIMITED' && typeof err.details?.retryAt === 'string')
        body.retryAt = err.details.retryAt;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const where = (err as FastifyError).validationContext ?? 'body';
      body = {
        code: 'VALIDATION',
        message: `Invalid request ${where}`,
        fieldErrors: zodFieldErrors(err.validation, where),
      };
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its contract');
      body = { code: 'INTERNAL', message: 'Something went wrong on our side' };
    } else if ('validation' in err && err.validation) {
      status = 400;
      body = { code: 'VALIDATION', message: err.message };
    } else if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode < 500) {
      status = err.statusCode;
      const code =
        status === 429
          ? 'RATE_LIMITED'
          : status === 404
            ? 'NOT_FOUND'
            : status === 401
              ? 'UNAUTHORIZED'
              : 'VALIDATION';
      body = { code, message: err.message };
    } else {
      request.log.error({ err }, 'unhandled error');
      body = { code: 'INTERNAL', message: 'Something went wrong on our side' };
    }
    if (status >= 500 && err instanceof AppError) request.log.error({ err }, 'server error');
    return reply.status(status).send({ ...body, requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url}`,
      requestId: request.id,
    });
  });
}
