import { sampleAdditionalDriver, sampleProposalData } from '@forecourt/domain/risk/sample';
import type { ProposalData } from '@forecourt/domain/risk/schema';

/**
 * 64 different complete risks relative to `today`, so that a benchmark does not meet one cached shape only:
 * insurance groups, mileages, no-claims years, trackers, excesses, ages, areas (one unknown), a claim, a
 * conviction, a second driver, optional covers (bench/rating.ts, bench/patch-domain.ts).
 */
export function riskVariety(today: string): ProposalData[] {
  const out: ProposalData[] = [];
  const areas = ['LS1 5HD', 'SW1A 1AA', 'M1 1AE', 'B1 1AA', 'TR1 2AA', 'E1 6AN', 'AB10 1AA', 'ZZ9 9ZZ'];
  for (let i = 0; i < 64; i++) {
    const d = sampleProposalData(today);
    d.asset.specification.insuranceGroup = 1 + (i % 50);
    d.asset.annualMileage = 2000 + ((i * 1700) % 25000);
    d.asset.noClaimsDiscount = i % 10;
    d.asset.trackerFitted = i % 3 === 0;
    d.quote.voluntaryExcess = ([0, 100, 200, 300] as const)[i % 4]!;
    const ph = d.profiles[0]!.data;
    ph.dateOfBirth = `${1950 + (i % 55)}-0${1 + (i % 9)}-15`;
    ph.address!.postalCode = areas[i % areas.length]!;
    if (i % 4 === 0)
      ph.vehicleClaimsHistory = [{ type: 'Accident-Fault', date: '2024-06-01', ncdAffected: true }];
    if (i % 5 === 0)
      ph.drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2025-01-10', points: 3 }];
    if (i % 6 === 0) d.profiles.push(sampleAdditionalDriver(today));
    if (i % 7 === 0)
      d.quote.optionalCovers = { ncb_protection: d.asset.noClaimsDiscount >= 4, legal_expenses: true };
    out.push(d);
  }
  return out;
}
