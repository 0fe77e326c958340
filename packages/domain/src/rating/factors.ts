import { dateKey, wholeYears } from '../dates.ts';
import type { ProposalData } from '../risk/schema.ts';
import { areaOf, type CompiledTables, yearsIndex } from './compile.ts';
import { claimKind } from './referrals.ts';
import type { TraceEntry } from './types.ts';

function band<T extends { factor: number }>(bands: readonly T[], value: number, key: keyof T): number {
  for (const b of bands) if (value <= (b[key] as number)) return b.factor;
  return bands[bands.length - 1]!.factor;
}

/** The running premium and its trace (a class, so the hot path creates no closures). */
class Running {
  premium: number;
  constructor(
    readonly trace: TraceEntry[],
    start: number,
  ) {
    this.premium = start;
    trace.push({ factor: 'basePremium', input: null, premiumAfter: start });
  }
  apply(factor: string, input: TraceEntry['input'], multiplier: number) {
    this.premium *= multiplier;
    this.trace.push({ factor, input, multiplier, premiumAfter: Math.round(this.premium) });
  }
}

/**
 * The main cover's annual net premium (pence): the base premium times each factor of DESIGN.md §5, in a
 * fixed order, every step traced with its input, multiplier and the premium after it.
 */
export function mainPremium(
  data: ProposalData,
  c: CompiledTables,
  ratingDate: string,
  ages: readonly number[],
  trace: TraceEntry[],
): number {
  const t = c.tables;
  const a = data.asset;
  const phIndex = policyholderIndex(data);
  const ph = data.profiles[phIndex]!;
  const r = new Running(trace, t.basePremium);

  const age = ages[phIndex] ?? 0;
  r.apply('driverAge', age, c.driverAge[yearsIndex(age)]!);
  const licenceYears = Math.max(0, wholeYears(ph.data.drivingLicence.validFrom, ratingDate));
  r.apply('licenceYears', licenceYears, c.licenceYears[yearsIndex(licenceYears)]!);
  const ncd = Math.min(9, Math.max(0, a.noClaimsDiscount));
  r.apply('noClaimsDiscount', ncd, c.ncdYears[ncd]!);
  const group = a.specification.insuranceGroup;
  r.apply('insuranceGroup', group ?? null, c.insuranceGroup[(group ?? 50) - 1]!);
  const value = Math.max(a.estimatedValue, Math.floor((a.specification.value ?? 0) / 100));
  r.apply('vehicleValue', value, band(c.vehicleValue, value, 'maxPounds'));
  const area = areaOf(ph.data.address?.postalCode);
  // An area missing from the table refers (UNRATED_AREA): its price is never offered (ADR 349).
  r.apply('postcodeArea', area || null, c.postcodeArea.get(area) ?? c.unratedAreaFactor);
  r.apply('annualMileage', a.annualMileage, band(c.annualMileage, a.annualMileage, 'maxMiles'));
  r.apply('classOfUse', a.usage, c.usage.get(a.usage) ?? 1);
  r.apply(
    'overnightLocation',
    a.overnightLocation,
    c.overnightLocation.get(a.overnightLocation) ?? t.overnightLocationDefault,
  );
  if (a.trackerFitted) r.apply('trackerFitted', true, t.trackerFitted);

  const ratingKey = dateKey(ratingDate);
  const lookBackKey = ratingKey - t.lookBackYears * 10_000;
  for (let i = 0; i < data.profiles.length; i++) {
    const p = data.profiles[i]!;
    for (const conviction of p.data.drivingLicence.convictions) {
      if (dateKey(conviction.convictionDate) < lookBackKey) continue;
      const family = conviction.code.slice(0, 2).toUpperCase();
      const base = c.convictionFamilies.get(family) ?? t.convictions.default;
      r.apply(
        `conviction:${p.profileCode}`,
        conviction.code,
        base + (conviction.points ?? 0) * t.convictions.perPoint,
      );
    }
    for (const claim of p.data.vehicleClaimsHistory) {
      if (dateKey(claim.date) < lookBackKey) continue;
      r.apply(`claim:${p.profileCode}`, claim.type, t.claims[claimKind(claim.type)]);
    }
    if (!p.policyholder) {
      const driverAge = ages[i] ?? 0;
      r.apply(`additionalDriver:${p.profileCode}`, driverAge, c.additionalDriverAge[yearsIndex(driverAge)]!);
    }
  }
  const excess = data.quote.voluntaryExcess;
  r.apply('voluntaryExcess', excess, c.voluntaryExcess.get(excess) ?? 1);

  let net = Math.round(r.premium);
  if (net < t.minimumPremium) {
    net = t.minimumPremium;
    trace.push({ factor: 'minimumPremium', input: t.minimumPremium, premiumAfter: net });
  }
  return net;
}

/** Index of the policyholder's profile (the first profile when none is marked). */
export function policyholderIndex(data: ProposalData): number {
  for (let i = 0; i < data.profiles.length; i++) if (data.profiles[i]!.policyholder) return i;
  return 0;
}
