import { partialProposalDataSchema } from '@forecourt/domain/risk/schema';
import { z } from 'zod';
import { plainText } from './claims.ts';
import { sessionResponseSchema } from './session.ts';

/**
 * POST /api/partners/quotes (issue 31 part 2, ADR 363): the same contract as a full proposal (POST
 * /api/proposals with complete answers), checked and rated by the same code as the web journey; `campaign`
 * names the partner's campaign for conversion tracking.
 */
export const partnerQuoteRequestSchema = z.object({
  schemeCode: z.string().min(1).max(40),
  data: partialProposalDataSchema,
  promoCode: z.string().max(32).optional(),
  campaign: plainText(64)
    .pipe(z.string().regex(/^[\w .:/-]*$/, 'Letters, digits, spaces and . _ : / - only'))
    .optional(),
});
export type PartnerQuoteRequest = z.infer<typeof partnerQuoteRequestSchema>;

const reasonSchema = z.object({ code: z.string(), message: z.string() });

/**
 * What a comparison site needs, and nothing more: no personal data is echoed back. Money in pence.
 * `declined`: the risk cannot be priced (the car could not be identified); `referred`: priced but not offered
 * online, with reasons.
 */
export const partnerQuoteResponseSchema = z.object({
  quoteReference: z.string(),
  status: z.enum(['quoted', 'referred', 'declined']),
  reasons: z.array(reasonSchema),
  currency: z.literal('GBP'),
  /** The price of the year (or the driveaway term) in pence, IPT included; null when declined. */
  annualPrice: z.number().int().nullable(),
  /** The regular monthly instalment in pence; null when the product is paid in full or declined. */
  monthlyPrice: z.number().int().nullable(),
  /** The highest total excess (compulsory and voluntary) of any claim kind, in pence. */
  excess: z.number().int().nullable(),
  excesses: z.array(z.object({ kind: z.string(), total: z.number().int() })),
  /** Until when the price holds (ISO 8601). */
  expiresAt: z.string().nullable(),
  /** Opens the quote in the brand's web app at the price step; one use, 24 hours; null unless quoted. */
  deepLink: z.string().nullable(),
  deepLinkExpiresAt: z.string().nullable(),
});
export type PartnerQuoteResponse = z.infer<typeof partnerQuoteResponseSchema>;

/** POST /api/session/partner-quote: the deep link's token, exchanged once for a quote session. */
export const partnerLinkRequestSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[\w-]+$/),
});
export const partnerLinkResponseSchema = sessionResponseSchema.extend({
  proposalCode: z.string(),
  schemeCode: z.string(),
});
export type PartnerLinkResponse = z.infer<typeof partnerLinkResponseSchema>;

/** Staff: a partner's API keys (GET/POST /api/admin/partner-keys). */
export const partnerKeySchema = z.object({
  id: z.string().uuid(),
  partner: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;
export const partnerKeyListSchema = z.object({ keys: z.array(partnerKeySchema) });
export const createPartnerKeyRequestSchema = z.object({
  partner: plainText(80).pipe(
    z
      .string()
      .min(1)
      .regex(/^[\w .&'-]+$/, 'Letters, digits and spaces only'),
  ),
});
/** The new key itself is in this answer only: it is never shown again. */
export const createdPartnerKeySchema = partnerKeySchema.extend({ key: z.string() });
export const partnerKeyParamsSchema = z.object({ id: z.string().uuid() });

/** Staff insights: quotes, bought and conversion per source (partner and campaign). */
export const sourceInsightsSchema = z.object({
  sources: z.array(
    z.object({
      partner: z.string(),
      campaign: z.string().nullable(),
      quotes: z.number().int(),
      bought: z.number().int(),
      /** bought ÷ quotes, 0 to 1 (0 without quotes). */
      conversion: z.number(),
    }),
  ),
});
export type SourceInsights = z.infer<typeof sourceInsightsSchema>;
