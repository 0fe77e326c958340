import { CHANGE_TYPES, PROPOSAL_STATUSES } from '@forecourt/domain/enums';
import { partialProposalDataSchema } from '@forecourt/domain/risk/schema';
import { z } from 'zod';

/**
 * Proposals API (spec 3 §3, §7). Money is integer pence everywhere except the answers the visitor gives
 * in whole pounds (asset.estimatedValue, quote.voluntaryExcess). Statuses are upper case.
 */

export const proposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;
export const ratingStatusSchema = z.enum(['QUOTE', 'REFERRAL', 'INSUFFICIENT_ACCURACY']);

/** Proposal changes: the shared change types less START_DATE_CHANGE, which only adjustments use. */
export const changeTypeSchema = z.enum(CHANGE_TYPES).exclude(['START_DATE_CHANGE']);
export type ChangeType = z.infer<typeof changeTypeSchema>;

export const proposalChangeSchema = z.object({
  changeType: changeTypeSchema,
  assetCode: z.string().optional(),
  profileCode: z.string().optional(),
  coverCode: z.string().optional(),
  /** SELECT_VOLUNTARY_EXCESS: whole pounds, one of 0, 100, 200, 300. */
  excess: z.number().int().optional(),
  /** REQUEST_COVER_OPTION: true adds the cover, false declines it, null leaves it undecided. */
  selected: z.boolean().nullable().optional(),
  /** Disclosure changes: a dotted path inside the asset, the profile's data or the quote answers. */
  update: z
    .object({ path: z.string().min(1).max(200), value: z.unknown(), attribute: z.string().optional() })
    .optional(),
  /** ADD_PROFILE / ADDITIONAL_PROFILE_CREATE_CHANGE: the new profile's first answers. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ProposalChange = z.infer<typeof proposalChangeSchema>;

const money = z.number().int();

export const priceLineSchema = z.object({
  coverGroup: z.enum(['MAIN', 'OPTIONAL', 'DISCOUNT']),
  feature: z.string(),
  tag: z.string(),
  net: money,
  ipt: money,
  gross: money,
});
export type PriceLine = z.infer<typeof priceLineSchema>;

export const quoteTotalsSchema = z.object({
  /** Annual premium before discounts: net + ipt = gross. */
  net: money,
  ipt: money,
  gross: money,
  iptRate: z.number(),
  /** Discounts (promotion free months) as a positive amount, and the price after them. */
  discount: money,
  discountedPrice: money,
  /**
   * SUBSCRIPTION: the payments after any free months (count = 12 − freeMonths) of the discounted price,
   * remainder pennies on the first paid one; no interest. Read the full breakdown with the domain's
   * `priceBreakdown(quote)` (ADR 175).
   */
  monthly: z.object({ first: money, regular: money, count: z.number().int() }).nullable(),
  /** Months charged nothing under a promotion. */
  freeMonths: z.number().int(),
});

export const excessLineSchema = z.object({
  kind: z.string(),
  compulsory: money,
  voluntary: money,
  young: money,
  inexperienced: money,
  total: money,
});

export const optionalCoverSchema = z.object({
  code: z.string(),
  available: z.boolean(),
  /** true chosen, false declined, null not decided yet. */
  active: z.boolean().nullable(),
  premium: money.nullable(),
  priceOptions: z.array(z.object({ net: money, ipt: money, gross: money, monthly: money.nullable() })),
});

export const traceEntrySchema = z.object({
  factor: z.string(),
  input: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  multiplier: z.number().optional(),
  loading: money.optional(),
  premiumAfter: money,
});

export const reasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  profileCode: z.string().optional(),
});

export const promotionResultSchema = z.object({
  code: z.string(),
  freeMonths: z.number().int(),
  requiresTerms: z.boolean(),
  applied: z.boolean(),
  reasons: z.array(z.string()),
});

