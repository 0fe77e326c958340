import type { PublicConfig } from '@forecourt/contracts';
import type { AppServices } from '../../lib/context.ts';

/** The brand as the browser needs it. `admin` switches the SPA into admin mode (features.isAdmin). */
export function publicConfig(
  services: AppServices,
  options: { admin: boolean; origin: string },
): PublicConfig {
  const { brand, env } = services;
  const issuer = env.OIDC_ISSUER ?? `${options.origin}/auth`;
  // The rating tables are the insurer's pricing: never sent. GET /api/config's contract drops them too, but
  // index.html inlines this object as it is (spa.ts), so they must not be in it.
  const { rating: _rating, ...shown } = brand;
  return {
    ...shown,
    features: { ...brand.features, isAdmin: options.admin },
    environment: env.NODE_ENV,
    auth: {
      issuer,
      clientId: options.admin
        ? (env.OIDC_ADMIN_CLIENT_ID ?? 'forecourt-admin')
        : (env.OIDC_CLIENT_ID ?? 'forecourt-web'),
      audience: env.OIDC_AUDIENCE ?? 'forecourt:api',
    },
  };
}

export { requestOrigin, varyByOrigin } from '../../lib/origin.ts';
