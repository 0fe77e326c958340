/**
 * The answer values the risk model accepts (spec 3 §3 "Enumerations"). Kept here so the risk schema has
 * no moving dependency; the display lists live in the shared enums file.
 * Lists that are the same as the shared enumerations are those enumerations.
 */
import * as C from '../constants.ts';

export {
  EMPLOYED_STATUSES,
  EMPLOYMENT_STATUSES as EMPLOYMENT_STATUS,
  HOME_OWNERSHIP,
  KEEPER_OWNER,
  LICENCE_TYPES as LICENCE_TYPE,
  MARITAL_STATUSES as MARITAL_STATUS,
  NIW_SUB_CODES as NOT_IN_WORK_SUB_STATUS,
  OPTIONAL_COVERS as OPTIONAL_COVER_CODES,
  RELATIONSHIPS_TO_INSURED as RELATIONSHIP_TO_INSURED,
  USE_OF_OTHER_CAR,
  VEHICLE_STEERING as STEERING,
  VEHICLE_USAGES as VEHICLE_USAGE,
} from '../enums.ts';
export const PROFILE_CODES = ['policyholder', 'p1', 'p2', 'p3', 'p4'] as const;
export const ADDITIONAL_PROFILE_CODES = ['p1', 'p2', 'p3', 'p4'] as const;
export { VOLUNTARY_EXCESS_OPTIONS } from '../constants.ts';
export const PURCHASE_TYPE = ['NotYetPurchased', 'Cash', 'Finance', 'Lease', 'Other'] as const;

export type ProfileCode = (typeof PROFILE_CODES)[number];
export type { OptionalCover as OptionalCoverCode } from '../enums.ts';

/** Business limits used by the risk rules (spec 3 §5, §9): the constants, under the rules' names. */
export const RISK_LIMITS = {
  nameMin: C.NAME_MIN_LENGTH,
  lastNameMin: C.LAST_NAME_MIN_LENGTH,
  nameMax: C.NAME_MAX_LENGTH,
  maxAgeYears: C.MAX_AGE_YEARS,
  minLicenceAge: C.MIN_LICENCE_AGE,
  minDriverAge: C.MIN_DRIVER_AGE,
  lookBackYears: C.CLAIMS_LOOK_BACK_YEARS,
  minValue: C.ESTIMATED_VALUE_MIN,
  maxValue: C.ESTIMATED_VALUE_MAX,
  minMileage: C.ANNUAL_MILEAGE_MIN,
  maxMileage: C.ANNUAL_MILEAGE_MAX,
  earliestUsageYear: C.EARLIEST_USAGE_YEAR,
  seatsMin: C.SEATS_MIN,
  seatsMax: C.SEATS_MAX,
  maxAdditionalProfiles: C.MAX_ADDITIONAL_DRIVERS,
  ncbProtectionMinNcd: C.NCB_PROTECTION_MIN_NCD,
  maxStartDaysAhead: C.START_DATE_MAX_DAYS_AHEAD,
} as const;
