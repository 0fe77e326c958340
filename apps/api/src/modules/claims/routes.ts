import {
  claimDetailSchema,
  claimListSchema,
  claimReferenceSchema,
  claimsQuerySchema,
  claimTransitionRequestSchema,
  fnolLinkRequestSchema,
  fnolLinkResponseSchema,
  fnolRequestSchema,
  fnolResponseSchema,
  staffClaimDetailSchema,
  staffClaimQueueSchema,
} from '@forecourt/contracts/claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { createFnolLink } from './create-fnol-link.ts';
import { getClaim } from './get-claim.ts';
import { listClaims } from './list-claims.ts';
import { notifyLoss } from './notify-loss.ts';
import { sandboxFnolRoutes } from './sandbox-fnol.ts';
import { CLAIMS_STAFF_ONLY, getStaffClaim, listStaffClaims, transitionStaffClaim } from './staff-claims.ts';
import { CLAIMS_PERMISSION, transitionClaim } from './transition-claim.ts';

const tags = ['claims'];
const byReference = z.object({ claimReference: claimReferenceSchema });

/** Claims (issue 11 §5): the list, the built-in FNOL, the external FNOL link and staff transitions. */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  await sandboxFnolRoutes(app);

  app.get(
    '/api/claims',
    {
      schema: {
        tags,
        summary: "The claims on one of the caller's policies (spec 2 §7 getClaims)",
        querystring: claimsQuerySchema,
        response: { 200: claimListSchema },
      },
    },
    async (req) => listClaims(ctxOf(req), req.query),
  );

  app.post(
    '/api/claims',
    {
      schema: {
        tags,
        summary:
          'First notification of loss with our own form (when the external service is off); safe to retry',
        headers: idempotencyHeaders,
        body: fnolRequestSchema,
        response: { 201: fnolResponseSchema },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const created = await idempotentRoute(app.services, req, reply, 'notify-loss', () =>
        notifyLoss(ctx, req.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/claims/:claimReference',
    {
      schema: {
        tags,
        summary: "One of the caller's claims with its history",
        params: byReference,
        response: { 200: claimDetailSchema },
      },
    },
    async (req) => getClaim(ctxOf(req), req.params.claimReference),
  );

  app.post(
    '/api/claims/:claimReference/transition',
    {
      config: { permission: CLAIMS_PERMISSION, actingForCustomer: true },
      schema: {
        tags,
        summary: 'Claims staff (action:claims, impersonating) move a claim: pending → active → settled',
        params: byReference,
        body: claimTransitionRequestSchema,
        response: { 200: claimDetailSchema },
      },
    },
    async (req) => transitionClaim(ctxOf(req), req.params.claimReference, req.body),
  );

  // The staff claims screen (issue 28 defect 9, ADR 354): across customers, for staff with action:claims.
  app.get(
    '/api/admin/claims',
    {
      config: { permission: CLAIMS_PERMISSION, refusal: CLAIMS_STAFF_ONLY },
      schema: {
        tags: ['admin'],
        summary: 'Claims staff: every claim, open ones first and oldest first',
        response: { 200: staffClaimQueueSchema },
      },
    },
    async (req) => listStaffClaims(ctxOf(req)),
  );

  app.get(
    '/api/admin/claims/:claimReference',
    {
      config: { permission: CLAIMS_PERMISSION, refusal: CLAIMS_STAFF_ONLY },
      schema: {
        tags: ['admin'],
        summary: 'Claims staff: one claim with what the customer reported, uploads and its whole history',
        params: byReference,
        response: { 200: staffClaimDetailSchema },
      },
    },
    async (req) => getStaffClaim(ctxOf(req), req.params.claimReference),
  );

  app.post(
    '/api/admin/claims/:claimReference/transition',
    {
      config: { permission: CLAIMS_PERMISSION, refusal: CLAIMS_STAFF_ONLY },
      schema: {
        tags: ['admin'],
        summary:
          'Claims staff move a claim on (pending → active → settled) with a note, internal or for the customer; audited',
        params: byReference,
        body: claimTransitionRequestSchema,
        response: { 200: staffClaimDetailSchema },
      },
    },
    async (req) => transitionStaffClaim(ctxOf(req), req.params.claimReference, req.body),
  );

  app.post(
    '/api/fnol/link',
    {
      schema: {
        tags,
        summary: "The external claims notification service's page for a policy (brand feature axitechFnol)",
        body: fnolLinkRequestSchema,
        response: { 200: fnolLinkResponseSchema },
      },
    },
    async (req) => createFnolLink(ctxOf(req), req.body, appOrigin(req)),
  );
};
