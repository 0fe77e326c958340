import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet writes for `options`, worked out once: helmet's middleware is run against a
 * response that only records what is set. Our options have no per-request parts (no nonces, no directive
 * functions), so every response gets the same headers. Helmet refuses bad directives here, at start-up.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * Helmet's headers on every response (API routes, the web app, the identity provider, 404s and errors), set
 * before routing as @fastify/helmet did. @fastify/helmet called `helmet(config)` again on every request,
 * parsing the CSP directives each time, in two async hooks (issue 29: 7% of a PATCH's CPU); the values are the
 * same each time, so they are made once here and set by one synchronous hook.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
