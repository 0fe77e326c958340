import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYearsIso } from '../src/dates.ts';
import { rate } from '../src/rating/rate.ts';
import {
  isFaultClaim,
  NCD_MAX,
  NCD_STEP_BACK,
  nextNoClaimsDiscount,
  renewalNcdAnswers,
} from '../src/renewal-ncd.ts';
import { sampleProposalData } from '../src/risk/sample.ts';
import { tables } from './rating/rating-fixtures.ts';

const ANNIVERSARY = '2027-03-01';

describe('the no-claims discount at renewal (ADR 266)', () => {
  it('for any NCD, fault claims and protection: claim-free adds one up to the cap, claims never raise it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: NCD_MAX }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        (ncd, faultClaims, protectedNcd) => {
          const { to, rule } = nextNoClaimsDiscount({ ncd, faultClaims, protectedNcd });
          expect(to).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThanOrEqual(NCD_MAX);
          if (faultClaims === 0) {
            expect(to).toBe(Math.min(NCD_MAX, ncd + 1));
            expect(rule).toBe('CLAIM_FREE');
          } else {
            expect(to).toBeLessThanOrEqual(ncd);
            if (!protectedNcd || faultClaims > 1) expect(to).toBeLessThan(Math.max(1, ncd));
            if (protectedNcd && faultClaims === 1) expect([to, rule]).toEqual([ncd, 'PROTECTED']);
          }
          // More fault claims never leave a higher NCD.
          expect(
            nextNoClaimsDiscount({ ncd, faultClaims: faultClaims + 1, protectedNcd }).to,
          ).toBeLessThanOrEqual(to);
        },
      ),
      { seed: 266, numRuns: 300 },
    );
  });

  it('one fault claim follows the documented scale; two apply it twice', () => {
    expect(NCD_STEP_BACK).toHaveLength(NCD_MAX + 1);
    expect(nextNoClaimsDiscount({ ncd: 9, faultClaims: 1, protectedNcd: false })).toMatchObject({
      to: 5,
      rule: 'STEPPED_BACK',
    });
    expect(nextNoClaimsDiscount({ ncd: 9, faultClaims: 2, protectedNcd: false }).to).toBe(2);
    expect(nextNoClaimsDiscount({ ncd: 9, faultClaims: 2, protectedNcd: true }).to).toBe(5);
    expect(nextNoClaimsDiscount({ ncd: 9, faultClaims: 0, protectedNcd: false }).to).toBe(9);
  });

  it('only accidents at fault (wholly or partly) count', () => {
    expect(isFaultClaim({ claimType: 'Accident', claimSubType: 'Fault' })).toBe(true);
    expect(isFaultClaim({ claimType: 'Accident', claimSubType: 'BothFault' })).toBe(true);
    expect(isFaultClaim({ claimType: 'Accident', claimSubType: 'NotFault' })).toBe(false);
    expect(isFaultClaim({ claimType: 'Windscreen', claimSubType: null })).toBe(false);
  });

  it('the renewal answers carry the new NCD, held under the years the holder could have driven, and the rating uses it', () => {
    const data = sampleProposalData('2026-03-01');
    data.asset.noClaimsDiscount = 5;
    const up = renewalNcdAnswers(data as unknown as Record<string, unknown>, {
      faultClaims: 0,
      anniversaryDay: ANNIVERSARY,
    });
    expect((up.data.asset as { noClaimsDiscount: number }).noClaimsDiscount).toBe(6);
    const rated = (d: unknown) =>
      rate(
        { data: { ...(d as typeof data), quote: { ...data.quote, startDate: ANNIVERSARY } } },
        tables,
        ANNIVERSARY,
      );
    const before = rated(data);
    const after = rated(up.data);
    expect(after.trace.find((e) => e.factor === 'noClaimsDiscount')?.input).toBe(6);
    expect(after.totals?.discountedPrice).toBeLessThan(before.totals?.discountedPrice ?? 0);

    // A holder licensed 3 years at the anniversary cannot reach 4 years' NCD.
    const young = sampleProposalData('2026-03-01');
    young.asset.noClaimsDiscount = 3;
    young.profiles[0]!.data.drivingLicence.validFrom = addYearsIso(ANNIVERSARY, -3);
    const held = renewalNcdAnswers(young as unknown as Record<string, unknown>, {
      faultClaims: 0,
      anniversaryDay: ANNIVERSARY,
    });
    expect((held.data.asset as { noClaimsDiscount: number }).noClaimsDiscount).toBe(3);

    // Stepped back below 4 years: NCB protection no longer qualifies and is dropped.
    const protectedData = sampleProposalData('2026-03-01');
    protectedData.asset.noClaimsDiscount = 5;
    protectedData.quote.optionalCovers = { ncb_protection: true };
    const down = renewalNcdAnswers(protectedData as unknown as Record<string, unknown>, {
      faultClaims: 2,
      anniversaryDay: ANNIVERSARY,
    });
    expect(down.step).toMatchObject({ from: 5, to: 2, rule: 'STEPPED_BACK' });
    expect(
      (down.data.quote as { optionalCovers: Record<string, boolean> }).optionalCovers.ncb_protection,
    ).toBe(false);
  });
});
