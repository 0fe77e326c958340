import type { z } from 'zod';
import {
  addYearsIso,
  dateKey,
  isIsoDate,
  isIsoMonth,
  todayInLondon,
  wholeYears,
  withinLastYears,
} from '../dates.ts';
import { isCrownDependencyPostcode, isEmail, isPostcode, isUkPhone } from '../patterns.ts';
import type { PartialProfile, PartialProposalData } from './schema.ts';
import { EMPLOYED_STATUSES, RISK_LIMITS as L } from './values.ts';

export interface RuleOptions {
  now: Date;
  /** The promotion on the proposal, when any: whether its terms must be accepted and its minimum age. */
  promotion?: { code: string; requiresTerms: boolean; minAge?: number | undefined } | undefined;
  maxAdditionalProfiles?: number;
  /** Complete reading (for rating): answers that depend on other answers become required. */
  complete?: boolean;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * The cross-field rules of spec 3 §5. They read only what is present, so they serve both the partial
 * reading (answers arriving) and the complete one (for rating), where the shape makes everything present.
 */
export function proposalRuleIssues(data: PartialProposalData, options: RuleOptions): Issue[] {
  const today = todayInLondon(options.now);
  const issues: Issue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const { asset, quote, profiles } = data;

  const additional = profiles.filter((p) => !p.policyholder);
  const max = options.maxAdditionalProfiles ?? L.maxAdditionalProfiles;
  if (additional.length > max) add(['profiles'], 'validation.tooManyAdditionalDrivers');
  const holders = profiles.filter((p) => p.policyholder).length;
  if (holders > 1 || (options.complete && holders !== 1)) add(['profiles'], 'validation.onePolicyholder');
  const seen = new Set<string>();
  profiles.forEach((p, i) => {
    if (seen.has(p.profileCode)) add(['profiles', i, 'profileCode'], 'validation.duplicateProfile');
    seen.add(p.profileCode);
    if (p.policyholder !== (p.profileCode === 'policyholder'))
      add(['profiles', i, 'profileCode'], 'validation.profileCode');
    profileIssues(p, today, options, (path, m) => add(['profiles', i, 'data', ...path], m));
  });

  if (asset.usageStartYearMonth !== undefined && isIsoMonth(asset.usageStartYearMonth)) {
    const year = Number(asset.usageStartYearMonth.slice(0, 4));
    if (year < L.earliestUsageYear) add(['asset', 'usageStartYearMonth'], 'validation.usageStartTooEarly');
    else if (asset.usageStartYearMonth > today.slice(0, 7))
      add(['asset', 'usageStartYearMonth'], 'validation.usageStartInFuture');
    else if (
      quote.startDate &&
      isIsoDate(quote.startDate) &&
      quote.startDate.slice(0, 7) < asset.usageStartYearMonth
    )
      add(['quote', 'startDate'], 'validation.startBeforeUsage');
  }

  if (quote.startDate && isIsoDate(quote.startDate)) {
    if (quote.startDate < today) add(['quote', 'startDate'], 'validation.startDateInPast');
    else if (wholeDays(today, quote.startDate) > L.maxStartDaysAhead)
      add(['quote', 'startDate'], 'validation.startDateTooFar');
  }

  const policyholder = profiles.find((p) => p.policyholder);
  const ncd = asset.noClaimsDiscount;
  if (ncd !== undefined && policyholder) {
    const dob = policyholder.data.dateOfBirth;
    const from = policyholder.data.drivingLicence?.validFrom;
    if (isIsoDate(dob) && ncd > Math.max(0, wholeYears(dob, today) - L.minLicenceAge))
      add(['asset', 'noClaimsDiscount'], 'validation.ncdExceedsAge');
    else if (isIsoDate(from) && ncd > Math.max(0, wholeYears(from, today)))
      add(['asset', 'noClaimsDiscount'], 'validation.ncdExceedsLicence');
  }
  if (quote.optionalCovers?.ncb_protection === true && ncd !== undefined && ncd < L.ncbProtectionMinNcd)
    add(['quote', 'optionalCovers', 'ncb_protection'], 'validation.ncbProtectionNeedsNcd');

  const promo = options.promotion;
  if (promo?.requiresTerms && quote.promotionTermsAccepted !== true)
    add(['quote', 'promotionTermsAccepted'], 'validation.promotionTerms');
  if (promo?.minAge && policyholder && isIsoDate(policyholder.data.dateOfBirth)) {
    if (wholeYears(policyholder.data.dateOfBirth, quote.startDate ?? today) < promo.minAge)
      add(['quote', 'promotionTermsAccepted'], 'validation.promotionMinAge');
  }
  return issues;
}

function wholeDays(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

function profileIssues(
  profile: PartialProfile,
  today: string,
  options: RuleOptions,
  add: (path: (string | number)[], message: string) => void,
) {
  const d = profile.data;
  const dob = isIsoDate(d.dateOfBirth) ? d.dateOfBirth : undefined;
  if (dob) {
    if (dob > today) add(['dateOfBirth'], 'validation.dateInFuture');
    else if (dateKey(dob) < dateKey(today) - L.maxAgeYears * 10_000)
      add(['dateOfBirth'], 'validation.tooOld');
    else if (wholeYears(dob, today) < L.minDriverAge) add(['dateOfBirth'], 'validation.tooYoung');
  }
  const from = d.drivingLicence?.validFrom;
  if (isIsoDate(from)) {
    const at = ['drivingLicence', 'validFrom'];
    if (from > today) add(at, 'validation.dateInFuture');
    else if (dob && from < dob) add(at, 'validation.licenceBeforeBirth');
    else if (dob && dateKey(from) < dateKey(addYearsIso(dob, L.minLicenceAge)))
      add(at, 'validation.licenceBeforeSixteen');
    else if (dateKey(from) < dateKey(today) - L.maxAgeYears * 10_000) add(at, 'validation.tooOld');
  }
  for (const [i, c] of (d.drivingLicence?.convictions ?? []).entries())
    recentDate(c.convictionDate, today, (m) =>
      add(['drivingLicence', 'convictions', i, 'convictionDate'], m),
    );
  for (const [i, c] of (d.vehicleClaimsHistory ?? []).entries())
    recentDate(c.date, today, (m) => add(['vehicleClaimsHistory', i, 'date'], m));

  const employed =
    d.employmentStatus !== undefined && (EMPLOYED_STATUSES as readonly string[]).includes(d.employmentStatus);
  if (d.employmentStatus !== undefined) {
    for (const field of ['occupation', 'industry'] as const) {
      if (employed && !d[field] && options.complete) add([field], 'validation.required');
      if (!employed && d[field]) add([field], 'validation.notApplicable');
    }
    if (d.employmentStatus === 'NIW' && !d.employmentSubStatus && options.complete)
      add(['employmentSubStatus'], 'validation.required');
    if (d.employmentStatus !== 'NIW' && d.employmentSubStatus)
      add(['employmentSubStatus'], 'validation.notApplicable');
  }
  if (options.complete && !profile.policyholder && d.relationshipToInsured === undefined)
    add(['relationshipToInsured'], 'validation.required');
  if (options.complete && profile.policyholder && !d.address) add(['address'], 'validation.required');
  if (profile.policyholder && d.relationshipToInsured !== undefined)
    add(['relationshipToInsured'], 'validation.notApplicable');

  if (d.email !== undefined && d.email !== '' && !isEmail(d.email)) add(['email'], 'validation.email');
  if (d.phoneNumber !== undefined && d.phoneNumber !== '' && !isUkPhone(d.phoneNumber))
    add(['phoneNumber'], 'validation.phone');
  const postcode = d.address?.postalCode;
  if (postcode !== undefined && !isPostcode(postcode)) add(['address', 'postalCode'], 'validation.postcode');
  else if (postcode !== undefined && isCrownDependencyPostcode(postcode))
    add(['address', 'postalCode'], 'validation.postcodeOutsideUk');
}

function recentDate(iso: string | undefined, today: string, add: (message: string) => void) {
  if (!isIsoDate(iso)) return;
  if (iso > today) add('validation.dateInFuture');
  else if (!withinLastYears(iso, today, L.lookBackYears)) add('validation.notWithinFiveYears');
}

/** Adds the rules to a zod schema of the data (complete or partial). */
export function withRules<S extends z.ZodType<PartialProposalData>>(schema: S, options: RuleOptions) {
  return schema.superRefine((data, ctx) => {
    for (const issue of proposalRuleIssues(data, options))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}
