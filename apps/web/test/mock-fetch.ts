import { vi } from 'vitest';
import type { Endpoint, ResponseOf } from '../src/lib/api/endpoint.ts';

export type Reply = { status?: number; body?: unknown };

/** A 2xx answer to one endpoint, typed by its contract: a value the contract forbids does not compile. */
export const reply = <E extends Endpoint>(_endpoint: E, body: ResponseOf<E>, status = 200): Reply => ({
  status,
  body,
});
/** The answer to a call, or undefined for a 404; a promise holds the answer back (a slow request). */
export type Route = (
  method: string,
  path: string,
  body: unknown,
) => Reply | undefined | Promise<Reply | undefined>;

/** Stubs global fetch with a router over /api paths; returns the list of calls made. */
export function mockFetch(route: Route) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init: RequestInit = {}) => {
      const u = new URL(String(url));
      const path = `${u.pathname.replace(/^\/api/, '')}${u.search}`;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
      const reply = (await route(method, path, body)) ?? {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Not found' },
      };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
