import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addYearsIso, shiftIso } from '../../src/dates.ts';
import { rate } from '../../src/rating/rate.ts';
import { sampleAdditionalDriver } from '../../src/risk/sample.ts';
import { gross, ph, quote, risk, START, TODAY, tables } from './rating-fixtures.ts';

describe('price, IPT and monthly payments', () => {
  it('same input, same price, and the input is not changed', () => {
    const data = risk();
    const before = structuredClone(data);
    const a = rate({ data, promoCode: 'HC3M' }, tables, START);
    const b = rate({ data, promoCode: 'HC3M' }, tables, START);
    expect(a).toEqual(b);
    expect(data).toEqual(before);
  });

  it('IPT is exactly 12% of the net premium to the penny, and lines add up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 500, max: 40_000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        fc.boolean(),
        (group, mileage, ncd, ncb, legal) => {
          const r = quote((d) => {
            d.asset.specification.insuranceGroup = group;
            d.asset.annualMileage = mileage;
            d.asset.noClaimsDiscount = ncd;
            d.quote.optionalCovers = { ncb_protection: ncb && ncd >= 4, legal_expenses: legal };
          });
          const t = r.totals!;
          expect(t.ipt).toBe(Math.round(t.net * 0.12));
          expect(t.gross).toBe(t.net + t.ipt);
          const premium = r.priceBreakdown.filter((l) => l.coverGroup !== 'DISCOUNT');
          expect(premium.reduce((s, l) => s + l.net, 0)).toBe(t.net);
          expect(premium.reduce((s, l) => s + l.ipt, 0)).toBe(t.ipt);
          for (const l of r.priceBreakdown)
            expect(Number.isInteger(l.gross) && l.gross === l.net + l.ipt).toBe(true);
          expect(t.monthly!.first + t.monthly!.regular * 11).toBe(t.gross);
          expect(t.monthly!.first - t.monthly!.regular).toBeLessThan(12);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('annual products have no monthly figures', () => {
    expect(quote(undefined, undefined, 'ANNUAL').totals!.monthly).toBeNull();
  });
});

describe('referral and accuracy rules', () => {
  const referrals: [string, Parameters<typeof quote>[0]][] = [
    [
      'SERIOUS_CONVICTION',
      (d) => {
        ph(d).drivingLicence.convictions = [{ code: 'DR10', convictionDate: '2025-01-01' }];
      },
    ],
    [
      'SERIOUS_CONVICTION',
      (d) => {
        ph(d).drivingLicence.convictions = [{ code: 'IN10', convictionDate: '2025-01-01' }];
      },
    ],
    [
      'DISQUALIFIED',
      (d) => {
        ph(d).drivingLicence.convictions = [{ code: 'SP50', convictionDate: '2025-01-01', banMonths: 6 }];
      },
    ],
    [
      'DISQUALIFIED',
      (d) => {
        ph(d).bannedOrDisqualified = true;
      },
    ],
    [
      'FAULT_CLAIMS',
      (d) => {
        ph(d).vehicleClaimsHistory = ['2022-06-01', '2023-06-01', '2025-06-01'].map((date) => ({
          type: 'Accident-Fault',
          date,
          ncdAffected: true,
        }));
      },
    ],
    [
      'REFUSED_INSURANCE',
      (d) => {
        ph(d).previouslyRefusedInsurance = true;
      },
    ],
    [
      'BANKRUPT',
      (d) => {
        ph(d).bankrupt = true;
      },
    ],
    [
      'UNSPENT_CONVICTIONS',
      (d) => {
        ph(d).unspentCriminalConvictions = true;
      },
    ],
    [
      'MEDICAL',
      (d) => {
        ph(d).dvlaUnawareOfMedicalCondition = true;
      },
    ],
    [
      'MEDICAL',
      (d) => {
        ph(d).advisedByDoctorNotToDrive = true;
      },
    ],
    [
      'PROVISIONAL_LICENCE',
      (d) => {
        ph(d).drivingLicence.licenceType = 'UKProvisional';
      },
    ],
    [
      'HIGH_VALUE',
      (d) => {
        d.asset.estimatedValue = 100_001;
      },
    ],
    [
      'MODIFIED',
      (d) => {
        d.asset.modifications = true;
      },
    ],
    [
      'NO_INSURANCE_GROUP',
      (d) => {
        delete d.asset.specification.insuranceGroup;
      },
    ],
    // Issue 27 §6 (ADR 350): a full UK licence at 16½, over 99,999 miles a year, a car worth under £500.
    [
      'EARLY_FULL_LICENCE',
      (d) => {
        ph(d).drivingLicence.validFrom = shiftIso(ph(d).dateOfBirth, 'P16Y6M');
      },
    ],
    [
      'HIGH_MILEAGE',
      (d) => {
        d.asset.annualMileage = 100_000;
      },
    ],
    [
      'LOW_VALUE',
      (d) => {
        d.asset.estimatedValue = 499;
        d.asset.specification.value = 49_900;
      },
    ],
    // Issue 27 §5 (ADR 349): a postcode area missing from the table refers, never priced at ×1.
    [
      'UNRATED_AREA',
      (d) => {
        ph(d).address!.postalCode = 'BF1 2AA';
      },
    ],
  ];
  it('the thresholds themselves do not refer: 99,999 miles, £500, a full licence at 17', () => {
    const r = quote((d) => {
      d.asset.annualMileage = 99_999;
      d.asset.estimatedValue = 500;
      d.asset.specification.value = 50_000;
      ph(d).drivingLicence.validFrom = addYearsIso(ph(d).dateOfBirth, 17);
    });
    expect(r.referralReasons).toEqual([]);
  });

  it('a provisional licence from 16 refers only as provisional', () => {
    const r = quote((d) => {
      ph(d).drivingLicence.licenceType = 'UKProvisional';
      ph(d).drivingLicence.validFrom = addYearsIso(ph(d).dateOfBirth, 16);
    });
    expect(r.referralReasons.map((x) => x.code)).toEqual(['PROVISIONAL_LICENCE']);
  });

  it('Northern Ireland (BT) has its own area factor; every UK postcode area is in the table', () => {
    const r = quote((d) => {
      ph(d).address!.postalCode = 'BT1 5GS';
    });
    expect(r.ratingStatus).toBe('QUOTE');
    const area = r.trace.find((e) => e.factor === 'postcodeArea');
    expect(area).toMatchObject({ input: 'BT', multiplier: tables.postcodeArea.BT });
    expect(tables.postcodeArea.BT).not.toBe(1);
    expect(Object.keys(tables.postcodeArea)).toHaveLength(121);
    for (const dependency of ['GY', 'JE', 'IM']) expect(tables.postcodeArea[dependency]).toBeUndefined();
  });

  it('an unrated area is referred at the highest area factor, not ×1', () => {
    const r = quote((d) => {
      ph(d).address!.postalCode = 'BF1 2AA';
    });
    const area = r.trace.find((e) => e.factor === 'postcodeArea');
    expect(area?.multiplier).toBe(Math.max(...Object.values(tables.postcodeArea)));
  });

  it.each(referrals)('%s refers', (code, mutate) => {
    const r = quote(mutate);
    expect(r.ratingStatus).toBe('REFERRAL');
    expect(r.referralReasons.map((x) => x.code)).toEqual([code]);
    expect(r.referralReasons[0]!.message.length).toBeGreaterThan(10);
  });

  it('stays a QUOTE just inside each limit', () => {
    expect(
      quote((d) => {
        d.asset.estimatedValue = 100_000;
      }).ratingStatus,
    ).toBe('QUOTE');
    const twoFault = quote((d) => {
      ph(d).vehicleClaimsHistory = ['2023-06-01', '2025-06-01'].map((date) => ({
        type: 'Accident-Fault',
        date,
        ncdAffected: true,
      }));
    });
    expect(twoFault.ratingStatus).toBe('QUOTE');
    expect(
      quote((d) => {
        ph(d).drivingLicence.convictions = [{ code: 'SP30', convictionDate: '2025-01-01' }];
      }).ratingStatus,
    ).toBe('QUOTE');
  });

  it('names the additional driver a referral is about', () => {
    const r = quote((d) => {
      const a = sampleAdditionalDriver(TODAY);
      a.data.bankrupt = true;
      d.profiles.push(a);
    });
    expect(r.referralReasons).toEqual([expect.objectContaining({ code: 'BANKRUPT', profileCode: 'p1' })]);
  });

  it('no vehicle identification gives INSUFFICIENT_ACCURACY and no price', () => {
    const r = quote((d) => void delete d.asset.specification.vehicleCode);
    expect(r.ratingStatus).toBe('INSUFFICIENT_ACCURACY');
    expect(r.totals).toBeNull();
    expect(r.priceBreakdown).toEqual([]);
  });
});

describe('excesses', () => {
  const line = (r: ReturnType<typeof quote>, kind: string) => r.excessLines.find((l) => l.kind === kind)!;

  it('compulsory lines for each excess kind, no endorsements for a plain risk', () => {
    const r = quote();
    expect(r.mandatoryExcessLines.map((l) => l.category)).toEqual(Object.keys(tables.excess.compulsory));
    expect(line(r, 'accidental_damage').total).toBe(25_000);
    expect(r.endorsements).toEqual([]);
  });

  it('voluntary excess adds to accidental damage, fire and theft but not windscreen', () => {
    const r = quote((d) => {
      d.quote.voluntaryExcess = 200;
    });
    expect(line(r, 'accidental_damage')).toMatchObject({ voluntary: 20_000, total: 45_000 });
    expect(line(r, 'windscreen_repair').total).toBe(2_500);
    expect(r.voluntaryExcess).toBe(200);
  });

  it('a driver under 25 adds £150 on accidental damage with DRVEXC_YOUNG', () => {
    const r = quote((d) => {
      const a = sampleAdditionalDriver(TODAY);
      a.data.dateOfBirth = '2002-01-01';
      d.profiles.push(a);
    });
    expect(line(r, 'accidental_damage').young).toBe(15_000);
    expect(line(r, 'fire').young).toBe(0);
    expect(r.endorsements).toContainEqual(
      expect.objectContaining({ code: 'DRVEXC_YOUNG', profileCode: 'p1' }),
    );
  });

  it('a licence under 1 year adds £50 with DRVEXC_INEXP', () => {
    const r = quote((d) => {
      ph(d).drivingLicence.validFrom = '2026-03-01';
      d.asset.noClaimsDiscount = 0;
    });
    expect(line(r, 'accidental_damage')).toMatchObject({ inexperienced: 5_000, total: 30_000 });
    expect(r.endorsements.map((e) => e.code)).toEqual(['DRVEXC_INEXP']);
  });

  it('a policyholder under 25 does not get drive-other-cars cover', () => {
    const r = quote((d) => {
      ph(d).dateOfBirth = '2003-01-01';
      ph(d).drivingLicence.validFrom = '2021-01-01';
      d.asset.noClaimsDiscount = 2;
    });
    expect(r.endorsements.map((e) => e.code)).toEqual(['DRVEXC_YOUNG', 'DRIVE_OTHER_CARS_EXCLUDED']);
  });
});

describe('optional covers', () => {
  it('NCB protection is offered only with 4+ years NCD and adds its own priced line', () => {
    const three = quote((d) => {
      d.asset.noClaimsDiscount = 3;
    });
    expect(three.optionalCovers.find((c) => c.code === 'ncb_protection')).toMatchObject({
      available: false,
      premium: null,
    });
    const without = quote();
    const cover = without.optionalCovers.find((c) => c.code === 'ncb_protection')!;
    expect(cover).toMatchObject({ available: true, active: null });
    const withNcb = quote((d) => {
      d.quote.optionalCovers = { ncb_protection: true };
    });
    expect(withNcb.priceBreakdown.map((l) => l.coverGroup)).toEqual(['MAIN', 'OPTIONAL']);
    expect(gross(withNcb) - gross(without)).toBe(cover.premium);
  });

  it('legal expenses is a flat priced OPTIONAL line; declining it costs nothing', () => {
    const yes = quote((d) => {
      d.quote.optionalCovers = { legal_expenses: true };
    });
    const no = quote((d) => {
      d.quote.optionalCovers = { legal_expenses: false };
    });
    expect(yes.priceBreakdown[1]).toMatchObject({
      coverGroup: 'OPTIONAL',
      feature: 'legal_expenses',
      net: 2200,
      gross: 2464,
    });
    expect(gross(yes) - gross(no)).toBe(2464);
    expect(no.optionalCovers.find((c) => c.code === 'legal_expenses')!.active).toBe(false);
  });
});

describe('promotions (spec 3 §9)', () => {
  it('HC3M: three free months as a DISCOUNT line, then nine payments (ADR 175)', () => {
    const r = quote(undefined, 'HC3M');
    const t = r.totals!;
    expect(t.freeMonths).toBe(3);
    const line0 = r.priceBreakdown.find((l) => l.coverGroup === 'DISCOUNT')!;
    expect(-line0.net).toBe(Math.round((t.net * 3) / 12));
    expect(t.discountedPrice).toBe(t.gross - t.discount);
    expect(t.monthly!.count).toBe(9);
    expect(t.monthly!.first + 8 * t.monthly!.regular).toBe(t.discountedPrice);
    const line = r.priceBreakdown.find((l) => l.coverGroup === 'DISCOUNT')!;
    expect(line).toMatchObject({ feature: 'HC3M', gross: -t.discount });
    expect(line.net + line.ipt).toBe(line.gross);
  });

  it('HC1M needs the promotion terms accepted', () => {
    const refused = quote(undefined, 'HC1M');
    expect(refused.promotion).toMatchObject({ applied: false, reasons: ['PROMO_TERMS_NOT_ACCEPTED'] });
    expect(refused.totals!.discount).toBe(0);
    const accepted = quote((d) => {
      d.quote.promotionTermsAccepted = true;
    }, 'HC1M');
    expect(accepted.totals).toMatchObject({ freeMonths: 1 });
    expect(accepted.totals!.discount).toBeGreaterThan(0);
    expect(accepted.totals!.monthly!.count).toBe(11);
  });

  it('HC6MZOE needs a policyholder aged 18 or over', () => {
    const young = quote((d) => {
      ph(d).dateOfBirth = '2009-06-01';
      ph(d).drivingLicence.validFrom = '2026-06-01';
      d.asset.noClaimsDiscount = 0;
    }, 'HC6MZOE');
    expect(young.promotion!.reasons).toEqual(['PROMO_MIN_AGE']);
    expect(quote(undefined, 'HC6MZOE').totals!.freeMonths).toBe(6);
  });

  it('an unknown code is reported and not applied', () => {
    expect(quote(undefined, 'NOPE').promotion).toMatchObject({ applied: false, reasons: ['PROMO_UNKNOWN'] });
  });

  it('gross before promotion is unchanged by it', () => {
    expect(gross(quote(undefined, 'HC3MCB'))).toBe(gross(quote()));
  });
});
