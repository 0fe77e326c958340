import type { Env } from '../../config/env.ts';

/** How customers rows name their issuer: 'embedded' for the built-in one (its URL follows the host). */
export const EMBEDDED_ISSUER_KEY = 'embedded';

export const issuerKey = (env: Env) => env.OIDC_ISSUER ?? EMBEDDED_ISSUER_KEY;

export { ADMIN_PERMISSIONS } from '../../lib/roles.ts';
