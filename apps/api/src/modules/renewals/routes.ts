import {
  autoRenewalBodySchema,
  policySchema,
  renewalChangeRequestSchema,
  renewalQueueSchema,
} from '@forecourt/contracts/policies';
import { proposalCodeParamsSchema, proposalSchema } from '@forecourt/contracts/proposals';
import {
  RENEWAL_DECISION_PERMISSION,
  renewalDecisionBodySchema,
  renewalReviewSchema,
  takeUpOfferSchema,
} from '@forecourt/contracts/renewals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { idempotencyHeaders, idempotentRoute } from '../../lib/idempotency.ts';
import { ACT_FOR_CUSTOMER } from '../../lib/roles.ts';
import { changeRenewal } from './change-renewal.ts';
import { runRenewalInvitations } from './invite-renewals.ts';
import { listRenewalQueue } from './renewal-queue.ts';
import { decideRenewal, getRenewalReview } from './review-renewal.ts';
import { setAutoRenewal } from './set-auto-renewal.ts';
import { takeUpOffer } from './take-up-renewal.ts';

/** Renewal's HTTP face: the auto-renewal switch (spec 3 §7) and the staff queue. */
export const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/policies/:id/autoRenewal',
    {
      schema: {
        tags: ['policies'],
        summary:
          'Opt out of auto-renewal (with a reason) or back in; on a LAPSED policy whose renewal quote is still open, opting back in takes it up (cover from now, exactly once; answers the new policy)',
        params: z.object({ id: z.string().uuid() }),
        headers: idempotencyHeaders,
        body: autoRenewalBodySchema,
        response: { 200: policySchema },
      },
    },
    async (req, reply) =>
      idempotentRoute(app.services, req, reply, 'policy.auto-renewal', () =>
        setAutoRenewal(ctxOf(req), req.params.id, req.body),
      ),
  );
  app.get(
    '/api/policies/:id/renewal/takeUp',
    {
      schema: {
        tags: ['policies'],
        summary:
          'What opting back in on a LAPSED policy takes: the amount charged today, the instalments, the start and end of cover and the paying method (for the confirmation before it)',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: takeUpOfferSchema },
      },
    },
    async (req) => takeUpOffer(ctxOf(req), req.params.id),
  );
  app.patch(
    '/api/renewals/:code',
    {
      schema: {
        tags: ['proposals'],
        summary: 'Change the optional covers or voluntary excess of a renewal quote (re-priced and capped)',
        params: proposalCodeParamsSchema,
        body: renewalChangeRequestSchema,
        response: { 200: proposalSchema },
      },
    },
    async (req) => changeRenewal(ctxOf(req), req.params.code, req.body),
  );
  app.get(
    '/api/admin/renewals',
    {
      config: { permission: ACT_FOR_CUSTOMER },
      schema: {
        tags: ['admin'],
        summary: 'Renewals waiting for staff: MANUAL review, referred, unrated (both prices and traces)',
        response: { 200: renewalQueueSchema },
      },
    },
    async (req) => listRenewalQueue(ctxOf(req)),
  );
  app.get(
    '/api/admin/renewals/:code',
    {
      config: { permission: ACT_FOR_CUSTOMER },
      schema: {
        tags: ['admin'],
        summary: 'One renewal of the staff queue: prices, quote, referral reasons and decisions taken',
        params: proposalCodeParamsSchema,
        response: { 200: renewalReviewSchema },
      },
    },
    async (req) => getRenewalReview(ctxOf(req), req.params.code),
  );
  app.post(
    '/api/admin/renewals/:code/decision',
    {
      config: { permission: [ACT_FOR_CUSTOMER, RENEWAL_DECISION_PERMISSION] },
      schema: {
        tags: ['admin'],
        summary:
          'Release a waiting renewal at its offered price, or re-rate it with an adjustment (staff with action:renewals; a reason is required and audited)',
        params: proposalCodeParamsSchema,
        body: renewalDecisionBodySchema,
        response: { 200: renewalReviewSchema },
      },
    },
    async (req) => decideRenewal(ctxOf(req), req.params.code, req.body),
  );

  // Development only (ADR 125: loopback, never production): the invitation job run as of `daysAhead` days
  // from now, so a person or a browser journey can see a renewal without waiting 11 months (ADR 222).
  if (app.services.env.NODE_ENV !== 'production')
    app.post(
      '/dev/renewals/invite',
      {
        schema: {
          hide: true,
          body: z.object({ daysAhead: z.number().int().min(0).max(400) }),
        },
      },
      async (req) => {
        const at = new Date(app.services.clock.now().getTime() + req.body.daysAhead * 86_400_000);
        return { invited: await runRenewalInvitations(app.services, at) };
      },
    );
};
