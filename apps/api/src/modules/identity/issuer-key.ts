import type { Env } from '../../config/env.ts';

/** How customers rows name their issuer: 'embedded' for the built-in one (its URL follows the host). */
export const EMBEDDED_ISSUER_KEY = 'embedded';

export const issuerKey = (env: Env) => env.OIDC_ISSUER ?? EMBEDDED_ISSUER_KEY;

/** Every staff permission: what `admin:create` may grant, and what marks a token as staff. */
export const ADMIN_PERMISSIONS = [
  'access:impersonate',
  'action:mta-claims',
  'action:claims',
  'access:insights',
  'finance',
  'action:underwriting',
  'action:renewals',
] as const;
