import { z } from 'zod';

/**
 * A scheme's rating tables (config/brands/<brand>/rating.json, key "rating"). Money in pence; factors are
 * multipliers on the running annual net premium. Bands are ascending by their upper bound (inclusive);
 * the last band catches everything above.
 */
const factor = z.number().positive().max(20);
const pence = z.number().int().nonnegative();
const band = <K extends string>(key: K) =>
  z
    .array(
      z.object({ [key]: z.number().nonnegative(), factor } as Record<K, z.ZodNumber> & {
        factor: typeof factor;
      }),
    )
    .min(1);

export const ratingTablesSchema = z.object({
  wordingVersion: z.string().min(1),
  mainInsurer: z.string().min(1),
  iptRate: z.number().min(0).max(1),
  basePremium: pence,
  minimumPremium: pence,
  driverAge: band('maxAge'),
  licenceYears: band('maxYears'),
  /** Index = years of no claims discount, 0 to 9 (9 means 9+). */
  ncdYears: z.array(factor).length(10),
  /** Index = insurance group - 1 (groups 1 to 50). */
  insuranceGroup: z.array(factor).length(50),
  vehicleValue: band('maxPounds'),
  /**
   * Factor per postcode area. An area missing from the table refers (UNRATED_AREA): never priced at a default
   * (issue 27 §5, ADR 349). Its referral is priced at the table's highest factor, never shown as a quote.
   */
  postcodeArea: z.record(z.string().regex(/^[A-Z]{1,2}$/), factor),
  annualMileage: band('maxMiles'),
  usage: z.record(z.string(), factor),
  overnightLocation: z.record(z.string(), factor),
  overnightLocationDefault: factor,
  trackerFitted: factor,
  /** Per conviction in the look-back, by the code's two-letter family (SP, CU, MS ...). */
  convictions: z.object({
    families: z.record(z.string(), factor),
    default: factor,
    perPoint: z.number().min(0),
  }),
  /** Per claim in the look-back. */
  claims: z.object({ fault: factor, nonFault: factor, theft: factor, windscreen: factor, other: factor }),
  additionalDriverAge: band('maxAge'),
  voluntaryExcess: z.record(z.enum(['0', '100', '200', '300']), factor),
  lookBackYears: z.number().int().min(1).max(10),
  referral: z.object({
    /** Conviction codes (exact, e.g. 'IN10') or families (e.g. 'DR') that refer. */
    seriousConvictions: z.array(z.string().min(2)),
    faultClaims: z.number().int().min(1),
    maxValuePounds: z.number().int().positive(),
    /** A car worth less refers (issue 27 §6, ADR 350). */
    minValuePounds: z.number().int().nonnegative().default(500),
    /** More miles a year refer (issue 27 §6, ADR 350). */
    maxAnnualMileage: z.number().int().positive().default(99_999),
    /** A full UK licence dated before this birthday refers (issue 27 §6, ADR 350). */
    minFullLicenceAge: z.number().int().positive().default(17),
    maxDriverAge: z.number().int().positive(),
    referLicenceTypes: z.array(z.string()),
  }),
  excess: z.object({
    compulsory: z.record(z.string(), pence),
    voluntaryAppliesTo: z.array(z.string()),
    young: z.object({ underAge: z.number().int(), amount: pence, appliesTo: z.array(z.string()) }),
    inexperienced: z.object({
      underLicenceYears: z.number().int(),
      amount: pence,
      appliesTo: z.array(z.string()),
    }),
  }),
  driveOtherCarsMinAge: z.number().int(),
  optionalCovers: z.object({
    ncb_protection: z.object({ rate: z.number().min(0).max(1), minimum: pence, minNcd: z.number().int() }),
    legal_expenses: z.object({ flat: pence }),
  }),
  promotions: z.record(
    z.string().regex(/^[A-Z0-9]+$/),
    z.object({
      freeMonths: z.number().int().min(1).max(12),
      requiresTerms: z.boolean(),
      minAge: z.number().int().optional(),
    }),
  ),
});

export type RatingTables = z.infer<typeof ratingTablesSchema>;
