import { addDaysIso, addYearsIso } from '../dates.ts';
import type { Profile, ProposalData } from './schema.ts';

/**
 * A complete, valid, plain risk relative to `today` ('yyyy-MM-dd'): a 35-year-old policyholder in Leeds
 * with a 2019 Ford Focus, 5 years' no claims. Tests, benchmarks and the demo seed start from it.
 */
export function sampleProposalData(today: string): ProposalData {
  return {
    asset: {
      assetCode: 'Vehicle',
      vrn: 'AB19CDE',
      regLookup: true,
      specification: {
        vehicleCode: 'FORD-FOCUS-2019-10T',
        year: 2019,
        make: 'Ford',
        model: 'Focus',
        trim: 'Titanium 1.0 EcoBoost',
        primaryFuel: 'Petrol',
        bodyStyle: 'Hatchback',
        transmission: 'Manual',
        engineCapacity: 999,
        enginePower: 92,
        numberOfSeats: 5,
        steering: 'RHD',
        value: 1_250_000,
        insuranceGroup: 14,
      },
      modifications: false,
      estimatedValue: 12_500,
      trackerFitted: false,
      registeredKeeper: 'PolicyHolder',
      legalOwner: 'PolicyHolder',
      usageStartYearMonth: `${Number(today.slice(0, 4)) - 3}-04`,
      purchaseType: 'Cash',
      usage: 'SocialDomesticPleasureCommuting',
      annualMileage: 8000,
      overnightLocation: 'Driveway',
      noClaimsDiscount: 5,
    },
    profiles: [samplePolicyholder(today)],
    quote: {
      startDate: addDaysIso(today, 1),
      voluntaryExcess: 0,
      optionalCovers: {},
    },
  };
}

export function samplePolicyholder(today: string): Profile {
  const dateOfBirth = addYearsIso(`${today.slice(0, 4)}-03-15`, -35);
  return {
    profileCode: 'policyholder',
    policyholder: true,
    data: {
      firstName: 'Sam',
      lastName: 'Taylor',
      dateOfBirth,
      email: 'sam.taylor@example.com',
      phoneNumber: '+447700900123',
      address: {
        line1: '12 Park Row',
        city: 'Leeds',
        postalCode: 'LS1 5HD',
        countryName: 'United Kingdom',
      },
      homeOwnership: 'Own',
      maritalStatus: 'Married',
      employmentStatus: 'FT',
      occupation: 'T05', // Teacher (data/occupations.json)
      industry: '180', // Education - State (data/industries.json)
      bankrupt: false,
      unsatisfiedCCJs: false,
      unspentCriminalConvictions: false,
      previouslyRefusedInsurance: false,
      drivingLicence: { licenceType: 'UKFull', validFrom: addYearsIso(dateOfBirth, 18), convictions: [] },
      vehicleClaimsHistory: [],
      useOfOtherCar: 'NoAccessToOtherCars',
      dvlaUnawareOfMedicalCondition: false,
      advisedByDoctorNotToDrive: false,
      bannedOrDisqualified: false,
      marketingPreferences: { email: true, phone: true, sms: true },
    },
  };
}

/** An additional driver (the policyholder's partner by default). */
export function sampleAdditionalDriver(
  today: string,
  profileCode: 'p1' | 'p2' | 'p3' | 'p4' = 'p1',
): Profile {
  const base = samplePolicyholder(today);
  const { email: _e, phoneNumber: _p, address: _a, ...data } = base.data;
  return {
    profileCode,
    policyholder: false,
    data: { ...data, firstName: 'Alex', relationshipToInsured: 'SpousePartner' },
  };
}
