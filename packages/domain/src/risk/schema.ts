import { z } from 'zod';
import { isIsoDate, isIsoMonth } from '../dates.ts';
import { isName, isRegistration } from '../patterns.ts';
import {
  ADDITIONAL_PROFILE_CODES,
  EMPLOYMENT_STATUS,
  HOME_OWNERSHIP,
  KEEPER_OWNER,
  RISK_LIMITS as L,
  LICENCE_TYPE,
  MARITAL_STATUS,
  NOT_IN_WORK_SUB_STATUS,
  PROFILE_CODES,
  PURCHASE_TYPE,
  RELATIONSHIP_TO_INSURED,
  STEERING,
  USE_OF_OTHER_CAR,
  VEHICLE_USAGE,
  VOLUNTARY_EXCESS_OPTIONS,
} from './values.ts';

/**
 * The proposal data model (the agreed shape, spec 3 §3). Two readings of it:
 * - `proposalDataSchema` (complete): every required answer present, with the rules of spec 3 §5 added by
 *   `completeProposalSchema` (risk/rules.ts) because some need "now" and the promotion.
 * - `partialProposalDataSchema`: answers arrive one by one; anything present must have the right type.
 * Messages are keys (`validation.*`); `riskErrorMap` turns zod's own issues into keys too.
 */

const isoDate = z.string().refine(isIsoDate, { error: 'validation.date' });
const isoMonth = z.string().refine(isIsoMonth, { error: 'validation.yearMonth' });
const name = (min: number, lengthKey: string) =>
  z
    .string()
    .trim()
    .min(min, { error: lengthKey })
    .max(L.nameMax, { error: lengthKey })
    .refine(isName, { error: 'validation.nameCharacters' });
const firstName = name(L.nameMin, 'validation.nameLength');
const lastName = name(L.lastNameMin, 'validation.lastNameLength');
const wholeNumber = (min: number, max: number) =>
  z.number().int({ error: 'validation.wholeNumber' }).min(min, { error: 'validation.min' }).max(max, {
    error: 'validation.max',
  });

export const specificationSchema = z.looseObject({
  vehicleCode: z.string().min(1).optional(),
  year: z.number().int().min(1900).max(2100).optional(),
  make: z.string().optional(),
  model: z.string().optional(),
  trim: z.string().optional(),
  primaryFuel: z.string().optional(),
  bodyStyle: z.string().optional(),
  transmission: z.string().optional(),
  engineCapacity: z.number().nonnegative().optional(),
  enginePower: z.number().nonnegative().optional(),
  numberOfSeats: wholeNumber(L.seatsMin, L.seatsMax).optional(),
  steering: z.enum(STEERING).optional(),
  /** Catalogue value in pence. */
  value: z.number().int().nonnegative().optional(),
  insuranceGroup: z.number().int().min(1).max(50).optional(),
});

export const assetSchema = z.object({
  assetCode: z.literal('Vehicle'),
  /** Optional while quoting, needed to buy (spec 3 §5); in a UK format when given (ADR 349). */
  vrn: z.string().refine(isRegistration, { error: 'validation.registration' }).optional(),
  regLookup: z.boolean(),
  specification: specificationSchema,
  steering: z.enum(STEERING).optional(),
  numberOfSeats: wholeNumber(L.seatsMin, L.seatsMax).optional(),
  modifications: z.boolean(),
  /** Whole pounds. */
  estimatedValue: wholeNumber(L.minValue, L.maxValue),
  trackerFitted: z.boolean(),
  registeredKeeper: z.enum(KEEPER_OWNER),
  legalOwner: z.enum(KEEPER_OWNER),
  usageStartYearMonth: isoMonth,
  purchaseType: z.enum(PURCHASE_TYPE).optional(),
  usage: z.enum(VEHICLE_USAGE),
  annualMileage: wholeNumber(L.minMileage, L.maxMileage),
  overnightLocation: z.string().min(1, { error: 'validation.required' }),
  noClaimsDiscount: wholeNumber(0, 9),
});

export const addressSchema = z.looseObject({
  line1: z.string().min(1, { error: 'validation.required' }),
  line2: z.string().optional(),
  line3: z.string().optional(),
  line4: z.string().optional(),
  line5: z.string().optional(),
  city: z.string().min(1, { error: 'validation.required' }),
  postalCode: z.string(),
  countryName: z.string().default('United Kingdom'),
  company: z.string().optional(),
  department: z.string().optional(),
});

export const convictionSchema = z.object({
  code: z.string().trim().min(2, { error: 'validation.required' }).max(6),
  convictionDate: isoDate,
  points: wholeNumber(0, 12).optional(),
  banMonths: wholeNumber(0, 600).optional(),
});

