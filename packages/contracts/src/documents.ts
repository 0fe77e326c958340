import { POLICY_TYPES } from '@forecourt/domain/enums';
import { z } from 'zod';

/** Documents of a policy (spec 3 §3 "Documents"): generated per policy version, static per wording version. */
export const policyDocumentKinds = ['policy-certificate', 'policy-schedule'] as const;
export type PolicyDocumentKind = (typeof policyDocumentKinds)[number];
export const staticDocumentIds = ['ipid', 'policy-wording', 'business-terms', 'privacy-policy'] as const;

/** Documents that do not depend on the wording version or insurer: served from /documents/static/. */
export const wordingIndependentDocumentIds = ['business-terms', 'privacy-policy', 'complaints'] as const;

/**
 * The path of a quote document (spec 3 §7): `/documents/{wordingVersion}/{insurer}.{id}.html` for the
 * wording's documents (IPID, policy wording), `/documents/static/{id}.html` for the others.
 */
export function quoteDocumentPath(
  quote: { wordingVersion: string; mainInsurer: string },
  id: string,
): string {
  if ((wordingIndependentDocumentIds as readonly string[]).includes(id))
    return `/documents/static/${id}.html`;
  return `/documents/${encodeURIComponent(quote.wordingVersion)}/${encodeURIComponent(quote.mainInsurer)}.${id}.html`;
}

export const policyDocumentParamsSchema = z.object({
  id: z.string().uuid(),
  doc: z.enum(policyDocumentKinds),
});

/** `?version=N`: that policy version's document (every version keeps its certificate and schedule); default current. */
export const policyDocumentQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const policyDocumentLinkSchema = z.object({
  doc: z.enum(policyDocumentKinds),
  url: z.string(),
  expiresAt: z.string(),
});

const isoDateTime = z.string().datetime({ offset: true });
const pence = z.number().int();

export const excessKinds = [
  'accidental_damage',
  'fire',
  'theft',
  'windscreen_repair',
  'windscreen_replacement',
  'non_approved_repairer',
] as const;

/** Everything the certificate and schedule print, taken from one policy version. Money in pence. */
export const policyDocumentInputSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string().min(1),
  versionNumber: z.number().int().min(1),
  issuedAt: isoDateTime,
  productName: z.string().min(1),
  brandName: z.string().min(1),
  wordingVersion: z.string().min(1),
  insurer: z.object({
    code: z.string().min(1),
    name: z.string().min(1),
    address: z.string().min(1),
    registration: z.string().min(1),
  }),
  policyholder: z.object({
    title: z.string().optional(),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    dateOfBirth: z.iso.date(),
    address: z.object({
      line1: z.string().min(1),
      line2: z.string().optional(),
      city: z.string().min(1),
      postalCode: z.string().min(1),
    }),
  }),
  vehicle: z.object({
    registration: z.string().min(1),
    make: z.string().min(1),
    model: z.string().min(1),
    trim: z.string().optional(),
    yearOfManufacture: z.number().int().optional(),
    valuePence: pence.optional(),
    overnightLocation: z.string().optional(),
    annualMileage: z.number().int().optional(),
  }),
  cover: z.object({
    level: z.literal('Comprehensive'),
    startAt: isoDateTime,
    endAt: isoDateTime,
    billing: z.enum(['monthly', 'annual']),
    /** The product kind and its term as an ISO duration (P1M, P1Y, P1D, P7D, P28D); absent before ADR 245. */
    product: z.enum(POLICY_TYPES).optional(),
    term: z.string().max(8).optional(),
  }),
  drivers: z
    .array(
      z.object({
        name: z.string().min(1),
        relationship: z.string().min(1),
        dateOfBirth: z.iso.date(),
        policyholder: z.boolean(),
      }),
    )
    .min(1),
  use: z.enum(['SocialDomesticPleasure', 'SocialDomesticPleasureCommuting', 'BusinessClass1']),
  excesses: z.array(z.object({ kind: z.string(), compulsoryPence: pence, voluntaryPence: pence })),
  additionalExcesses: z.array(z.object({ description: z.string(), amountPence: pence })).default([]),
  /** One regular payment (per month) or the year's price (per year), split into net and tax. */
  premium: z.object({ netPence: pence, iptPence: pence, totalPence: pence, per: z.enum(['month', 'year']) }),
  /**
   * The year's price breakdown (ADR 175), the same figures the quote, summary, checkout and e-mail show:
   * the lines add up to netPence + iptPence = totalPence; IPT is on the price after any free months.
   * Absent in documents issued before it.
   */
  priceBreakdown: z
    .object({
      lines: z.array(
        z.object({
          coverGroup: z.enum(['MAIN', 'OPTIONAL', 'DISCOUNT']),
          feature: z.string(),
          netPence: pence,
          iptPence: pence,
          totalPence: pence,
        }),
      ),
      netPence: pence,
      iptPence: pence,
      totalPence: pence,
      iptRate: z.number(),
      freeMonths: z.number().int().min(0),
      promoCode: z.string().nullable(),
      monthly: z.object({ payments: z.number().int(), firstPence: pence, regularPence: pence }).nullable(),
      dueTodayPence: pence,
    })
    .optional(),
  /**
   * A mid-term version's payments (issue 28 defect 12, ADR 355), from the ledger when the change was confirmed:
   * each payment made and what was paid back, the payments still to come (the first with what was then owed or
   * in credit), and the total of both. Absent on a first version and on documents issued before it.
   */
  payments: z
    .object({
      asAt: z.string(),
      made: z.array(z.object({ at: z.string(), amountPence: z.number().int() })),
      backPence: z.number().int(),
      paidPence: z.number().int(),
      remaining: z.array(z.object({ at: z.string(), amountPence: z.number().int() })),
      remainingPence: z.number().int(),
      totalPence: z.number().int(),
    })
    .optional(),
  optionalCovers: z.array(z.object({ name: z.string(), premiumPence: pence })).default([]),
  endorsements: z.array(z.object({ code: z.string(), title: z.string(), text: z.string() })).default([]),
});
export type PolicyDocumentInput = z.infer<typeof policyDocumentInputSchema>;
