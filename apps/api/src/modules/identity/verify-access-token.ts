import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { Caller } from '../../lib/context.ts';
import { issuerFor } from '../../providers/identity-provider/plugin.ts';
import { resolveImpersonation } from './impersonation.ts';
import { ADMIN_PERMISSIONS, issuerKey } from './issuer-key.ts';
import { resolveCustomerParty } from './resolve-customer.ts';

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/** The key set of an external issuer, found through its discovery document (cached). */
function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const load = async () => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`Discovery failed for ${issuer}: ${res.status}`);
    const { jwks_uri } = (await res.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err) => {
      keys = undefined;
      throw err;
    });
    return (await keys)(header, token);
  };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? v.split(' ')
      : [];

/**
 * OIDC access tokens: JWTs verified with jose against the issuer's keys (the embedded issuer's local key
 * set, or OIDC_ISSUER's JWKS), for audience OIDC_AUDIENCE (forecourt:api). Staff (role 'staff' or an
 * admin permission) become admin callers, acting for the customer named by X-Impersonate; everyone
 * else is a customer whose party is found or made by issuer + subject.
 */
export function oidcVerifier(app: FastifyInstance, localKeys?: { keys: object[] }) {
  const { env } = app.services;
  const keys: JWTVerifyGetKey = env.OIDC_ISSUER
    ? remoteKeys(env.OIDC_ISSUER)
    : createLocalJWKSet(localKeys as Parameters<typeof createLocalJWKSet>[0]);
  const audience = env.OIDC_AUDIENCE ?? 'forecourt:api';

  return async (token: string, request: FastifyRequest): Promise<Caller | null> => {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      return null;
    }
    if (!alg || !ASYMMETRIC.includes(alg)) return null;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: env.OIDC_ISSUER ?? issuerFor(app, request),
        audience,
        algorithms: ASYMMETRIC,
        currentDate: app.services.clock.now(),
      }));
    } catch {
      return null;
    }
    if (typeof payload.sub !== 'string') return null;
    const permissions = strings(payload.permissions);
    const roles = strings(payload.roles);
    const claims = payload as Record<string, unknown>;
    const isStaff =
      roles.includes('staff') ||
      permissions.some((p) => (ADMIN_PERMISSIONS as readonly string[]).includes(p));
    if (isStaff) {
      const partyId = await resolveImpersonation(app, request, { userId: payload.sub, permissions, claims });
      return { kind: 'admin', userId: payload.sub, permissions, claims, partyId };
    }
    const partyId = await resolveCustomerParty(app.services, {
      issuer: issuerKey(env),
      subject: payload.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      emailVerified: claims.email_verified === true || !env.OIDC_ISSUER,
      phoneNumber: typeof claims.phone_number === 'string' ? claims.phone_number : undefined,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
    });
    return { kind: 'customer', partyId, userId: payload.sub, permissions, claims };
  };
}
