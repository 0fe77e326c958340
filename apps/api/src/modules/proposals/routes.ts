import { errorResponseSchema, sessionResponseSchema } from '@forecourt/contracts';
import {
  acceptedResponseSchema,
  backBookRequestSchema,
  createProposalRequestSchema,
  formValidationParamsSchema,
  formValidationRequestSchema,
  formValidationResponseSchema,
  listProposalsQuerySchema,
  listProposalsResponseSchema,
  promotionActivationRequestSchema,
  promotionParamsSchema,
  proposalCodeParamsSchema,
  proposalSchema,
  retainRequestSchema,
  trackingRequestSchema,
  updateProposalRequestSchema,
} from '@forecourt/contracts/proposals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireParty } from '../../lib/auth.ts';
import { appOrigin, ctxOf } from '../../lib/context.ts';
import { serializeFast } from '../../lib/serializer.ts';
import { activatePromotion } from './activate-promotion.ts';
import { createProposal } from './create-proposal.ts';
import { deleteProposal } from './delete-proposal.ts';
import { getProposal } from './get-proposal.ts';
import { listProposals } from './list-proposals.ts';
import { recordTracking } from './record-tracking.ts';
import { retainProposal } from './retain-proposal.ts';
import { RetrieveLockedError, retrieveBackBook } from './retrieve-back-book.ts';
import { updateProposal } from './update-proposal.ts';
import { validateForm } from './validate-form.ts';

/** Proposals (spec 3 §7): the quote journey's calls, form validation and quote retrieval. */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf;
  const tags = ['proposals'];
  const params = proposalCodeParamsSchema;
  // The quote journey's answer (GET, PATCH on every section save): a compiled serialiser (ADR 270).
  serializeFast(proposalSchema);

  app.post(
    '/api/proposals',
    {
      schema: {
        tags,
        summary: 'Create a proposal',
        body: createProposalRequestSchema,
        response: { 201: proposalSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createProposal(ctx(request), request.body)),
  );
  app.get(
    '/api/proposals',
    {
      schema: {
        tags,
        summary: 'The caller’s proposals',
        querystring: listProposalsQuerySchema,
        response: { 200: listProposalsResponseSchema },
      },
    },
    async (request) => listProposals(ctx(request), request.query),
  );
  app.get(
    '/api/proposals/:code',
    { schema: { tags, summary: 'One proposal', params, response: { 200: proposalSchema } } },
    async (request) => getProposal(ctx(request), request.params.code),
  );
  app.delete(
    '/api/proposals/:code',
    { schema: { tags, summary: 'Delete a proposal', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteProposal(ctx(request), request.params.code);
      return reply.status(204).send(null);
    },
  );
  app.patch(
    '/api/proposals/:code',
    {
      schema: {
        tags,
        summary: 'Apply answer, driver, cover and excess changes; rate when asked',
        params,
        body: updateProposalRequestSchema,
        response: { 200: proposalSchema },
      },
      // The save the journey makes on every section: the takeover check is asked in its read (ADR 372).
      config: { partyCheckedInQuery: true },
    },
    async (request) => updateProposal(ctx(request), request.params.code, request.body),
  );
  app.post(
    '/api/proposals/:code/retain',
    {
      schema: {
        tags,
        summary: 'E-mail the quote reference',
        params,
        body: retainRequestSchema,
        response: { 202: acceptedResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await retainProposal(ctx(request), request.params.code, request.body.email, appOrigin(request)),
        ),
  );
  app.post(
    '/api/proposals/:code/tracking',
    {
      schema: {
        tags,
        summary: 'Record tracking parameters (once)',
        params,
        body: trackingRequestSchema,
        response: { 201: acceptedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordTracking(ctx(request), request.params.code, request.body.values)),
  );
  app.patch(
    '/api/proposals/:code/promotions/:id',
    {
      schema: {
        tags,
        summary: 'Apply a promotion code',
        params: promotionParamsSchema,
        body: promotionActivationRequestSchema,
        response: { 200: proposalSchema },
      },
    },
    async (request) =>
      activatePromotion(ctx(request), request.params.code, request.body.promotionActivationCode),
  );
  app.post(
    '/api/form/validation/:profile',
    {
      schema: {
        tags,
        summary: 'Validate answers with the server’s rules',
        params: formValidationParamsSchema,
        body: formValidationRequestSchema,
        response: { 200: formValidationResponseSchema },
      },
    },
    async (request) => {
      requireParty(request.caller);
      return validateForm(ctx(request), request.params.profile, request.body.data);
    },
  );
  app.post(
    '/api/session/back-book',
    {
      schema: {
        tags: ['session'],
        summary: 'Retrieve a saved quote: a session for its owner',
        body: backBookRequestSchema,
        response: {
          200: sessionResponseSchema,
          429: errorResponseSchema.extend({ retryAt: z.string().datetime().optional() }),
        },
      },
    },
    async (request, reply) => {
      try {
        return await retrieveBackBook(app.services, request.body, request.ip);
      } catch (err) {
        if (!(err instanceof RetrieveLockedError)) throw err;
        const seconds = Math.max(
          1,
          Math.ceil((err.retryAt.getTime() - app.services.clock.now().getTime()) / 1000),
        );
        return reply.status(429).header('retry-after', String(seconds)).send({
          code: err.code,
          message: err.message,
          retryAt: err.retryAt.toISOString(),
          requestId: request.id,
        });
      }
    },
  );
};
