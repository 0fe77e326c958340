import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isLoopback } from './dev-pages.ts';
import { AppError } from './errors.ts';

/** The rate-limited operations: `METHOD path` as routed → the env variable holding its limit. */
export const RATE_LIMITED_ROUTES = {
  'POST /api/session': 'RATE_LIMIT_SESSIONS',
  'POST /api/proposals': 'RATE_LIMIT_PROPOSALS',
  'POST /api/session/back-book': 'RATE_LIMIT_REFERENCE_CHECKS',
  // A partner quote's deep link (ADR 363): unguessable and one-time, and still not to be tried in bulk.
  'POST /api/session/partner-quote': 'RATE_LIMIT_REFERENCE_CHECKS',
  'POST /api/policyholder/validateAccount': 'RATE_LIMIT_ACCOUNT_CHECKS',
  // Issue 27 §9, §12: changing the sign-in address (codes and notes sent) and feedback read by staff.
  'PATCH /api/policyholder': 'RATE_LIMIT_ACCOUNT_CHANGES',
  'POST /api/insights/feedback': 'RATE_LIMIT_FEEDBACK',
  // Issue 31 part 2 (ADR 363): per partner API key, not per client address.
  'POST /api/partners/quotes': 'RATE_LIMIT_PARTNER_QUOTES',
} as const;

/** Routes limited per API key (the X-Api-Key header) rather than per client, loopback included. */
const PER_API_KEY = new Set<string>(['POST /api/partners/quotes']);
const apiKeyOf = (request: FastifyRequest) => {
  const key = request.headers['x-api-key'];
  return `key:${Array.isArray(key) ? key[0] : (key ?? '')}`.slice(0, 220);
};

type Counted = { current: number; ttl: number };

/**
 * The in-memory counter store. @fastify/rate-limit's own LocalStore hands back its live counter object, which
 * later requests keep incrementing while the first one awaits: ten parallel requests under a limit of three
 * all read 10 and all get 429. This store answers with a snapshot, so exactly `max` requests pass.
 */
class SnapshotStore {
  private readonly windows = new Map<string, { count: number; startMs: number }>();
  constructor(private readonly options: { cache?: number } = {}) {}

  incr(key: string, cb: (err: Error | null, result: Counted) => void, timeWindow: number) {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.startMs + timeWindow <= now) {
      this.windows.delete(key);
      entry = { count: 0, startMs: now };
      // Forget the oldest client first when full (Map keeps insertion order).
      if (this.windows.size >= (this.options.cache ?? 10_000)) {
        this.windows.delete(this.windows.keys().next().value as string);
      }
      this.windows.set(key, entry);
    }
    entry.count += 1;
    cb(null, { current: entry.count, ttl: entry.startMs + timeWindow - now });
  }

  child(options: { cache?: number }) {
    return new SnapshotStore(options);
  }
}

/**
 * Per-client rate limits on the operations a script would hammer (ADR 128): creating sessions and proposals,
 * checking quote references and whether an e-mail has an account. Declared here, by route, so the modules
 * stay as they are. The client is the socket's address; the forwarded address counts only when TRUST_PROXY
 * names the proxies (a list of addresses or CIDRs): with `true` any client could write its own
 * X-Forwarded-For. Loopback is exempt only outside production (tests, `npm start` on a laptop).
 * Must be registered before the routes.
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { env } = app.services;
  const namedProxies = typeof env.TRUST_PROXY === 'string';
  const clientOf = (request: FastifyRequest) =>
    (namedProxies ? request.ip : request.socket.remoteAddress) ?? 'unknown';

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}` as keyof typeof RATE_LIMITED_ROUTES;
      const variable = RATE_LIMITED_ROUTES[key];
      if (!variable) continue;
      const perKey = PER_API_KEY.has(key) ? { keyGenerator: apiKeyOf, allowList: () => false } : {};
      route.config = {
        ...route.config,
        rateLimit: { max: env[variable], timeWindow: env.RATE_LIMIT_WINDOW_SECONDS * 1000, ...perKey },
      } as typeof route.config;
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientOf,
    store: SnapshotStore as never,
    allowList: (request) => env.RATE_LIMIT_EXEMPT_LOOPBACK && isLoopback(clientOf(request)),
    // Says when to try again (`retryAt`, as the retrieval lock-out does), so a page can name the time.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        { details: { retryAt: new Date(app.services.clock.now().getTime() + context.ttl).toISOString() } },
      ),
  });
}
