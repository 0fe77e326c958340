/**
 * The answer values the risk model accepts (spec 3 §3 "Enumerations"). Kept here so the risk schema has
 * no moving dependency; the display lists live in the shared enums file.
 * Lists that are the same as the shared enumerations are those enumerations.
 */
export {
  EMPLOYMENT_STATUSES as EMPLOYMENT_STATUS,
  KEEPER_OWNER,
  LICENCE_TYPES as LICENCE_TYPE,
  MARITAL_STATUSES as MARITAL_STATUS,
  NIW_SUB_CODES as NOT_IN_WORK_SUB_STATUS,
  OPTIONAL_COVERS as OPTIONAL_COVER_CODES,
  RELATIONSHIPS_TO_INSURED as RELATIONSHIP_TO_INSURED,
  VEHICLE_STEERING as STEERING,
  VEHICLE_USAGES as VEHICLE_USAGE,
} from '../enums.ts';
export const HOME_OWNERSHIP = ['Own', 'Mortgage', 'Rent', 'LivingWithFamily'] as const;
/** Employment statuses that are asked occupation and industry. */
export const EMPLOYED_STATUSES: readonly string[] = ['FT', 'PT', 'SE'];
export const USE_OF_OTHER_CAR = [
  'OwnAnotherVehicle',
  'NamedDriverOtherPolicy',
  'CompanyCarExcSocial',
  'CompanyCarIncSocial',
  'NoAccessToOtherCars',
  'AccessToOtherCars',
] as const;
export const PROFILE_CODES = ['policyholder', 'p1', 'p2', 'p3', 'p4'] as const;
export const ADDITIONAL_PROFILE_CODES = ['p1', 'p2', 'p3', 'p4'] as const;
export const VOLUNTARY_EXCESS_OPTIONS = [0, 100, 200, 300] as const;
export const PURCHASE_TYPE = ['NotYetPurchased', 'Cash', 'Finance', 'Lease', 'Other'] as const;

export type ProfileCode = (typeof PROFILE_CODES)[number];
export type { OptionalCover as OptionalCoverCode } from '../enums.ts';

/** Claim types whose accident was the driver's fault (for loadings and the 3-fault-claims referral). */
export const FAULT_CLAIM_TYPES: readonly string[] = [
  'Accident-Fault',
  'Accident-BothFault',
  'Fault',
  'BothFault',
];

/** Business limits used by the risk rules (spec 3 §5, §9). */
export const RISK_LIMITS = {
  nameMin: 2,
  nameMax: 30,
  maxAgeYears: 125,
  minLicenceAge: 16,
  minDriverAge: 17,
  lookBackYears: 5,
  minValue: 1,
  maxValue: 999_999,
  earliestUsageYear: 1939,
  seatsMin: 1,
  seatsMax: 8,
  maxAdditionalProfiles: 4,
  ncbProtectionMinNcd: 4,
  maxStartDaysAhead: 30,
} as const;
