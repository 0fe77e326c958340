import { RENEWAL_ADJUSTMENT_PERCENT_MAX } from '@forecourt/domain/renewal';
import { z } from 'zod';
import { plainText } from './claims.ts';
import { renewalCycleShape } from './policies.ts';
import { quoteSchema, reasonSchema } from './proposals.ts';

/**
 * Staff review of renewals (issue 14, ADR 265): the queue's detail of one renewal and the decision staff take
 * on it — released at the offered price, or re-rated with a loading or discount — with a reason (audited).
 */
export const RENEWAL_DECISION_PERMISSION = 'action:renewals';

export const renewalDecisionBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('RELEASE'),
    reason: plainText(500).pipe(z.string().min(3, 'validation.reason')),
  }),
  z.object({
    action: z.literal('RERATE'),
    reason: plainText(500).pipe(z.string().min(3, 'validation.reason')),
    adjustmentPercent: z
      .number()
      .int()
      .min(-RENEWAL_ADJUSTMENT_PERCENT_MAX)
      .max(RENEWAL_ADJUSTMENT_PERCENT_MAX),
  }),
]);
export type RenewalDecisionBody = z.infer<typeof renewalDecisionBodySchema>;

export const renewalDecisionSchema = z.object({
  action: z.enum(['RELEASE', 'RERATE']),
  reason: z.string(),
  adjustmentPercent: z.number().int(),
  statusBefore: z.string(),
  offeredBefore: z.number().int().nullable(),
  offeredAfter: z.number().int().nullable(),
  staff: z.string(),
  decidedAt: z.string(),
});

/** GET /api/admin/renewals/{code}: one renewal of the queue, its quote, and the decisions taken on it. */
export const renewalReviewSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  holderName: z.string(),
  ...renewalCycleShape,
  /** Whether a decision can be taken now (waiting, policy live, anniversary not reached). */
  open: z.boolean(),
  referralReasons: z.array(reasonSchema),
  quote: quoteSchema.nullable(),
  decisions: z.array(renewalDecisionSchema),
});
export type RenewalReview = z.infer<typeof renewalReviewSchema>;

/**
 * GET /api/policies/{id}/renewal/takeUp (ADR 353): what opting back in on a lapsed policy takes and when, for
 * the confirmation before it (pence; instants in UTC).
 */
export const takeUpOfferSchema = z.object({
  dueToday: z.number().int(),
  total: z.number().int(),
  monthly: z.object({ regular: z.number().int(), count: z.number().int() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  paymentMethod: z.object({ type: z.enum(['CARD', 'BACS_DEBIT']), display: z.string() }),
});
export type TakeUpOffer = z.infer<typeof takeUpOfferSchema>;
