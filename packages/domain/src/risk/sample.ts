import { addDaysIso, addYearsIso } from '../dates.ts';
import type { Profile, ProposalData } from './schema.ts';

/**
 * A complete, valid, plain risk relative to `today` ('yyyy-MM-dd'): a 35-year-old policyholder in Leeds
 * with a 2017 Ford Fiesta, 5 years' no claims. Tests, benchmarks and the demo seed start from it.
 */
export function sampleProposalData(today: string): ProposalData {
  return {
    asset: {
      assetCode: 'Vehicle',
      // A car of the demo register, with the catalogue's own specification (the server takes it from the
      // lookup and refuses a differing value, ADR 347).
      vrn: 'FE17TTA',
      regLookup: true,
      specification: {
        year: 2017,
        make: 'Ford',
        model: 'Fiesta',
        trim: 'Titanium 5dr',
        primaryFuel: 'Diesel',
        secondaryFuel: null,
        electricVehicleType: null,
        bodyStyle: 'Hatchback',
        transmission: 'Manual',
        driveTrain: 'FWD',
        engineCapacity: 1560,
        engineLabel: '1.6 TDCi',
        enginePower: 94,
        numberOfSeats: 5,
        rangeStartYear: 2013,
        rangeEndYear: 2017,
        startDate: '2017-09-01',
        endDate: '2017-12-28',
        aspirationType: 'Turbocharged',
        imported: false,
        grossWeight: 1620,
        steering: 'RHD',
        vehicleCode: '23010019',
        value: 452_500,
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
