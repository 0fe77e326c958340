import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { prepared } from '../db/prepared.ts';
import { parties } from '../db/schema/index.ts';
import type { AppServices, Caller } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';
import { oncePer } from './once-per.ts';

export const ANONYMOUS_ISSUER = 'forecourt:anonymous';
export const ANONYMOUS_AUDIENCE = 'forecourt:api';

/** A verifier turns a bearer token into a caller, or returns null when the token is not its kind. */
export type TokenVerifier = (token: string, request: FastifyRequest) => Promise<Caller | null>;

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyInstance {
    services: AppServices;
    tokenVerifiers: TokenVerifier[];
  }
  interface FastifyContextConfig {
    /**
     * The route's use case asks whether an anonymous caller's party is still anonymous in its own statements
     * (the proposal PATCH: in its read, ADR 372): the auth hook does not ask it first, the caller is
     * `partyUnconfirmed`, and every answer other than the route's own success waits for `confirmParty`.
     */
    partyCheckedInQuery?: boolean;
  }
}

export async function signAnonymousToken(services: AppServices, partyId: string) {
  const ttl = services.env.ANONYMOUS_TOKEN_TTL_SECONDS;
  const now = Math.floor(services.clock.now().getTime() / 1000);
  const accessToken = await new SignJWT({ kind: 'anonymous' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ANONYMOUS_ISSUER)
    .setAudience(ANONYMOUS_AUDIENCE)
    .setSubject(partyId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(signingKey(services.signingSecret));
  return { accessToken, expiresIn: ttl, tokenType: 'Bearer' as const };
}

/** The signing secret as a key object, made once: given raw bytes, jose imports a key on every call (issue 15). */
const signingKey = oncePer((secret: Uint8Array): KeyObject => createSecretKey(secret));

/**
 * The party named by an anonymous session token (HS256 JWT signed with the app's secret), whatever that
 * party has become since. `allowExpiredWithin` lets POST /api/session refresh a token that expired
 * moments ago (the tab was asleep). Use `verifyAnonymousToken` to let a token reach data.
 */
export async function anonymousTokenSubject(
  services: Pick<AppServices, 'signingSecret' | 'clock'>,
  token: string,
  allowExpiredWithinSeconds = 0,
): Promise<string | null> {
  const now = services.clock.now();
  const seen = verifiedTokens(services.signingSecret);
  const known = seen.get(token);
  // A token whose signature, issuer and audience were verified before: only its expiry is checked again,
  // as jose checks it (expired when exp <= now - tolerance).
  if (known)
    return known.exp > Math.floor(now.getTime() / 1000) - allowExpiredWithinSeconds ? known.sub : null;
  try {
    const { payload } = await jwtVerify(token, signingKey(services.signingSecret), {
      issuer: ANONYMOUS_ISSUER,
      audience: ANONYMOUS_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: allowExpiredWithinSeconds,
    });
    if (typeof payload.sub !== 'string') return null;
    if (typeof payload.exp === 'number') {
      if (seen.size >= VERIFIED_TOKENS) seen.delete(seen.keys().next().value as string);
      seen.set(token, { sub: payload.sub, exp: payload.exp });
    }
    return payload.sub;
  } catch {
    return null;
  }
}

/**
 * Anonymous tokens already verified, per signing secret (the oldest forgotten first): every request of a quote
 * journey presents the same token, and jose's HMAC check through WebCrypto cost about 0.2 ms of each PATCH
 * (issue 15). The same string carries the same signature, so a token seen valid stays valid until it expires;
 * whether its party is still anonymous is asked of the database on every request (verifyAnonymousToken), or,
 * on a route that asks it in its own statements, by that route's use case (`partyCheckedInQuery`, ADR 372).
 */
const VERIFIED_TOKENS = 10_000;
const verifiedTokens = oncePer((_secret: Uint8Array) => new Map<string, { sub: string; exp: number }>());

/** What a party is now: 'anonymous', 'customer' (a verified identity holds it), 'staff', or undefined. */
export async function partyKind(services: Pick<AppServices, 'db'>, partyId: string) {
  // Every request with an anonymous token asks this (or its route's own read, ADR 372): a prepared statement
  // (db/prepared.ts).
  const query = prepared(services.db, 'party_kind', (db) =>
    db
      .select({ kind: parties.kind })
      .from(parties)
      .where(eq(parties.id, sql.placeholder('partyId')))
      .prepare('party_kind'),
  );
  const [row] = await query.execute({ partyId });
  return row?.kind;
}

/**
 * An anonymous token reaches its party only while that party is anonymous: once a verified identity
 * holds it (account set up with a code, ADR 120), the token is dead for every request and for refresh.
 */
export async function verifyAnonymousToken(
  services: Pick<AppServices, 'signingSecret' | 'clock' | 'db'>,
  token: string,
  allowExpiredWithinSeconds = 0,
): Promise<string | null> {
  const partyId = await anonymousTokenSubject(services, token, allowExpiredWithinSeconds);
  if (!partyId) return null;
  return (await partyKind(services, partyId)) === 'anonymous' ? partyId : null;
}

/** The refusal of an anonymous token whose party a verified identity now holds, or of any token no longer good. */
const sessionExpired = () => unauthorized('Your session has expired. Please sign in again.');

/**
 * Asks, for a caller whose party was not yet confirmed (`partyCheckedInQuery`), whether that party is still
 * anonymous: a 401 when it is not (as the auth hook would have answered), else the caller is confirmed from
 * then on. Any other caller passes unasked.
 */
export async function confirmParty(services: Pick<AppServices, 'db'>, caller: Caller): Promise<void> {
  if (caller.kind !== 'anonymous' || !caller.partyUnconfirmed) return;
  if ((await partyKind(services, caller.partyId)) !== 'anonymous') throw sessionExpired();
  partyConfirmed(caller);
}

/** The kind a use case's own statement must find the caller's party still of: 'anonymous' when unconfirmed. */
export const partyKindToAsk = (caller: Caller): 'anonymous' | null =>
  caller.kind === 'anonymous' && caller.partyUnconfirmed ? 'anonymous' : null;

/** The caller's party was found still anonymous by a use case's own statement (`partyKindToAsk`). */
export function partyConfirmed(caller: Caller): void {
  if (caller.kind === 'anonymous') delete caller.partyUnconfirmed;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The /api routes a caller without a token may reach: the session, the brand configuration, form validation
 * of a body, provider webhooks (signed), signed storage links and the API's own documentation. Every other
 * /api route needs a caller (the lookups a session token).
 */
const OPEN_ROUTES = new Set([
  'POST /api/session',
  'POST /api/session/back-book',
  // The partner quote API is authenticated by its X-Api-Key, not a session (ADR 363); its deep link by the token.
  'POST /api/partners/quotes',
  'POST /api/session/partner-quote',
  'GET /api/config',
  'POST /api/form/validation/:profile',
  'POST /api/stripe/webhooks',
  'POST /api/gocardless/webhooks',
  'GET /api/openapi.json',
]);
const OPEN_PREFIXES = ['/api/docs', '/api/storage/'];

/** Whether a route (method and path as declared) may be called without a token. */
export function isOpenRoute(method: string, url: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return (
    !url.startsWith('/api/') || OPEN_ROUTES.has(`${m} ${url}`) || OPEN_PREFIXES.some((p) => url.startsWith(p))
  );
}

/**
 * Decorates every request with `request.caller`; a present but invalid token is a 401. A route that needs a
 * caller refuses a request without a token before its input is validated (issue 27 §12): a 401, never a 400
 * that would describe the route's input to nobody in particular.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('caller', null as never);
  app.decorate('tokenVerifiers', [] as TokenVerifier[]);
  app.tokenVerifiers.push(async (token, request) => {
    if (request.routeOptions.config?.partyCheckedInQuery) {
      // The route's use case asks whether the party is still anonymous (ADR 372): only the token is checked here.
      const partyId = await anonymousTokenSubject(app.services, token);
      return partyId ? { kind: 'anonymous', partyId, partyUnconfirmed: true } : null;
    }
    const partyId = await verifyAnonymousToken(app.services, token);
    return partyId ? { kind: 'anonymous', partyId } : null;
  });
  app.addHook('onRequest', async (request) => {
    request.caller = { kind: 'none' };
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) {
      const route = request.routeOptions.url;
      if (route && !isOpenRoute(request.method, route)) throw unauthorized();
      return;
    }
    for (const verify of app.tokenVerifiers) {
      const caller = await verify(token, request);
      if (caller) {
        request.caller = caller;
        return;
      }
    }
    // Refreshing a session tolerates a stale token; everything else must present a valid one.
    if (request.url.startsWith('/api/session')) return;
    throw sessionExpired();
  });
  // What an /api route answers a known caller is theirs (personal data): never stored by a browser or a
  // shared cache, unless the route says otherwise (issue 27 §12; documents and uploads say the same).
  app.addHook('onSend', (request, reply, payload, done) => {
    const kind = request.caller?.kind;
    if (kind && kind !== 'none' && request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}

/**
 * For routes that need some party: anonymous, customer, or an impersonating admin. No token is a 401; staff
 * acting for no customer are known users without the right to customer data: 403, so that the admin app
 * does not read it as a lost session (DESIGN.md §3, ADR 180).
 */
export function requireParty(caller: Caller, options: { partyCheckedInQuery?: boolean } = {}): string {
  // A caller not yet confirmed reaches data only through a use case that asks in its own statements (ADR 372).
  if (caller.kind === 'anonymous' && caller.partyUnconfirmed && !options.partyCheckedInQuery)
    throw new Error('This caller’s party is not confirmed: call confirmParty before reading its data');
  if (caller.kind === 'admin' && !caller.partyId) {
    throw forbidden('Choose the customer you are acting for (X-Impersonate) before acting on their data.');
  }
  if (caller.kind === 'none' || !caller.partyId) throw unauthorized();
  return caller.partyId;
}
