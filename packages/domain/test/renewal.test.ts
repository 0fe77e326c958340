import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../src/dates.ts';
import { rate } from '../src/rating/rate.ts';
import {
  capAtNewBusiness,
  inRenewalWindow,
  invitationWindowDays,
  RENEWAL_INVITATION_DAYS_MIN,
} from '../src/renewal.ts';
import { sampleProposalData } from '../src/risk/sample.ts';
import type { ProposalData } from '../src/risk/schema.ts';
import { tables } from './rating/rating-fixtures.ts';

const TODAY = '2026-11-21';

/** A risk from the sample, varied by the property's inputs. */
function riskOf(o: {
  age: number;
  group: number;
  ncd: number;
  mileage: number;
  ncb: boolean;
  legal: boolean;
}) {
  const d: ProposalData = sampleProposalData(TODAY);
  const ph = d.profiles[0]!.data;
  ph.dateOfBirth = addDaysIso(`${2026 - o.age}-06-15`, 0);
  ph.drivingLicence.validFrom = `${2026 - o.age + 17}-07-01`;
  d.asset.specification.insuranceGroup = o.group;
  d.asset.noClaimsDiscount = Math.min(o.ncd, Math.max(0, o.age - 17));
  d.asset.annualMileage = o.mileage;
  d.quote.optionalCovers = {
    ncb_protection: o.ncb && d.asset.noClaimsDiscount >= 4,
    legal_expenses: o.legal,
  };
  return d;
}

describe('the renewal price is capped at the equivalent new-business price (ICOBS 6B)', () => {
  it('for any risk and any pair of dates, renewal ≤ new business, and uncapped prices are left alone (property)', () => {
    let cappedRuns = 0;
    fc.assert(
      fc.property(
        fc.record({
          age: fc.integer({ min: 18, max: 90 }),
          group: fc.integer({ min: 1, max: 50 }),
          ncd: fc.integer({ min: 0, max: 9 }),
          mileage: fc.integer({ min: 500, max: 40_000 }),
          ncb: fc.boolean(),
          legal: fc.boolean(),
        }),
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 60 }),
        (o, todayOffset, daysToAnniversary) => {
          const data = riskOf(o);
          const today = addDaysIso('2024-01-01', todayOffset);
          const anniversary = addDaysIso(today, daysToAnniversary);
          const renewal = rate(
            { data: { ...data, quote: { ...data.quote, startDate: anniversary } } },
            tables,
            anniversary,
          );
          const newBusiness = rate(
            { data: { ...data, quote: { ...data.quote, startDate: today } } },
            tables,
            today,
          );
          const r = capAtNewBusiness(renewal, newBusiness);
          if (!renewal.totals || !newBusiness.totals) return;
          const offered = r.quote.totals!;
          expect(offered.discountedPrice).toBeLessThanOrEqual(newBusiness.totals.discountedPrice);
          expect(r.newBusiness.total).toBe(newBusiness.totals.discountedPrice);
          expect(r.renewal.total).toBe(renewal.totals.discountedPrice);
          if (r.capped) {
            cappedRuns++;
            expect(offered.discountedPrice).toBe(newBusiness.totals.discountedPrice);
            expect(r.quote.trace.at(-1)?.factor).toBe('renewalCapAtNewBusiness');
          } else expect(r.quote).toBe(renewal);
          // The lines still add up to the total, and the monthly plan to the year.
          const lines = r.quote.priceBreakdown.reduce((s, l) => s + l.gross, 0);
          expect(lines).toBe(offered.discountedPrice);
          if (offered.monthly)
            expect(offered.monthly.first + offered.monthly.regular * 11).toBe(offered.discountedPrice);
          expect(r.quote.ratingStatus).toBe(renewal.ratingStatus);
        },
      ),
      // A fixed seed: a capped run needs a rating band crossed between the two dates, which a random seed
      // does not always draw in 300 runs; with this one the cap is exercised (and the assertion below holds).
      { numRuns: 300, seed: 1 },
    );
    // Drivers getting older between the dates move the price both ways: the cap is exercised.
    expect(cappedRuns).toBeGreaterThan(0);
  });

  it('a dearer renewal is brought down to the new-business price, with both traces recorded', () => {
    const data = riskOf({ age: 40, group: 14, ncd: 5, mileage: 8000, ncb: false, legal: true });
    const renewal = rate({ data }, tables, '2026-12-01');
    // A new-business rating 10% cheaper than the renewal one (e.g. after a rate change).
    const nb = rate(
      { data: { ...data, asset: { ...data.asset, annualMileage: 3000 } } },
      tables,
      '2026-11-21',
    );
    expect(nb.totals!.discountedPrice).toBeLessThan(renewal.totals!.discountedPrice);
    const r = capAtNewBusiness(renewal, nb);
    expect(r.capped).toBe(true);
    expect(r.quote.totals!.discountedPrice).toBe(nb.totals!.discountedPrice);
    expect(r.renewal.trace.length).toBeGreaterThan(0);
    expect(r.newBusiness.trace.length).toBeGreaterThan(0);
    expect(capAtNewBusiness(nb, renewal).capped).toBe(false);
  });
});

describe('the renewal window', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const policy = (days: number, status: 'ACTIVE' | 'LAPSED' = 'ACTIVE') => ({
    status,
    expiredAt: new Date(now.getTime() + days * 86_400_000),
  });
  it('is the 30 days before the anniversary by default, for live policies only', () => {
    expect(inRenewalWindow(policy(30), now)).toBe(true);
    expect(inRenewalWindow(policy(1), now)).toBe(true);
    expect(inRenewalWindow(policy(31), now)).toBe(false);
    expect(inRenewalWindow(policy(-1), now)).toBe(false);
    expect(inRenewalWindow(policy(5, 'LAPSED'), now)).toBe(false);
    expect(inRenewalWindow({ status: 'ACTIVE', expiredAt: null }, now)).toBe(false);
  });
  it('is configurable, but never shorter than 21 days', () => {
    expect(invitationWindowDays()).toBe(30);
    expect(invitationWindowDays(45)).toBe(45);
    expect(invitationWindowDays(7)).toBe(RENEWAL_INVITATION_DAYS_MIN);
    expect(inRenewalWindow(policy(21), now, 7)).toBe(true);
    expect(inRenewalWindow(policy(40), now, 45)).toBe(true);
  });
});
