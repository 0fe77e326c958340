import { addYearsIso, dateKey } from '../dates.ts';
import type { ProposalData } from '../risk/schema.ts';
import { areaOf, type CompiledTables } from './compile.ts';
import type { Reason } from './types.ts';

export const REFERRAL_MESSAGES = {
  SERIOUS_CONVICTION: 'A driver has a serious motoring conviction',
  DISQUALIFIED: 'A driver has been banned or disqualified from driving',
  FAULT_CLAIMS: 'There have been three or more fault claims in the last 5 years',
  REFUSED_INSURANCE: 'A driver has previously been refused insurance',
  BANKRUPT: 'A driver has been declared bankrupt',
  UNSPENT_CONVICTIONS: 'A driver has unspent criminal convictions',
  MEDICAL:
    'A driver has a medical condition the DVLA has not been told about, or has been advised not to drive',
  PROVISIONAL_LICENCE: 'A driver holds a provisional licence',
  DRIVER_AGE: 'A driver is older than we can quote for online',
  HIGH_VALUE: 'The car is worth more than £100,000',
  MODIFIED: 'The car has been modified',
  NO_INSURANCE_GROUP: 'We could not find an insurance group for this car',
  EARLY_FULL_LICENCE: 'A driver’s full UK licence is dated before their 17th birthday',
  HIGH_MILEAGE: 'The car’s annual mileage is more than 99,999 miles',
  LOW_VALUE: 'The car is worth less than £500',
  UNRATED_AREA: 'We cannot price this postcode area online',
} as const;
export type ReferralCode = keyof typeof REFERRAL_MESSAGES;

/** Claim kind from its type code ('Accident-Fault', 'Accident-NotFault', 'Theft-Vehicle', 'Windscreen' ...). */
export function claimKind(type: string): 'fault' | 'nonFault' | 'theft' | 'windscreen' | 'other' {
  const t = type.toLowerCase();
  if (t.includes('windscreen')) return 'windscreen';
  if (t.includes('theft')) return 'theft';
  if (t.includes('notfault') || t.includes('non-fault') || t.includes('nonfault')) return 'nonFault';
  if (t.includes('fault')) return 'fault';
  return 'other';
}

export function isSeriousConviction(code: string, c: CompiledTables): boolean {
  const upper = code.toUpperCase();
  return c.seriousExact.has(upper) || c.seriousFamilies.has(upper.slice(0, 2));
}

/** Referral rules (issue 3 item 4): any reason means REFERRAL, with every reason listed once. */
export function referralReasons(
  data: ProposalData,
  c: CompiledTables,
  ratingKey: number,
  ages: readonly number[],
): Reason[] {
  const reasons: Reason[] = [];
  const t = c.tables;
  const lookBackKey = ratingKey - t.lookBackYears * 10_000;
  let faultClaims = 0;
  for (let i = 0; i < data.profiles.length; i++) {
    const p = data.profiles[i]!;
    const d = p.data;
    const who = p.profileCode;
    for (const conviction of d.drivingLicence.convictions) {
      if (isSeriousConviction(conviction.code, c)) addReason(reasons, 'SERIOUS_CONVICTION', who);
      if ((conviction.banMonths ?? 0) > 0) addReason(reasons, 'DISQUALIFIED', who);
    }
    if (d.bannedOrDisqualified) addReason(reasons, 'DISQUALIFIED', who);
    for (const claim of d.vehicleClaimsHistory)
      if (claimKind(claim.type) === 'fault' && dateKey(claim.date) >= lookBackKey) faultClaims++;
    if (d.previouslyRefusedInsurance) addReason(reasons, 'REFUSED_INSURANCE', who);
    if (d.bankrupt) addReason(reasons, 'BANKRUPT', who);
    if (d.unspentCriminalConvictions) addReason(reasons, 'UNSPENT_CONVICTIONS', who);
    if (d.dvlaUnawareOfMedicalCondition || d.advisedByDoctorNotToDrive) addReason(reasons, 'MEDICAL', who);
    if (c.referLicenceTypes.has(d.drivingLicence.licenceType)) addReason(reasons, 'PROVISIONAL_LICENCE', who);
    if ((ages[i] ?? 0) > t.referral.maxDriverAge) addReason(reasons, 'DRIVER_AGE', who);
    // A full car licence needs 17 (16 only in rare cases, e.g. the higher-rate mobility component): refer.
    if (
      FULL_UK_LICENCES.has(d.drivingLicence.licenceType) &&
      dateKey(d.drivingLicence.validFrom) < dateKey(addYearsIso(d.dateOfBirth, t.referral.minFullLicenceAge))
    )
      addReason(reasons, 'EARLY_FULL_LICENCE', who);
  }
  if (faultClaims >= t.referral.faultClaims) addReason(reasons, 'FAULT_CLAIMS');
  const a = data.asset;
  const valuePounds = Math.max(a.estimatedValue, Math.floor((a.specification.value ?? 0) / 100));
  if (valuePounds > t.referral.maxValuePounds) addReason(reasons, 'HIGH_VALUE');
  if (valuePounds < t.referral.minValuePounds) addReason(reasons, 'LOW_VALUE');
  if (a.annualMileage > t.referral.maxAnnualMileage) addReason(reasons, 'HIGH_MILEAGE');
  const holder = data.profiles.find((p) => p.policyholder) ?? data.profiles[0];
  if (!c.postcodeArea.has(areaOf(holder?.data.address?.postalCode))) addReason(reasons, 'UNRATED_AREA');
  if (a.modifications) addReason(reasons, 'MODIFIED');
  if (a.specification.insuranceGroup === undefined) addReason(reasons, 'NO_INSURANCE_GROUP');
  return reasons;
}

/** Full car licences issued in the UK (a provisional one refers on its own). */
const FULL_UK_LICENCES = new Set(['UKFull', 'UKAutoOnly']);

/** Adds a reason once per code and driver. */
function addReason(reasons: Reason[], code: ReferralCode, profileCode?: string) {
  for (const r of reasons) if (r.code === code && r.profileCode === profileCode) return;
  reasons.push(
    profileCode
      ? { code, message: REFERRAL_MESSAGES[code], profileCode }
      : { code, message: REFERRAL_MESSAGES[code] },
  );
}
