import { describe, expect, it } from 'vitest';
import { sampleAdditionalDriver } from '../../src/risk/sample.ts';
import type { ProposalData } from '../../src/risk/schema.ts';
import { gross, ph, quote, TODAY } from './rating-fixtures.ts';

type M = (d: ProposalData) => void;
// [factor traced, lower-risk change, higher-risk change]
const factors: [string, M, M][] = [
  [
    'driverAge',
    (d) => {
      ph(d).dateOfBirth = '1981-03-15';
    },
    (d) => {
      ph(d).dateOfBirth = '2004-03-15';
      ph(d).drivingLicence.validFrom = '2022-03-15';
      d.asset.noClaimsDiscount = 0;
    },
  ],
  [
    'licenceYears',
    (d) => {
      ph(d).drivingLicence.validFrom = '2010-01-01';
    },
    (d) => {
      ph(d).drivingLicence.validFrom = '2026-06-01';
      d.asset.noClaimsDiscount = 0;
    },
  ],
  [
    'noClaimsDiscount',
    (d) => {
      d.asset.noClaimsDiscount = 9;
    },
    (d) => {
      d.asset.noClaimsDiscount = 1;
    },
  ],
  [
    'insuranceGroup',
    (d) => {
      d.asset.specification.insuranceGroup = 5;
    },
    (d) => {
      d.asset.specification.insuranceGroup = 40;
    },
  ],
  [
    'vehicleValue',
    (d) => {
      d.asset.estimatedValue = 2500;
      d.asset.specification.value = 250_000;
    },
    (d) => {
      d.asset.estimatedValue = 55_000;
      d.asset.specification.value = 5_500_000;
    },
  ],
  [
    'postcodeArea',
    (d) => {
      ph(d).address!.postalCode = 'TR1 2AA';
    },
    (d) => {
      ph(d).address!.postalCode = 'E1 6AN';
    },
  ],
  [
    'annualMileage',
    (d) => {
      d.asset.annualMileage = 2500;
    },
    (d) => {
      d.asset.annualMileage = 25_000;
    },
  ],
  [
    'classOfUse',
    (d) => {
      d.asset.usage = 'SocialDomesticPleasure';
    },
    (d) => {
      d.asset.usage = 'BusinessClass1';
    },
  ],
  [
    'overnightLocation',
    (d) => {
      d.asset.overnightLocation = 'GarageLockedNearHome';
    },
    (d) => {
      d.asset.overnightLocation = 'PublicRoadAwayFromHome';
    },
  ],
  [
    'conviction:policyholder',
    () => {},
    (d) => {
      ph(d).drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2025-02-01', points: 3 }];
    },
  ],
  [
    'claim:policyholder',
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Accident-NotFault', date: '2025-02-01', ncdAffected: false }];
    },
    (d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Accident-Fault', date: '2025-02-01', ncdAffected: true }];
    },
  ],
  [
    'additionalDriver:p1',
    (d) => {
      d.profiles.push(sampleAdditionalDriver(TODAY));
    },
    (d) => {
      const a = sampleAdditionalDriver(TODAY);
      a.data.dateOfBirth = '2005-01-01';
      a.data.drivingLicence.validFrom = '2023-01-01';
      d.profiles.push(a);
    },
  ],
  [
    'trackerFitted',
    (d) => {
      d.asset.trackerFitted = true;
    },
    () => {},
  ],
  [
    'voluntaryExcess',
    (d) => {
      d.quote.voluntaryExcess = 300;
    },
    (d) => {
      d.quote.voluntaryExcess = 100;
    },
  ],
];

describe('each rating factor moves the price the right way', () => {
  it.each(factors)('%s', (factor, lower, higher) => {
    const low = quote(lower);
    const high = quote(higher);
    expect(low.ratingStatus).toBe('QUOTE');
    expect(high.ratingStatus).toBe('QUOTE');
    expect(gross(high)).toBeGreaterThan(gross(low));
    expect([...low.trace, ...high.trace].some((e) => e.factor === factor)).toBe(true);
  });

  it('adding an additional driver costs more than driving alone', () => {
    expect(gross(quote((d) => void d.profiles.push(sampleAdditionalDriver(TODAY))))).toBeGreaterThan(
      gross(quote()),
    );
  });

  it('a conviction or claim older than 5 years is not rated', () => {
    const old = quote((d) => {
      ph(d).vehicleClaimsHistory = [{ type: 'Accident-Fault', date: '2021-01-01', ncdAffected: true }];
    });
    expect(gross(old)).toBe(gross(quote()));
  });

  it('traces every step with the premium after it, ending at the main net premium', () => {
    const r = quote();
    const main = r.priceBreakdown.find((l) => l.coverGroup === 'MAIN')!;
    expect(r.trace[0]).toMatchObject({ factor: 'basePremium', premiumAfter: 70_000 });
    expect(r.trace.at(-1)!.premiumAfter).toBe(main.net);
    for (const e of r.trace.slice(1)) expect(e.multiplier ?? e.loading).toBeDefined();
  });

  it('never goes below the minimum premium', () => {
    const r = quote((d) => {
      Object.assign(d.asset, {
        noClaimsDiscount: 9,
        annualMileage: 1000,
        usage: 'SocialDomesticPleasure',
        trackerFitted: true,
      });
      d.asset.specification.insuranceGroup = 1;
      d.asset.estimatedValue = 1000;
      d.asset.specification.value = 100_000;
      ph(d).address!.postalCode = 'TR1 2AA';
      d.quote.voluntaryExcess = 300;
    });
    expect(r.priceBreakdown[0]!.net).toBeGreaterThanOrEqual(20_000);
  });
});
