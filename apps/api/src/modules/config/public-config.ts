import type { PublicConfig } from '@forecourt/contracts';
import type { AppServices } from '../../lib/context.ts';

/** The brand as the browser needs it. `admin` switches the SPA into admin mode (features.isAdmin). */
export function publicConfig(
  services: AppServices,
  options: { admin: boolean; origin: string },
): PublicConfig {
  const { brand, env } = services;
  const issuer = env.OIDC_ISSUER ?? `${options.origin}/auth`;
  return {
    ...brand,
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
