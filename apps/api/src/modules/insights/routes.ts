import {
  feedbackRequestSchema,
  impressionRequestSchema,
  insightListSchema,
  insightRecordedSchema,
  insightsQuerySchema,
} from '@forecourt/contracts/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../lib/context.ts';
import { INSIGHTS_PERMISSION, listInsights } from './list-insights.ts';
import { recordFeedback } from './record-feedback.ts';
import { recordImpression } from './record-impression.ts';

const tags = ['insights'];

/** Feedback and impressions (issue 11 §6), and the staff read. */
export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/insights/feedback',
    {
      schema: {
        tags,
        summary: 'Feedback: a rating 1 to 10, an optional comment and tags (spec 2 §7 postInsight)',
        body: feedbackRequestSchema,
        response: { 201: insightRecordedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await recordFeedback(ctxOf(req), req.body)),
  );
  app.post(
    '/api/insights/impression',
    {
      schema: {
        tags,
        summary: "A proposal's tracking values, once per proposal (spec 2 §7 postImpression)",
        body: impressionRequestSchema,
        response: { 200: insightRecordedSchema },
      },
    },
    async (req) => recordImpression(ctxOf(req), req.body),
  );
  app.get(
    '/api/admin/insights',
    {
      config: { permission: INSIGHTS_PERMISSION },
      schema: {
        tags: ['admin'],
        summary: 'Feedback and impressions, newest first (staff with access:insights)',
        querystring: insightsQuerySchema,
        response: { 200: insightListSchema },
      },
    },
    async (req) => listInsights(ctxOf(req), req.query),
  );
};
