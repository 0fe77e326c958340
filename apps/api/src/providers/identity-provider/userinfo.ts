import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { API_AUDIENCE, userClaims } from './configuration.ts';
import type { IssuerKeys } from './keys.ts';

/** The claims each scope of the first-party grant releases (the provider's `claims` configuration). */
const SCOPE_CLAIMS: Record<string, readonly string[]> = {
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  profile: ['given_name', 'family_name', 'name', 'roles', 'permissions', 'connection'],
};

/**
 * The userinfo endpoint (OIDC Core §5.3) for the access tokens this issuer issues (issue 27 §12). Every token
 * is a JWT for the API's audience (resource indicators, a default resource), which oidc-provider's own
 * userinfo refuses, so a certified relying party (openid-client) could not read the claims. Here the bearer
 * token is verified as the API verifies it (this issuer, its keys, the API audience, not expired); the answer
 * is `sub` and the claims of the grant's scopes (openid, email, phone, profile). A missing or bad token
 * is a 401 with `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750).
 */
export function userinfoHandler(
  app: FastifyInstance,
  keys: IssuerKeys,
  issuerOf: (r: FastifyRequest) => string,
) {
  const keySet = createLocalJWKSet(keys.publicJwks as Parameters<typeof createLocalJWKSet>[0]);
  const refuse = (reply: FastifyReply, description: string) =>
    reply
      .status(401)
      .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
      .header('cache-control', 'no-store')
      .send({ error: 'invalid_token', error_description: description });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return refuse(reply, 'no access token');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keySet, {
        issuer: issuerOf(request),
        audience: API_AUDIENCE,
        currentDate: app.services.clock.now(),
      }));
    } catch {
      return refuse(reply, 'invalid access token');
    }
    if (typeof payload.sub !== 'string') return refuse(reply, 'the access token names no user');
    const claims = (await userClaims(app.services, payload.sub)) as Record<string, unknown> | undefined;
    if (!claims) return refuse(reply, 'no such user');
    // The first-party grant always holds openid, email, phone and profile (loadExistingGrant); a token's own
    // scope claim names only the API's scopes, so the grant's scopes are released.
    const released: Record<string, unknown> = { sub: payload.sub };
    for (const name of Object.values(SCOPE_CLAIMS).flat())
      if (claims[name] !== undefined) released[name] = claims[name];
    return reply.header('cache-control', 'no-store').send(released);
  };
}
