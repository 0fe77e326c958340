import { eq } from 'drizzle-orm';
import Provider, { type OidcContext } from 'oidc-provider';
import { identityUsers } from '../../db/schema/index.ts';
import type { AppServices } from '../../lib/context.ts';
import { databaseAdapter } from './adapter.ts';
import type { IssuerKeys } from './keys.ts';
import { esc, messagePage } from './pages.ts';

export const API_AUDIENCE = 'forecourt:api';
export const WEB_CLIENT_ID = 'forecourt-web';
export const ADMIN_CLIENT_ID = 'forecourt-admin';
const ACCESS_TOKEN_TTL = 15 * 60;

/** Claims of an identity user, as they appear in ID tokens and in access tokens. */
export async function userClaims(services: AppServices, sub: string) {
  const [user] = await services.db.select().from(identityUsers).where(eq(identityUsers.id, sub));
  if (!user) return undefined;
  return {
    sub,
    email: user.email ?? undefined,
    email_verified: user.email ? true : undefined,
    phone_number: user.phoneNumber ?? undefined,
    phone_number_verified: user.phoneNumber ? true : undefined,
    given_name: user.firstName ?? undefined,
    family_name: user.lastName ?? undefined,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
    roles: [user.kind],
    permissions: user.permissions,
    connection: user.email ? 'email' : 'sms',
  };
}

/**
 * oidc-provider configured as Forecourt's first-party issuer: authorization code + PKCE for two public
 * clients, rotating refresh tokens, JWT access tokens for the API (resource indicator forecourt:api),
 * consent implied for first-party clients, models stored in the database.
 */
export function createIssuer(services: AppServices, issuer: string, keys: IssuerKeys) {
  const origin = new URL(issuer).origin;
  const admin = services.env.ADMIN_PATH.replace(/\/$/, '');
  const client = (clientId: string, base: string) => ({
    client_id: clientId,
    token_endpoint_auth_method: 'none',
    id_token_signed_response_alg: 'ES256',
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // The silent sign-in frame lands on a static page that hands the answer to the app (web public/).
    redirect_uris: [`${origin}${base}/callback`, `${origin}/silent-callback.html`],
    post_logout_redirect_uris: [`${origin}${base}/`, `${origin}${base || '/'}`],
  });
  const brand = services.brand;
  const provider = new Provider(issuer, {
    adapter: databaseAdapter(services.db),
    clients: [client(WEB_CLIENT_ID, ''), client(ADMIN_CLIENT_ID, admin)],
    jwks: keys.jwks,
    cookies: { keys: keys.cookieKeys },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      profile: ['given_name', 'family_name', 'name', 'roles', 'permissions', 'connection'],
    },
    scopes: ['openid', 'offline_access', 'email', 'phone', 'profile', 'api'],
    findAccount: async (_ctx: unknown, sub: string) => {
      const claims = await userClaims(services, sub);
      return claims ? { accountId: sub, claims: async () => claims } : undefined;
    },
    extraTokenClaims: async (_ctx: unknown, token: { kind: string; accountId?: string }) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const c = await userClaims(services, token.accountId);
      return c
        ? { permissions: c.permissions, roles: c.roles, email: c.email, phone_number: c.phone_number }
        : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: OidcContext, form: string) => {
          ctx.type = 'html';
          ctx.body = messagePage(
            brand,
            'Signing you out',
            'One moment while we sign you out.',
            `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes" id="confirm-logout">Sign out</button>`,
            '/auth-assets/logout.js',
          );
        },
        postLogoutSuccessSource: async (ctx: OidcContext) => {
          ctx.type = 'html';
          ctx.body = messagePage(brand, 'Signed out', 'You have been signed out.');
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string) => {
          if (resource !== API_AUDIENCE) throw new Error(`Unknown resource ${resource}`);
          return {
            scope: 'api',
            audience: API_AUDIENCE,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    // First-party clients: consent is implied, so a grant covering everything is made on first use.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email phone profile offline_access');
      grant.addResourceScope(API_AUDIENCE, 'api');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx: unknown, c: { grantTypeAllowed(t: string): boolean }) =>
      c.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    interactions: {
      url: async (_ctx: unknown, interaction: { uid: string }) => `/auth/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: OidcContext, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = messagePage(
        brand,
        'We could not sign you in',
        out.error_description ?? out.error ?? 'Something went wrong.',
        `<a class="link" href="${esc(origin)}/">Back to ${esc(brand.name)}</a>`,
      );
    },
  });
  provider.proxy = true;
  return provider;
}
