/**
 * Business constants and limits (spec 1 §9, spec 2 §9, spec 3 §9). Money is in pence unless named otherwise.
 */

// Locale
export const LOCALE = 'en-GB';
export const CURRENCY = 'GBP';

// Tax and money
/** Insurance premium tax (standard rate); premiums are quoted including it. */
export const IPT_RATE = 0.12;
/** Amounts at or below this (in pounds) count as zero: no payment needed, discount is full. */
export const ZERO_PAYMENT_THRESHOLD = 0.001;
export const MINOR_UNITS_PER_POUND = 100;

// Timing (ms)
export const PAYMENT_TOKEN_VALIDITY_MS = 10 * 60 * 1000;

// Cookie consent
export const COOKIE_CONSENT_NAME = 'cookieConsent';

// Vehicle
export const EARLIEST_VEHICLE_YEAR = 1940;
/** Vehicle usage start (year and month) may not be before this year. */
export const EARLIEST_USAGE_YEAR = 1939;
export const SEATS_MIN = 1;
export const SEATS_MAX = 8;
export const ESTIMATED_VALUE_MIN = 1;
export const ESTIMATED_VALUE_MAX = 999_999;
export const ANNUAL_MILEAGE_MIN = 1;
export const ANNUAL_MILEAGE_MAX = 999_999;

// People
export const NAME_MIN_LENGTH = 2;
/** One-letter surnames exist ('O', 'E'): a last name may be a single letter (issue 27 §6, ADR 350). */
export const LAST_NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 30;
export const MAX_AGE_YEARS = 125;
export const MIN_LICENCE_AGE = 16;
export const MIN_DRIVER_AGE = 17;
/** Six-month promotion (HC6MZOE) minimum age. */
export const MIN_DRIVER_AGE_SIX_MONTH_OFFER = 18;
export const CLAIMS_LOOK_BACK_YEARS = 5;
/** NCB protection needs at least this many years of no claims discount. */
export const NCB_PROTECTION_MIN_NCD = 4;
export const MAX_ADDITIONAL_DRIVERS = 4;

// Excess (pounds)
export const VOLUNTARY_EXCESS_OPTIONS = [0, 100, 200, 300] as const;

/** A quote's start date may be at most this many days ahead (spec 3 §5). */
export const START_DATE_MAX_DAYS_AHEAD = 30;

// Adjustments, cancellation, billing
export const ADJUSTMENT_MAX_DAYS_AHEAD = 30;
export const DEFAULT_DAYS_TO_DEFER = 30;
/** Deferral when daysToDefer is missing or the policy is PENDING. */
export const FALLBACK_DAYS_TO_DEFER = 1;
export const PAYMENT_DAY_MIN = 1;
export const PAYMENT_DAY_MAX = 28;
export const FIRST_DIRECT_DEBIT_WORKING_DAYS = { min: 3, max: 5 } as const;
export const REFUND_WORKING_DAYS = { min: 7, max: 10 } as const;

// Uploads
export const UPLOAD_MAX_BYTES = 10_485_760;
