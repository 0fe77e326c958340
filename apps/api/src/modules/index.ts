import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/routes.ts';
import { adminRoutes } from './admin/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { checkRoutes } from './checks/routes.ts';
import { configRoutes } from './config/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { lookupRoutes } from './lookups/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { policyRoutes } from './policies/routes.ts';
import { proposalRoutes } from './proposals/routes.ts';
import { sessionRoutes } from './session/routes.ts';

/** Every module's routes; one line per module. */
export const modules: FastifyPluginAsyncZod[] = [
  identityRoutes,
  healthRoutes,
  sessionRoutes,
  configRoutes,
  lookupRoutes,
  accountRoutes,
  adminRoutes,
  checkRoutes,
  paymentRoutes,
  documentRoutes,
  billingRoutes,
  policyRoutes,
  proposalRoutes,
];