export const claimSchema = z.object({
  type: z.string().min(1, { error: 'validation.confirmAnswer' }),
  date: isoDate,
  ncdAffected: z.boolean({ error: 'validation.confirmAnswer' }),
});

export const marketingPreferencesSchema = z.object({
  email: z.boolean(),
  phone: z.boolean(),
  sms: z.boolean(),
});

export const profileDataSchema = z.object({
  firstName,
  lastName,
  dateOfBirth: isoDate,
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  address: addressSchema.optional(),
  homeOwnership: z.enum(HOME_OWNERSHIP),
  maritalStatus: z.enum(MARITAL_STATUS),
  employmentStatus: z.enum(EMPLOYMENT_STATUS),
  employmentSubStatus: z.enum(NOT_IN_WORK_SUB_STATUS).optional(),
  occupation: z.string().optional(),
  industry: z.string().optional(),
  relationshipToInsured: z.enum(RELATIONSHIP_TO_INSURED).optional(),
  bankrupt: z.boolean(),
  unsatisfiedCCJs: z.boolean(),
  unspentCriminalConvictions: z.boolean(),
  previouslyRefusedInsurance: z.boolean(),
  drivingLicence: z.object({
    licenceType: z.enum(LICENCE_TYPE),
    validFrom: isoDate,
    convictions: z.array(convictionSchema).default([]),
  }),
  vehicleClaimsHistory: z.array(claimSchema).default([]),
  useOfOtherCar: z.enum(USE_OF_OTHER_CAR),
  dvlaUnawareOfMedicalCondition: z.boolean(),
  advisedByDoctorNotToDrive: z.boolean(),
  bannedOrDisqualified: z.boolean(),
  marketingPreferences: marketingPreferencesSchema.optional(),
});

export const profileSchema = z.object({
  profileCode: z.enum(PROFILE_CODES),
  policyholder: z.boolean(),
  data: profileDataSchema,
});

const coverChoice = z.boolean().nullable().optional();
export const quoteAnswersSchema = z.object({
  startDate: isoDate,
  promotionTermsAccepted: z.boolean().optional(),
  /** Whole pounds. */
  voluntaryExcess: z.literal(VOLUNTARY_EXCESS_OPTIONS, { error: 'validation.invalidOption' }),
  optionalCovers: z.object({ ncb_protection: coverChoice, legal_expenses: coverChoice }).default({}),
});

export const proposalDataSchema = z.object({
  asset: assetSchema,
  profiles: z.array(profileSchema).min(1, { error: 'validation.required' }),
  quote: quoteAnswersSchema,
});

/** Answers still arriving: every level optional, types still checked. */
export const partialProfileDataSchema = profileDataSchema.partial().extend({
  address: addressSchema.partial().optional(),
  drivingLicence: profileDataSchema.shape.drivingLicence
    .partial()
    .extend({ convictions: z.array(convictionSchema.partial()).optional() })
    .optional(),
  vehicleClaimsHistory: z.array(claimSchema.partial()).optional(),
  marketingPreferences: marketingPreferencesSchema.partial().optional(),
});
export const partialProfileSchema = z.object({
  profileCode: z.enum(PROFILE_CODES),
  policyholder: z.boolean(),
  data: partialProfileDataSchema.default({}),
});
export const partialProposalDataSchema = z.object({
  asset: assetSchema.partial().extend({ specification: specificationSchema.optional() }).default({}),
  profiles: z.array(partialProfileSchema).default([]),
  quote: quoteAnswersSchema
    .partial()
    .extend({ optionalCovers: quoteAnswersSchema.shape.optionalCovers.optional() })
    .default({}),
});

export type Specification = z.infer<typeof specificationSchema>;
export type Asset = z.infer<typeof assetSchema>;
export type Address = z.infer<typeof addressSchema>;
export type Conviction = z.infer<typeof convictionSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type ProfileData = z.infer<typeof profileDataSchema>;
export type Profile = z.infer<typeof profileSchema>;
export type QuoteAnswers = z.infer<typeof quoteAnswersSchema>;
export type ProposalData = z.infer<typeof proposalDataSchema>;
export type PartialProposalData = z.infer<typeof partialProposalDataSchema>;
export type PartialProfile = z.infer<typeof partialProfileSchema>;
export { ADDITIONAL_PROFILE_CODES };

/** Turns zod's built-in issues into message keys (pass as `{ error: riskErrorMap }` when parsing). */
export const riskErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value'))
    return 'validation.required';
  if (issue.code === 'invalid_type') return 'validation.type';
  if (issue.code === 'too_small') return 'validation.min';
  if (issue.code === 'too_big') return 'validation.max';
  if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return 'validation.invalidOption';
  if (issue.code === 'invalid_format') return 'validation.format';
  return undefined;
};
