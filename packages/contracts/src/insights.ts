import { z } from 'zod';
import { plainText } from './claims.ts';

const tagKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Letters, digits and _ only');
/** Tags: a few short name/value pairs (proposalCode, policyNumber, page...). */
const tags = z
  .record(tagKey, plainText(100).pipe(z.string().min(1)))
  .refine((t) => Object.keys(t).length <= 10, 'At most 10 tags')
  .default({});

/** POST /api/insights/feedback (spec 2 §3 Feedback, §5: rating an integer 1 to 10, comment optional). */
export const feedbackRequestSchema = z.object({
  type: z.enum(['cancellation', 'adjustment', 'general']),
  rating: z.number().int('A whole number from 1 to 10').min(1).max(10),
  comment: plainText(1000).optional(),
  tags,
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

/** POST /api/insights/impression (spec 2 §7 postImpression): tracking values of a proposal, once per proposal. */
export const impressionRequestSchema = z.object({
  type: z.literal('proposal'),
  values: z
    .record(tagKey, plainText(200).pipe(z.string().min(1)))
    .refine((v) => Object.keys(v).length >= 1, 'Send an impression only when there are tracking values')
    .refine((v) => Object.keys(v).length <= 20, 'At most 20 values'),
  tags: z.object({ proposalCode: z.string().trim().min(1).max(40) }),
});
export type ImpressionRequest = z.infer<typeof impressionRequestSchema>;

export const insightRecordedSchema = z.object({ id: z.string(), recorded: z.boolean() });

/** GET /api/admin/insights: staff read (permission insights:read). */
export const insightsQuerySchema = z.object({
  kind: z.enum(['feedback', 'impression']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const insightSchema = z.object({
  id: z.string(),
  kind: z.enum(['feedback', 'impression']),
  type: z.string(),
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  tags: z.record(z.string(), z.string()),
  values: z.record(z.string(), z.string()),
  partyId: z.string(),
  createdAt: z.string(),
});
export const insightListSchema = z.object({ entries: z.array(insightSchema) });
