import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Clock } from '../src/lib/context.ts';
import { installEventHandlers } from '../src/lib/domain-events.ts';
import { eventHandlers } from '../src/wiring.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './helpers/test-app.ts';

/** A clock tests can move forward. */
export function movableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface ListeningApp extends TestApp {
  base: string;
  clock: ReturnType<typeof movableClock>;
}

/** The test staff tokens' kinds (`<kind>:<partyId>`) and their permissions. */
const STAFF_KINDS = {
  staff: ['access:impersonate', 'finance'],
  clerk: ['access:impersonate'],
  uw: ['access:impersonate', 'action:underwriting'],
} as const;

/**
 * The real app listening on a free port, so the sandbox providers' webhooks reach it by real HTTP.
 * Staff tokens for tests: `Bearer staff:<partyId>` acts as an admin (access:impersonate and finance)
 * impersonating that customer; `Bearer clerk:<partyId>` the same without finance; `Bearer uw:<partyId>` an
 * underwriter (action:underwriting) acting for them (the identity module's real OIDC tokens are tested there).
 */
export async function listeningApp(options: TestAppOptions = {}): Promise<ListeningApp> {
  const clock = movableClock();
  const t = await createTestApp({ clock, ...options });
  t.app.tokenVerifiers.push(async (token) => {
    const [kind, partyId] = token.split(':', 2);
    if (!kind || !Object.hasOwn(STAFF_KINDS, kind)) return null;
    const permissions = STAFF_KINDS[kind as keyof typeof STAFF_KINDS];
    return {
      kind: 'admin',
      userId: `${kind}-1`,
      permissions: [...permissions],
      claims: {},
      partyId: partyId || undefined,
    };
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...t, base: `http://127.0.0.1:${port}`, clock };
}

export async function session(base: string) {
  const res = await fetch(`${base}/api/session`, { method: 'POST' });
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { token: accessToken, partyId: decodeJwt(accessToken).sub as string };
}

export async function api(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Submits a hosted page's form as a browser would; returns the status and where it redirects. */
export async function submitForm(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

export const rows = async (t: TestApp, sql: string, values: unknown[] = []) =>
  (await t.database.query(sql, values)).rows;

export type { FastifyInstance };

/**
 * A listening app whose settled payments only call `fulfilled` (the payment's id) instead of their purpose's
 * handler, for a file whose payments pay for nothing real. Its close puts the app's wiring back.
 */
export async function recordingApp(fulfilled: (paymentId: string) => void): Promise<ListeningApp> {
  const t = await listeningApp();
  installEventHandlers({
    ...eventHandlers,
    'payment.settled': async (_ctx, { payment }) => {
      fulfilled(payment.id);
      return undefined;
    },
  });
  return {
    ...t,
    close: async () => {
      installEventHandlers(eventHandlers);
      await t.close();
    },
  };
}
