import { addDaysIso, addYearsIso } from '../../src/dates.ts';
import { sampleAdditionalDriver } from '../../src/risk/sample.ts';
import type { ProposalData } from '../../src/risk/schema.ts';

/**
 * Each rule of spec 3 §5 as [rule, failing change, error path, message key, passing change], applied to the
 * sample risk on TODAY. Shared by the domain tests and the API's form-validation tests.
 */
export const TODAY = '2026-11-21';
const today = TODAY;
export type Mutate = (d: ProposalData) => void;
const ph = (d: ProposalData) => d.profiles[0]!.data;

export const ruleCases: [string, Mutate, string, string, Mutate][] = [
  [
    'first name at least 2',
    (d) => {
      ph(d).firstName = 'A';
    },
    'profiles.0.data.firstName',
    'validation.nameLength',
    (d) => {
      ph(d).firstName = 'Al';
    },
  ],
  [
    'last name at most 30',
    (d) => {
      ph(d).lastName = 'x'.repeat(31);
    },
    'profiles.0.data.lastName',
    'validation.lastNameLength',
    (d) => {
      ph(d).lastName = 'x'.repeat(30);
    },
  ],
  [
    'names without markup or digits; one-letter surnames (issue 27 §6)',
    (d) => {
      ph(d).firstName = '<b>12</b>';
    },
    'profiles.0.data.firstName',
    'validation.nameCharacters',
    (d) => {
      ph(d).firstName = 'Mary-Jane';
      ph(d).lastName = 'O';
    },
  ],
  [
    'last name without digits',
    (d) => {
      ph(d).lastName = 'Taylor2';
    },
    'profiles.0.data.lastName',
    'validation.nameCharacters',
    (d) => {
      ph(d).lastName = "O'Brien";
    },
  ],
  [
    'registration in a UK format when given (issue 27 §4)',
    (d) => {
      d.asset.vrn = 'NOT A PLATE';
    },
    'asset.vrn',
    'validation.registration',
    (d) => {
      d.asset.vrn = 'DAZ 1234';
    },
  ],
  [
    'no Q plates or bare numbers',
    (d) => {
      d.asset.vrn = 'Q123 ABC';
    },
    'asset.vrn',
    'validation.registration',
    (d) => {
      d.asset.vrn = 'A123 BCD';
    },
  ],
  [
    'Crown Dependencies are outside UK cover (issue 27 §5)',
    (d) => {
      ph(d).address!.postalCode = 'GY1 1AA';
    },
    'profiles.0.data.address.postalCode',
    'validation.postcodeOutsideUk',
    (d) => {
      ph(d).address!.postalCode = 'BT1 5GS';
    },
  ],
  [
    'the Isle of Man is outside UK cover',
    (d) => {
      ph(d).address!.postalCode = 'IM1 1AA';
    },
    'profiles.0.data.address.postalCode',
    'validation.postcodeOutsideUk',
    () => {},
  ],
  [
    'Jersey is outside UK cover',
    (d) => {
      ph(d).address!.postalCode = 'JE2 3AB';
    },
    'profiles.0.data.address.postalCode',
    'validation.postcodeOutsideUk',
    () => {},
  ],
  [
    'date of birth not in the future',
    (d) => {
      ph(d).dateOfBirth = '2026-11-22';
    },
    'profiles.0.data.dateOfBirth',
    'validation.dateInFuture',
    () => {},
  ],
  [
    'date of birth at most 125 years ago',
    (d) => {
      ph(d).dateOfBirth = '1901-11-20';
    },
    'profiles.0.data.dateOfBirth',
    'validation.tooOld',
    (d) => {
      ph(d).dateOfBirth = '1950-01-01';
      ph(d).drivingLicence.validFrom = '1970-01-01';
    },
  ],
  [
    'driver at least 17',
    (d) => {
      ph(d).dateOfBirth = '2010-01-01';
      ph(d).drivingLicence.validFrom = '2026-01-01';
      d.asset.noClaimsDiscount = 0;
    },
    'profiles.0.data.dateOfBirth',
    'validation.tooYoung',
    (d) => {
      ph(d).dateOfBirth = '2009-11-21';
      ph(d).drivingLicence.validFrom = '2026-01-01';
      d.asset.noClaimsDiscount = 0;
    },
  ],
  [
    'licence not in the future',
    (d) => {
      ph(d).drivingLicence.validFrom = '2026-12-01';
    },
    'profiles.0.data.drivingLicence.validFrom',
    'validation.dateInFuture',
    (d) => {
      ph(d).drivingLicence.validFrom = today;
      d.asset.noClaimsDiscount = 0;
    },
  ],
  [
    'licence from the 16th birthday',
    (d) => {
      ph(d).drivingLicence.validFrom = addYearsIso(ph(d).dateOfBirth, 16).replace(/-15$/, '-14');
    },
    'profiles.0.data.drivingLicence.validFrom',
    'validation.licenceBeforeSixteen',
    (d) => {
      ph(d).drivingLicence.validFrom = addYearsIso(ph(d).dateOfBirth, 16);
    },
  ],
  [
    'licence not before birth',
    (d) => {
      ph(d).drivingLicence.validFrom = '1980-01-01';
    },
    'profiles.0.data.drivingLicence.validFrom',
    'validation.licenceBeforeBirth',
    () => {},
  ],
  [
    'NCD within years since 16',
    (d) => {
      ph(d).dateOfBirth = '2004-01-01';
      ph(d).drivingLicence.validFrom = '2020-01-01';
      d.asset.noClaimsDiscount = 7;
    },
    'asset.noClaimsDiscount',
    'validation.ncdExceedsAge',
    (d) => {
      ph(d).dateOfBirth = '2004-01-01';
      ph(d).drivingLicence.validFrom = '2020-01-01';
      d.asset.noClaimsDiscount = 6;
    },
  ],
  [
    'NCD within years licensed',
    (d) => {
      ph(d).drivingLicence.validFrom = '2023-01-01';
      d.asset.noClaimsDiscount = 4;
    },
    'asset.noClaimsDiscount',
    'validation.ncdExceedsLicence',
    (d) => {
      ph(d).drivingLicence.validFrom = '2023-01-01';
      d.asset.noClaimsDiscount = 3;
    },
  ],
  [
    'claim within 5 years',
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Windscreen', date: '2021-11-20', ncdAffected: false }];
    },
    'profiles.0.data.vehicleClaimsHistory.0.date',
    'validation.notWithinFiveYears',
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Windscreen', date: '2021-11-21', ncdAffected: false }];
    },
  ],
  [
    'claim not in the future',
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Windscreen', date: '2026-11-22', ncdAffected: false }];
    },
    'profiles.0.data.vehicleClaimsHistory.0.date',
    'validation.dateInFuture',
    () => {},
  ],
  [
    'conviction within 5 years',
    (d) => {
      ph(d).drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2020-01-01' }];
    },
    'profiles.0.data.drivingLicence.convictions.0.convictionDate',
    'validation.notWithinFiveYears',
    (d) => {
      ph(d).drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2024-01-01' }];
    },
  ],
  [
    'claim needs ncdAffected answered',
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Windscreen', date: '2025-01-01' } as never];
    },
    'profiles.0.data.vehicleClaimsHistory.0.ncdAffected',
    'validation.confirmAnswer',
    () => {},
  ],
  [
    'occupation asked of the employed',
    (d) => {
      delete ph(d).occupation;
    },
    'profiles.0.data.occupation',
    'validation.required',
    () => {},
  ],
  [
    'no occupation when retired',
    (d) => {
      ph(d).employmentStatus = 'RE';
    },
    'profiles.0.data.occupation',
    'validation.notApplicable',
    (d) => {
      ph(d).employmentStatus = 'RE';
      delete ph(d).occupation;
      delete ph(d).industry;
    },
  ],
  [
    'not-in-work needs a sub-status',
    (d) => {
      ph(d).employmentStatus = 'NIW';
      delete ph(d).occupation;
      delete ph(d).industry;
    },
    'profiles.0.data.employmentSubStatus',
    'validation.required',
    (d) => {
      ph(d).employmentStatus = 'NIW';
      ph(d).employmentSubStatus = 'HW-HH';
      delete ph(d).occupation;
      delete ph(d).industry;
    },
  ],
  [
    'estimated value at least 1',
    (d) => {
      d.asset.estimatedValue = 0;
    },
    'asset.estimatedValue',
    'validation.min',
    (d) => {
      d.asset.estimatedValue = 1;
    },
  ],
  [
    'annual mileage at most 999999',
    (d) => {
      d.asset.annualMileage = 1_000_000;
    },
    'asset.annualMileage',
    'validation.max',
    (d) => {
      d.asset.annualMileage = 999_999;
    },
  ],
  [
    'usage start not before 1939',
    (d) => {
      d.asset.usageStartYearMonth = '1938-12';
    },
    'asset.usageStartYearMonth',
    'validation.usageStartTooEarly',
    (d) => {
      d.asset.usageStartYearMonth = '1939-01';
    },
  ],
  [
    'usage start is yyyy-MM',
    (d) => {
      d.asset.usageStartYearMonth = '2020-13';
    },
    'asset.usageStartYearMonth',
    'validation.yearMonth',
    () => {},
  ],
  [
    'policy start not before usage start',
    (d) => {
      d.asset.usageStartYearMonth = '2026-12';
      d.quote.startDate = '2026-11-30';
    },
    'asset.usageStartYearMonth',
    'validation.usageStartInFuture',
    (d) => {
      d.asset.usageStartYearMonth = '2026-11';
      d.quote.startDate = '2026-11-30';
    },
  ],
  [
    'start date not in the past',
    (d) => {
      d.quote.startDate = '2026-11-20';
    },
    'quote.startDate',
    'validation.startDateInPast',
    (d) => {
      d.quote.startDate = today;
    },
  ],
  [
    'start date within 30 days',
    (d) => {
      d.quote.startDate = addDaysIso(today, 31);
    },
    'quote.startDate',
    'validation.startDateTooFar',
    (d) => {
      d.quote.startDate = addDaysIso(today, 30);
    },
  ],
  [
    'seats at most 8',
    (d) => {
      d.asset.numberOfSeats = 9;
    },
    'asset.numberOfSeats',
    'validation.max',
    (d) => {
      d.asset.numberOfSeats = 8;
    },
  ],
  [
    'seats at least 1',
    (d) => {
      d.asset.numberOfSeats = 0;
    },
    'asset.numberOfSeats',
    'validation.min',
    (d) => {
      d.asset.numberOfSeats = 1;
    },
  ],
  [
    'at most 4 additional drivers',
    (d) => {
      d.profiles.push(
        ...(['p1', 'p2', 'p3', 'p4', 'p1'] as const).map((c) => sampleAdditionalDriver(today, c)),
      );
    },
    'profiles',
    'validation.tooManyAdditionalDrivers',
    (d) => {
      d.profiles.push(...(['p1', 'p2', 'p3', 'p4'] as const).map((c) => sampleAdditionalDriver(today, c)));
    },
  ],
  [
    'additional driver relationship',
    (d) => {
      const a = sampleAdditionalDriver(today);
      delete a.data.relationshipToInsured;
      d.profiles.push(a);
    },
    'profiles.1.data.relationshipToInsured',
    'validation.required',
    (d) => {
      d.profiles.push(sampleAdditionalDriver(today));
    },
  ],
  [
    'postcode pattern',
    (d) => {
      ph(d).address!.postalCode = 'LS1 5H';
    },
    'profiles.0.data.address.postalCode',
    'validation.postcode',
    (d) => {
      ph(d).address!.postalCode = 'ls15hd';
    },
  ],
  [
    'phone pattern',
    (d) => {
      ph(d).phoneNumber = '+44300123';
    },
    'profiles.0.data.phoneNumber',
    'validation.phone',
    (d) => {
      ph(d).phoneNumber = '07700 900123';
    },
  ],
  [
    'e-mail pattern',
    (d) => {
      ph(d).email = 'sam@example';
    },
    'profiles.0.data.email',
    'validation.email',
    (d) => {
      ph(d).email = 'sam@example.co.uk';
    },
  ],
  [
    'NCB protection needs NCD 4+',
    (d) => {
      d.asset.noClaimsDiscount = 3;
      d.quote.optionalCovers = { ncb_protection: true };
    },
    'quote.optionalCovers.ncb_protection',
    'validation.ncbProtectionNeedsNcd',
    (d) => {
      d.asset.noClaimsDiscount = 4;
      d.quote.optionalCovers = { ncb_protection: true };
    },
  ],
  [
    'voluntary excess options',
    (d) => {
      d.quote.voluntaryExcess = 150 as never;
    },
    'quote.voluntaryExcess',
    'validation.invalidOption',
    (d) => {
      d.quote.voluntaryExcess = 300;
    },
  ],
  [
    'required answers',
    (d) => {
      delete (d.asset as Partial<ProposalData['asset']>).usage;
    },
    'asset.usage',
    'validation.required',
    () => {},
  ],
  [
    'policyholder address needed',
    (d) => {
      delete ph(d).address;
    },
    'profiles.0.data.address',
    'validation.required',
    () => {},
  ],
];