export const quoteSchema = z.object({
  ratingStatus: ratingStatusSchema,
  ratedAt: z.string(),
  ratingDate: z.string(),
  wordingVersion: z.string(),
  mainInsurer: z.string(),
  promoCode: z.string().nullable(),
  assetCode: z.string(),
  vrn: z.string().nullable(),
  specification: z.record(z.string(), z.unknown()),
  insuredProfiles: z.array(
    z.object({ profileCode: z.string(), policyholder: z.boolean(), data: z.record(z.string(), z.unknown()) }),
  ),
  endorsements: z.array(reasonSchema),
  referralReasons: z.array(reasonSchema),
  requestedOptionalCovers: z.record(z.string(), z.boolean().nullable()),
  optionalCovers: z.array(optionalCoverSchema),
  voluntaryExcess: z.number().int(),
  mandatoryExcessLines: z.array(z.object({ category: z.string(), amount: money })),
  excessLines: z.array(excessLineSchema),
  priceBreakdown: z.array(priceLineSchema),
  totals: quoteTotalsSchema.nullable(),
  promotion: promotionResultSchema.nullable(),
  trace: z.array(traceEntrySchema),
});
export type Quote = z.infer<typeof quoteSchema>;

export const proposalSchema = z.object({
  proposalCode: z.string(),
  status: proposalStatusSchema,
  schemeCode: z.string(),
  product: z.string(),
  brand: z.string(),
  externalReference: z.string(),
  source: z.string().nullable(),
  promoCode: z.string().nullable(),
  /** The answers so far, typed by the domain's proposal data model (@forecourt/domain/risk/schema). */
  data: partialProposalDataSchema,
  quote: quoteSchema.nullable(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  policyTerm: z.string(),
  monthlyBilling: z.boolean(),
  renewalType: z.string(),
  policyId: z.string().nullable(),
  policyNumber: z.string().nullable(),
  quoteExpiresAt: z.string().nullable(),
  trackingRecorded: z.boolean(),
  sourcePolicy: z.record(z.string(), z.unknown()).nullable(),
  sourceProposal: z.string().nullable(),
  /** A renewal: the cycle (1 for the first anniversary; 0 for new business, spec 2 §3). */
  renewalCycle: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalCodeParamsSchema = z.object({ code: z.string().min(1).max(64) });

export const createProposalRequestSchema = z.object({
  schemeCode: z.string().min(1),
  externalReference: z
    .string()
    .regex(/^[A-Z0-9-]{4,32}$/i, 'Use 4-32 letters, digits or hyphens')
    .optional(),
  data: partialProposalDataSchema.optional(),
  source: z.string().max(100).optional(),
  promoCode: z.string().max(32).optional(),
  brand: z.string().optional(),
});
export type CreateProposalRequest = z.infer<typeof createProposalRequestSchema>;

export const listProposalsQuerySchema = z.object({
  externalReference: z.string().optional(),
  schemeCode: z.string().optional(),
  status: proposalStatusSchema.optional(),
});
export const listProposalsResponseSchema = z.object({ items: z.array(proposalSchema) });

export const updateProposalRequestSchema = z.object({
  changes: z.array(proposalChangeSchema).max(100).default([]),
  applyRating: z.boolean().optional(),
  /** A new cover start date ('yyyy-MM-dd'); sets quote.startDate. */
  coverStart: z.iso.date().optional(),
});
export type UpdateProposalRequest = z.infer<typeof updateProposalRequestSchema>;

export const retainRequestSchema = z.object({ email: z.string().email() });
export const trackingRequestSchema = z.object({
  values: z.record(z.string().max(40), z.string().max(500)),
});
export const promotionParamsSchema = z.object({
  code: z.string().min(1).max(64),
  id: z.string().min(1).max(32),
});
export const promotionActivationRequestSchema = z.object({
  promotionActivationCode: z.string().min(1).max(32),
});
export const acceptedResponseSchema = z.object({ ok: z.literal(true) });

export const formValidationParamsSchema = z.object({ profile: z.string().min(1).max(64) });
export const formValidationRequestSchema = z.object({ data: z.unknown() });
export const formValidationResponseSchema = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});
export type FormValidationResponse = z.infer<typeof formValidationResponseSchema>;

export const backBookRequestSchema = z.object({
  externalReference: z.string().trim().min(1).max(32),
  dateOfBirth: z.iso.date(),
  postalCode: z.string().trim().min(2).max(10),
  brand: z.string().optional(),
});
export type BackBookRequest = z.infer<typeof backBookRequestSchema>;
