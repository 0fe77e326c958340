/**
 * Business constants and limits (spec 1 §9, spec 2 §9, spec 3 §9). Money is in pence unless named otherwise.
 */

// Locale
export const LOCALE = 'en-GB';
export const CURRENCY = 'GBP';
export const TIME_ZONE = 'Europe/London';
export const FALLBACK_LANGUAGE = 'en';
export const DEFAULT_LOG_LEVEL = 'warn';

// Tax and money
/** Insurance premium tax (standard rate); premiums are quoted including it. */
export const IPT_RATE = 0.12;
/** Amounts at or below this (in pounds) count as zero: no payment needed, discount is full. */
export const ZERO_PAYMENT_THRESHOLD = 0.001;
export const MINOR_UNITS_PER_POUND = 100;

// Timing (ms)
export const SNACKBAR_HIDE_MS = 4000;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
export const LOOKUP_SEARCH_DEBOUNCE_MS = 250;
export const FEEDBACK_MODAL_DELAY_MS = 2000;
export const PAYMENT_TOKEN_VALIDITY_MS = 10 * 60 * 1000;

// Cookie consent
export const COOKIE_CONSENT_NAME = 'cookieConsent';
export const COOKIE_CONSENT_DAYS = 365;
export const COOKIE_CONSENT_MAX_AGE_MS = 31_536_000_000;
export const COOKIE_CONSENT_PATH = '/';

// Vehicle
export const EARLIEST_VEHICLE_YEAR = 1940;
/** Vehicle usage start (year and month) may not be before this year. */
export const EARLIEST_USAGE_YEAR = 1939;
/** kW × factor, rounded, shown as PS. */
export const POWER_KW_TO_PS = 1.01387;
export const SEATS_MIN = 1;
export const SEATS_MAX = 8;
export const SEATS_DEFAULT = 5;
export const ESTIMATED_VALUE_MIN = 1;
export const ESTIMATED_VALUE_MAX = 999_999;
export const ANNUAL_MILEAGE_MIN = 1;
export const ANNUAL_MILEAGE_MAX = 999_999;

// People
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const MAX_AGE_YEARS = 125;
export const MIN_LICENCE_AGE = 16;
export const MIN_DRIVER_AGE = 17;
/** Six-month promotion (HC6MZOE) minimum age. */
export const MIN_DRIVER_AGE_SIX_MONTH_OFFER = 18;
export const CLAIMS_LOOK_BACK_YEARS = 5;
export const CONVICTIONS_LOOK_BACK_YEARS = 5;
export const NCD_MIN = 0;
export const NCD_MAX = 9;
/** NCB protection needs at least this many years of no claims discount. */
export const NCB_PROTECTION_MIN_NCD = 4;
export const MAX_ADDITIONAL_DRIVERS = 4;
export const DEFAULT_ADDITIONAL_PROFILE_CODE = 'p1';
/** Lookups: minimum characters typed before a search. */
export const OCCUPATION_LOOKUP_MIN_CHARS = 3;
export const INDUSTRY_LOOKUP_MIN_CHARS = 3;
export const CONVICTION_LOOKUP_MIN_CHARS = 2;

// Excess (pounds)
export const VOLUNTARY_EXCESS_OPTIONS = [0, 100, 200, 300] as const;
/** Additional excess for a driver whose licence is under 1 year old. */
export const INEXPERIENCED_DRIVER_EXCESS_POUNDS = 50;
/** Additional accidental-damage excess for a driver under 25. */
export const YOUNG_DRIVER_EXCESS_POUNDS = 150;
export const YOUNG_DRIVER_AGE = 25;

// Adjustments, cancellation, billing
export const ADJUSTMENT_MAX_DAYS_AHEAD = 30;
export const DEFAULT_DAYS_TO_DEFER = 30;
/** Deferral when daysToDefer is missing or the policy is PENDING. */
export const FALLBACK_DAYS_TO_DEFER = 1;
export const PAYMENT_DAY_MIN = 1;
export const PAYMENT_DAY_MAX = 28;
export const FIRST_DIRECT_DEBIT_WORKING_DAYS = { min: 3, max: 5 } as const;
export const REFUND_WORKING_DAYS = { min: 7, max: 10 } as const;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 10;

// Uploads
export const UPLOAD_MAX_BYTES = 10_485_760;
export const UPLOAD_PROGRESS_DECIMALS = 2;

// Tracking parameters saved in the session (spec 3 §9)
export const TRACKING_PARAMETERS = [
  'utm_medium',
  'utm_campaign',
  'utm_source',
  'ref',
  'channel',
  'term',
  'asset',
  'asset_id',
] as const;
