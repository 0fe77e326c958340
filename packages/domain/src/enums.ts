/**
 * Shared enumerations (spec 1 §3.6, spec 2 §3, spec 3 §3 "Enumerations") as `as const` arrays with union
 * types, so contracts can build `z.enum(X)` and code can narrow with `isOneOf(X, value)`.
 */

/** Type guard: `value` is one of the members of `values`. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

// ── Policies, proposals, adjustments ──────────────────────────────────────────────────────────────
export const POLICY_STATUSES = [
  'PENDING',
  'ACTIVE',
  'LAPSED',
  'CANCELLED',
  'RENEWED',
  'VOIDED',
  'NTU',
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const ENDED_POLICY_STATUSES = ['CANCELLED', 'VOIDED', 'NTU', 'LAPSED', 'RENEWED'] as const;

export const PROPOSAL_STATUSES = [
  'INSUFFICIENT_ACCURACY',
  'QUOTE',
  'QUOTE_EXPIRED',
  'REFERRAL',
  'POLICY',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Policy types; the product kind of a scheme is one of these (spec 2 writes them lower-case). */
export const POLICY_TYPES = ['SUBSCRIPTION', 'ANNUAL', 'DRIVEAWAY'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const PRODUCT_KINDS = POLICY_TYPES;
export type ProductKind = PolicyType;

export const RATING_STATUSES = ['QUOTE', 'REFERRAL'] as const;
export type RatingStatus = (typeof RATING_STATUSES)[number];
export const REVIEW_TYPES = ['AUTO', 'NEVER', 'MANUAL'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];
export const RENEWAL_TYPES = ['auto', 'manual'] as const;
export type RenewalType = (typeof RENEWAL_TYPES)[number];

export const CHANGE_TYPES = [
  'ASSET_DISCLOSURE_CHANGE',
  'PROFILE_DISCLOSURE_CHANGE',
  'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
  'QUOTE_DISCLOSURE_CHANGE',
  'ADD_PROFILE',
  'ADDITIONAL_PROFILE_CREATE_CHANGE',
  'REMOVE_PROFILE',
  'ADD_COVER',
  'REMOVE_COVER',
  'SELECT_VOLUNTARY_EXCESS',
  'REQUEST_COVER_OPTION',
  'START_DATE_CHANGE',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const DISCLOSURE_TYPES = ['ADDITIONAL_PROFILE', 'POLICYHOLDER', 'PROMOTION'] as const;
export type DisclosureType = (typeof DISCLOSURE_TYPES)[number];
/** MTA mid-term adjustment, SDA start-date adjustment, CANCELLATION (spec 2 §4 cancellation flow). */
export const ADJUSTMENT_TYPES = ['MTA', 'SDA', 'CANCELLATION'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
export const EFFECTIVE_DATE_CHOICES = ['immediately', 'backdate-to-inception', 'other-date'] as const;
export type EffectiveDateChoice = (typeof EFFECTIVE_DATE_CHOICES)[number];
export const CANCELLATION_EFFECTIVE_CHOICES = ['immediately', 'deferred'] as const;
export type CancellationEffectiveChoice = (typeof CANCELLATION_EFFECTIVE_CHOICES)[number];

export const CANCELLATION_TYPES = ['Standard', 'CoolingOff'] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];
/** CoolingOff counts from inception or from bind (creation). */
export const COOLING_OFF_START_BASES = ['Inception', 'Bind'] as const;
export type CoolingOffStartBasis = (typeof COOLING_OFF_START_BASES)[number];
export const RENEWAL_CANCELLATION_REASONS = [
  'SoldNR',
  'SoldMake',
  'Price',
  'Service',
  'NotSuitable',
  'Other',
] as const;
export type RenewalCancellationReason = (typeof RENEWAL_CANCELLATION_REASONS)[number];

// ── Billing and payments (spec 1 §3.6, spec 2 §3) ─────────────────────────────────────────────────
export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const MANDATE_STATUSES = ['PENDING_CUSTOMER_APPROVAL', 'ACTIVE', 'CANCELLED'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];
export const PAYMENT_STATUSES = ['PENDING', 'FAILED', 'SETTLED', 'DRAFT', 'REVERSED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHOD_TYPES = ['BACS_DEBIT', 'CARD'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const STATEMENT_STATUSES = ['draft', 'pending', 'failed', 'settled'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
export const LINE_ITEM_TYPES = [
  'invoice',
  'credit_note',
  'debit_journal',
  'credit_journal',
  'payment',
  'payment_reversal',
  'refund',
  'refund_reversal',
] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];
export const LINE_ITEM_STATUSES = ['PENDING', 'POSTED', 'FAILED'] as const;
export type LineItemStatus = (typeof LINE_ITEM_STATUSES)[number];
/** GOCARDLESS: direct-debit provider; STRIPE: card provider; MTA: mid-term adjustment. */
export const LINE_ITEM_SUB_TYPES = ['GOCARDLESS', 'STRIPE', 'MTA'] as const;
export type LineItemSubType = (typeof LINE_ITEM_SUB_TYPES)[number];
export const TRANSACTION_GROUPS = ['INVOICE', 'PAYMENT'] as const;
export type TransactionGroup = (typeof TRANSACTION_GROUPS)[number];

// ── Quote and cover ───────────────────────────────────────────────────────────────────────────────
export const QUOTE_COVER_TYPES = ['MAIN', 'OPTIONAL', 'DISCOUNT'] as const;
export type QuoteCoverType = (typeof QUOTE_COVER_TYPES)[number];
export const INCLUDED_COVERS = [
  'liability_to_others',
  'damage_to_car',
  'uk_accident_recovery',
  'electric_vehicles',
  'windscreen',
  'accessories',
  'child_car_seat',
  'foreign_travel',
  'personal_accident',
  'medical_expenses',
  'uninsured_driver_promise',
  'drive_other_cars',
] as const;
export type IncludedCover = (typeof INCLUDED_COVERS)[number];
export const OPTIONAL_COVERS = ['ncb_protection', 'legal_expenses'] as const;
export type OptionalCover = (typeof OPTIONAL_COVERS)[number];
export const ADD_ON_STATUSES = ['inactive', 'active'] as const;
export type AddOnStatus = (typeof ADD_ON_STATUSES)[number];
export const ENDORSEMENTS = ['DRIVE_OTHER_CARS_EXCLUDED', 'DRVEXC_YOUNG', 'DRVEXC_INEXP'] as const;
export type Endorsement = (typeof ENDORSEMENTS)[number];
export const EXCESS_KINDS = [
  'accidental_damage',
  'car',
  'fire',
  'non_approved_repairer',
  'theft',
  'windscreen_repair',
  'windscreen_replacement',
] as const;
export type ExcessKind = (typeof EXCESS_KINDS)[number];
/** Policy-level, product-level and static documents (spec 3 §3); privacy-policy is a static text page. */
export const POLICY_DOCUMENT_IDS = ['policy-certificate', 'policy-schedule'] as const;
export const PRODUCT_DOCUMENT_IDS = ['ipid', 'policy-wording'] as const;
export const STATIC_DOCUMENT_IDS = ['business-terms', 'privacy-policy'] as const;
export const DOCUMENT_IDS = [
  ...POLICY_DOCUMENT_IDS,
  ...PRODUCT_DOCUMENT_IDS,
  ...STATIC_DOCUMENT_IDS,
] as const;
export type DocumentId = (typeof DOCUMENT_IDS)[number];
export const NCD_YEARS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type NcdYears = (typeof NCD_YEARS)[number];
export const SEAT_COUNTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

// ── Vehicle (spec 3 §3) ───────────────────────────────────────────────────────────────────────────
export const VEHICLE_STEERING = ['RHD', 'LHD'] as const;
export type VehicleSteering = (typeof VEHICLE_STEERING)[number];
/** Registered keeper and legal owner share one list. */
export const KEEPER_OWNER = [
  'PolicyHolder',
  'LeasingCompanyInCompanyName',
  'LeasingCompanyInPrivateName',
  'ParentGuardian',
  'SpousePartner',
  'OtherFamilyMember',
  'Employer',
  'Other',
] as const;
export type KeeperOwner = (typeof KEEPER_OWNER)[number];
export const VEHICLE_USAGES = [
  'SocialDomesticPleasure',
  'SocialDomesticPleasureCommuting',
  'BusinessClass1',
] as const;
export type VehicleUsage = (typeof VEHICLE_USAGES)[number];
/** Where the car is kept overnight: the named values of spec 3 completed to a realistic UK list (ADR 030). */
export const OVERNIGHT_LOCATIONS = [
  'Driveway',
  'DrivewayGated',
  'DrivewayAwayFromHome',
  'SharedDriveway',
  'PublicRoadNearHome',
  'PublicRoadAwayFromHome',
  'PermitParkingNearHome',
  'GarageLockedAtHome',
  'GarageUnlockedAtHome',
  'GarageLockedNearHome',
  'GarageUnlockedNearHome',
  'GarageLockedAwayFromHome',
  'GarageUnlockedAwayFromHome',
  'CommunalGarageLocked',
  'CommunalGarageUnlocked',
  'CarParkOpen',
  'CarParkSecure',
  'CarParkOffice',
  'CarParkMultiStorey',
  'CarParkUnderground',
  'CarParkResidents',
  'CompoundLocked',
  'CompoundUnlocked',
  'Carport',
  'PrivateProperty',
  'PrivateRoad',
  'BusinessPremises',
  'Farmyard',
  'Other',
] as const;
export type OvernightLocation = (typeof OVERNIGHT_LOCATIONS)[number];

// ── Drivers (spec 3 §3) ───────────────────────────────────────────────────────────────────────────
export const RELATIONSHIPS_TO_INSURED = [
  'SpousePartner',
  'SonDaughter',
  'ParentGuardian',
  'BrotherSister',
  'OtherFamilyMember',
  'Employee',
  'Employer',
  'Other',
] as const;
export type RelationshipToInsured = (typeof RELATIONSHIPS_TO_INSURED)[number];
/** Each relationship in English: the documents print it, and the form's texts default to it (brands may override). */
export const RELATIONSHIP_LABELS: Record<RelationshipToInsured, string> = {
  SpousePartner: 'Spouse or partner',
  SonDaughter: 'Son or daughter',
  ParentGuardian: 'Parent or guardian',
  BrotherSister: 'Brother or sister',
  OtherFamilyMember: 'Other family member',
  Employee: 'Employee',
  Employer: 'Employer',
  Other: 'Other',
};
/** Spec 3 §3 lists Own, Rent, LivingWithFamily and says the texts also show a mortgage: Mortgage is one (ADR 136). */
export const HOME_OWNERSHIP = ['Own', 'Mortgage', 'Rent', 'LivingWithFamily'] as const;
export type HomeOwnership = (typeof HOME_OWNERSHIP)[number];
export const MARITAL_STATUSES = [
  'Married',
  'Single',
  'Cohabiting',
  'CivilPartnership',
  'Separated',
  'Divorced',
  'Widowed',
] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
/** FT full-time, PT part-time, SE self-employed, ED full-time education, RE retired, NIW not in work. */
export const EMPLOYMENT_STATUSES = ['FT', 'PT', 'SE', 'ED', 'RE', 'NIW'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
/** Not-in-work sub-codes: household duties, independent means, voluntary work, disabled, unemployed. */
export const NIW_SUB_CODES = ['HW-HH', 'IM', 'VW', 'NE-DIS', 'NE'] as const;
export type NiwSubCode = (typeof NIW_SUB_CODES)[number];
/** Employment statuses that are asked for occupation and industry (spec 3 §5 "Personal"). */
export const EMPLOYED_STATUSES = ['FT', 'PT', 'SE'] as const;
export const LICENCE_TYPES = [
  'UKFull',
  'UKAutoOnly',
  'UKProvisional',
  'EUFull',
  'EUProvisional',
  'EuropeanNonEU',
  'International',
] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const USE_OF_OTHER_CAR = [
  'OwnAnotherVehicle',
  'NamedDriverOtherPolicy',
  'CompanyCarExcSocial',
  'CompanyCarIncSocial',
  'NoAccessToOtherCars',
] as const;
export type UseOfOtherCar = (typeof USE_OF_OTHER_CAR)[number];
export const CLAIM_TYPES = [
  'Accident',
  'FireDamage',
  'StormFloodDamage',
  'Theft',
  'Vandalism',
  'Windscreen',
  'Others',
] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_SUB_TYPES = {
  Accident: ['Fault', 'NotFault', 'BothFault'],
  Theft: ['Vehicle', 'Contents'],
} as const satisfies Partial<Record<ClaimType, readonly string[]>>;
export type ClaimSubType = (typeof CLAIM_SUB_TYPES)[keyof typeof CLAIM_SUB_TYPES][number];
/** Claim status display (spec 2 §4): active → info, settled → success, pending → default. */
export const CLAIM_STATUSES = ['active', 'settled', 'pending'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const MARKETING_CHANNELS = ['email', 'phone', 'sms'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/** Outcome of an identity / customer verification check; 'consider' means the check failed. */
export const CHECK_RESULTS = ['clear', 'consider'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const ACCOUNT_VALIDATION_STATUSES = ['OK', 'CONFLICT'] as const;
export type AccountValidationStatus = (typeof ACCOUNT_VALIDATION_STATUSES)[number];
export const UPLOAD_REJECTION_REASONS = ['wrong-type', 'too-large', 'too-many', 'unknown'] as const;
export type UploadRejectionReason = (typeof UPLOAD_REJECTION_REASONS)[number];
export const UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'heic', 'pdf', 'doc', 'docx', 'rtf'] as const;
export const ACCOUNT_SETTINGS = ['email', 'phoneNumber', 'marketingPreferences'] as const;
export type AccountSetting = (typeof ACCOUNT_SETTINGS)[number];
