import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountEmbeddedIssuer } from '../../providers/identity-provider/plugin.ts';
import { registerDevOutbox } from './dev-outbox.ts';
import { registerAuditTrail } from './impersonation.ts';
import { oidcVerifier } from './verify-access-token.ts';

/**
 * Identity: the embedded issuer at /auth (unless OIDC_ISSUER names another), OIDC access tokens in the
 * API (pushed into app.tokenVerifiers), admin impersonation with its audit trail, and /dev/outbox.
 * Not encapsulated: the verifier and the audit hook apply to every route.
 */
const identityPlugin: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.env.OIDC_ISSUER ? undefined : await mountEmbeddedIssuer(app);
  app.tokenVerifiers.push(oidcVerifier(app, keys?.publicJwks));
  registerAuditTrail(app);
  registerDevOutbox(app);
};

export const identityRoutes = fp(identityPlugin, { name: 'identity' });
