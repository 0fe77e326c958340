import { customerLookupQuerySchema, customerLookupSchema } from '@forecourt/contracts/identity';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { ACT_FOR_CUSTOMER } from '../../lib/roles.ts';
import { mountEmbeddedIssuer } from '../../providers/identity-provider/plugin.ts';
import { registerDevOutbox } from './dev-outbox.ts';
import { registerAuditTrail } from './impersonation.ts';
import { lookupCustomer } from './lookup-customer.ts';
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
  app.get(
    '/api/admin/customers',
    {
      config: { permission: ACT_FOR_CUSTOMER },
      schema: {
        tags: ['admin'],
        summary: 'The customer a party id or e-mail names, before staff impersonate them (404 when none)',
        querystring: customerLookupQuerySchema,
        response: { 200: customerLookupSchema },
      },
    },
    async (req) => lookupCustomer(ctxOf(req), req.query.customer),
  );
};

export const identityRoutes = fp(identityPlugin, { name: 'identity' });
