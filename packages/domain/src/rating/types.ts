import type { ProposalData } from '../risk/schema.ts';

export type RatingStatus = 'QUOTE' | 'REFERRAL' | 'INSUFFICIENT_ACCURACY';
export type CoverGroup = 'MAIN' | 'OPTIONAL' | 'DISCOUNT';

export interface RatingInput {
  data: ProposalData;
  promoCode?: string | null | undefined;
  /** SUBSCRIPTION (monthly) by default; ANNUAL and DRIVEAWAY have no monthly figures. */
  product?: 'SUBSCRIPTION' | 'ANNUAL' | 'DRIVEAWAY' | undefined;
  /** DRIVEAWAY: the days of cover (1, 7 or 28); the year's price is scaled to them (ADR 246). */
  termDays?: number | undefined;
}

export interface TraceEntry {
  factor: string;
  input: string | number | boolean | null;
  multiplier?: number;
  loading?: number;
  premiumAfter: number;
}

export interface Reason {
  code: string;
  message: string;
  profileCode?: string;
}

export interface PriceLine {
  coverGroup: CoverGroup;
  feature: string;
  tag: string;
  net: number;
  ipt: number;
  gross: number;
}

export interface ExcessLine {
  kind: string;
  compulsory: number;
  voluntary: number;
  young: number;
  inexperienced: number;
  total: number;
}

export interface OptionalCoverResult {
  code: string;
  available: boolean;
  active: boolean | null;
  premium: number | null;
  priceOptions: { net: number; ipt: number; gross: number; monthly: number | null }[];
}

export interface Totals {
  net: number;
  ipt: number;
  gross: number;
  iptRate: number;
  discount: number;
  discountedPrice: number;
  monthly: { first: number; regular: number; count: number } | null;
  freeMonths: number;
}

export interface PromotionResult {
  code: string;
  freeMonths: number;
  requiresTerms: boolean;
  applied: boolean;
  reasons: string[];
}

export interface RatingResult {
  ratingStatus: RatingStatus;
  ratingDate: string;
  wordingVersion: string;
  mainInsurer: string;
  endorsements: Reason[];
  referralReasons: Reason[];
  optionalCovers: OptionalCoverResult[];
  voluntaryExcess: number;
  mandatoryExcessLines: { category: string; amount: number }[];
  excessLines: ExcessLine[];
  priceBreakdown: PriceLine[];
  totals: Totals | null;
  promotion: PromotionResult | null;
  trace: TraceEntry[];
}
