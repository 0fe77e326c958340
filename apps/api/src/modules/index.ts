import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/index.ts';
import { adjustmentRoutes } from './adjustments/index.ts';
import { adminRoutes } from './admin/index.ts';
import { billingRoutes } from './billing/index.ts';
import { checkRoutes } from './checks/index.ts';
import { claimRoutes } from './claims/index.ts';
import { configRoutes } from './config/index.ts';
import { documentRoutes } from './documents/index.ts';
import { healthRoutes } from './health/index.ts';
import { identityRoutes } from './identity/index.ts';
import { insightRoutes } from './insights/index.ts';
import { lookupRoutes } from './lookups/index.ts';
import { partnerQuoteRoutes } from './partner-quotes/index.ts';
import { partnerRoutes } from './partners/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { policyRoutes } from './policies/index.ts';
import { proposalRoutes } from './proposals/index.ts';
import { renewalRoutes } from './renewals/index.ts';
import { sessionRoutes } from './session/index.ts';
import { uploadRoutes } from './uploads/index.ts';

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
  claimRoutes,
  insightRoutes,
  adjustmentRoutes,
  renewalRoutes,
  uploadRoutes,
  partnerRoutes,
  partnerQuoteRoutes,
];
