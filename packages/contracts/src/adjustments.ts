import { ADJUSTMENT_TYPES, CANCELLATION_TYPES, CHANGE_TYPES } from '@forecourt/domain/enums';
import { z } from 'zod';
import { proposalChangeSchema } from './proposals.ts';

/**
 * Policy adjustments (spec 3 §3 "Adjustment request/response", §7 "Adjustments"; spec 2 §4 cancellation):
 * a change to a live policy, or its cancellation, made first and confirmed (committed) after review.
 */
export const ADJUSTMENT_CHANGE_TYPES = CHANGE_TYPES.filter((t) => t !== 'ADD_PROFILE');

export const adjustmentChangeSchema = proposalChangeSchema.extend({
  changeType: z.enum(ADJUSTMENT_CHANGE_TYPES as [string, ...string[]]),
});
export type AdjustmentChange = z.infer<typeof adjustmentChangeSchema>;

export const createAdjustmentRequestSchema = z.object({
  adjustmentType: z.enum(ADJUSTMENT_TYPES),
  policyId: z.string().uuid(),
  /** Cancellation: one of the configured reasons; 'Other' carries its text after a pipe ('Other|text'). */
  reason: z.string().min(1).max(520).optional(),
  changes: z.array(adjustmentChangeSchema).max(100).default([]),
  /** When the change or cancellation takes effect; left out: immediately. */
  effectiveAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateAdjustmentRequest = z.input<typeof createAdjustmentRequestSchema>;

/**
 * POST /api/policyAdjustments/{id}/commit: optional. A referred change (any version REFERRAL) is confirmed only
 * with `acceptCancellation: true`: the customer agrees that the cover ends and the policy is cancelled at once
 * (spec 3 §4 step 3, §5 "Referred adjustment"; ADR 256); the answer is then the cancellation.
 */
export const commitAdjustmentRequestSchema = z
  .object({ acceptCancellation: z.boolean().optional() })
  .strict()
  .nullish();
export type CommitAdjustmentRequest = z.infer<typeof commitAdjustmentRequestSchema>;

export const adjustmentIdParamsSchema = z.object({ id: z.string().uuid() });

export const cancellationOutcomeSchema = z.object({
  type: z.enum(CANCELLATION_TYPES),
  /** True when the cover ends at once (cooling-off, no date, or a date already past). */
  immediate: z.boolean(),
  terminatesAt: z.string(),
  /** Credited to the account for the cover not used, in pence. */
  creditPence: z.number().int(),
  /** Paid back to the card or bank account, in pence (the credit less anything still owed). */
  refundPence: z.number().int(),
  /** Still to pay on the account once the cancellation was posted (ADR 383): arrears, or a change's credit taken
   * back; 0 until it is posted (a deferred cancellation, until it ends). */
  owedPence: z.number().int(),
  refundWorkingDays: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type CancellationOutcome = z.infer<typeof cancellationOutcomeSchema>;

/** One side of a change in plain words (ADR 356): the car, the drivers by name and the price per payment. */
export const changeSideSchema = z.object({
  vrn: z.string().nullable(),
  /** Make, model and trim of the car. */
  car: z.string(),
  drivers: z.array(z.object({ profileCode: z.string(), name: z.string(), policyholder: z.boolean() })),
  /** Pence per payment: the monthly instalment, or the price of the term paid in full. */
  price: z.number().int(),
  per: z.enum(['month', 'year']),
  /**
   * The rating trace of the side's quote (ADR 398): for the review's "Why has my price changed?", against the
   * version the change is made on (the latest), not the one in force today. Absent on changes made before it.
   */
  trace: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type ChangeSide = z.infer<typeof changeSideSchema>;

/**
 * How the difference of a change is paid (ADR 356), worked out by the server from the policy's account:
 * - next-payment: added to the next monthly payment on `on`; next-payment-credit: taken off it;
 * - card-charge: taken by card before the change is made (a dearer change of a policy paid in full, ADR 300);
 * - outstanding: left to pay from the billing tab (staff confirmed it without the card payment);
 * - refund: paid back to the card or bank account (`method`) within `workingDays` working days;
 * - credit: kept on the account (nothing paid in yet to give back);
 * - from-next-payment: nothing now; the payments from `on` are at the new price;
 * - none: the price does not change.
 */
export const changePaymentSchema = z.object({
  kind: z.enum([
    'next-payment',
    'next-payment-credit',
    'card-charge',
    'outstanding',
    'refund',
    'credit',
    'from-next-payment',
    'none',
  ]),
  /** Pence, never negative: what is added, charged, refunded or credited. */
  amount: z.number().int().nonnegative(),
  /** The next payment's date (ISO), when the difference goes with it. */
  on: z.string().nullable(),
  method: z.enum(['CARD', 'BACS_DEBIT']).nullable(),
  workingDays: z.number().int().nullable(),
});
export type ChangePayment = z.infer<typeof changePaymentSchema>;

/** A mid-term change in plain words: old and new, the difference per payment and in all, and how it is paid. */
export const changeSummarySchema = z.object({
  before: changeSideSchema.nullable(),
  after: changeSideSchema,
  /** Pence per payment, new less old (null when the old side is not known). */
  perPayment: z.number().int().nullable(),
  /** Pence in all for the rest of the period: the pro-rata premium. */
  total: z.number().int(),
  payment: changePaymentSchema,
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const adjustmentSchema = z.object({
  adjustmentId: z.string(),
  policyId: z.string(),
  adjustmentType: z.enum(ADJUSTMENT_TYPES),
  reason: z.string().nullable(),
  changes: z.array(z.record(z.string(), z.unknown())),
  effectiveAt: z.string(),
  createdAt: z.string(),
  /** An unconfirmed adjustment older than this is gone and must be made again. */
  expiresAt: z.string(),
  confirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  verificationClear: z.boolean(),
  updatedPolicyVersions: z.array(
    z.object({
      startedAt: z.string(),
      ratingStatus: z.enum(['QUOTE', 'REFERRAL']),
      quote: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Pence for the rest of the period: positive is due from the customer, negative is credited back. */
  prorataPremium: z.number().int(),
  /**
   * Pence to pay by card before the change can be confirmed (ADR 300): a dearer change of a policy paid in
   * full (POST /customerPayments/checkout/mta). 0 when nothing is due first (monthly: the next statement).
   */
  paymentDue: z.number().int().optional(),
  cancellation: cancellationOutcomeSchema.nullable(),
  /** A mid-term change (MTA) in plain words (ADR 356); absent for other kinds. */
  summary: changeSummarySchema.nullable().optional(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** What the cancel page offers for a policy now (GET /api/policies/{id}/cancellation). */
export const cancellationOptionsSchema = z.object({
  allowed: z.boolean(),
  type: z.enum(CANCELLATION_TYPES),
  reasons: z.array(z.string()),
  /** Standard: days the end may be deferred, and the last London day allowed ('yyyy-MM-dd'). */
  deferralDays: z.number().int(),
  latestDay: z.string(),
  /** The refund if cancelled now, in pence. */
  refundIfNowPence: z.number().int(),
  /** What would still be to pay if cancelled now, in pence (ADR 383): arrears, or a change's credit taken back. */
  owedIfNowPence: z.number().int(),
});
export type CancellationOptions = z.infer<typeof cancellationOptionsSchema>;

/** POST /customerPayments/checkout/mta (spec 3 §7): the payment a dearer change of a policy paid in full takes. */
export const mtaPaymentBodySchema = z.object({ adjustmentId: z.string().uuid() });
