import { describe, expect, it } from 'vitest';
import { sampleProposalData } from '../../src/risk/sample.ts';
import type { ProposalData } from '../../src/risk/schema.ts';
import { validateProposal } from '../../src/risk/validate.ts';
import { ruleCases } from './rule-cases.ts';

const now = new Date('2026-11-21T10:00:00Z');
const today = '2026-11-21';
type Mutate = (d: ProposalData) => void;
const ph = (d: ProposalData) => d.profiles[0]!.data;
const errorsOf = (mutate: Mutate, promotion?: { code: string; requiresTerms: boolean; minAge?: number }) => {
  const d = sampleProposalData(today);
  mutate(d);
  return validateProposal(d, { now, forRating: true, promotion }).errors;
};

describe('validateProposal (complete, spec 3 §5)', () => {
  it('accepts the sample risk', () => {
    expect(errorsOf(() => {})).toEqual({});
  });

  it.each(ruleCases)('%s', (_rule, fail, path, key, pass) => {
    expect(errorsOf(fail)[path]).toContain(key);
    expect(errorsOf(pass)).toEqual({});
  });

  it('promotion terms must be accepted when the promotion requires them', () => {
    const promo = { code: 'HC1M', requiresTerms: true };
    expect(errorsOf(() => {}, promo)['quote.promotionTermsAccepted']).toEqual(['validation.promotionTerms']);
    expect(
      errorsOf((d) => {
        d.quote.promotionTermsAccepted = true;
      }, promo),
    ).toEqual({});
    expect(errorsOf(() => {}, { code: 'HC3M', requiresTerms: false })).toEqual({});
  });

  it('a promotion minimum age applies to the policyholder', () => {
    const promo = { code: 'HC6MZOE', requiresTerms: false, minAge: 40 };
    expect(errorsOf(() => {}, promo)['quote.promotionTermsAccepted']).toEqual(['validation.promotionMinAge']);
    expect(
      errorsOf((d) => {
        ph(d).dateOfBirth = '1980-01-01';
      }, promo),
    ).toEqual({});
  });
});

describe('validateProposal (partial: answers arriving)', () => {
  it('accepts an empty proposal and single answers, checking what is present', () => {
    expect(validateProposal({}, { now, forRating: false }).success).toBe(true);
    expect(validateProposal({ asset: { annualMileage: 8000 } }, { now, forRating: false }).success).toBe(
      true,
    );
    const bad = validateProposal({ asset: { annualMileage: 'lots' } }, { now, forRating: false });
    expect(bad.errors['asset.annualMileage']).toEqual(['validation.type']);
  });

  it('does not ask for answers that depend on others until complete', () => {
    const partial = {
      profiles: [{ profileCode: 'policyholder', policyholder: true, data: { employmentStatus: 'FT' } }],
    };
    expect(validateProposal(partial, { now, forRating: false }).success).toBe(true);
  });

  it('applies cross-field rules to what is present', () => {
    const partial = {
      profiles: [
        {
          profileCode: 'policyholder',
          policyholder: true,
          data: { dateOfBirth: '2000-01-01', drivingLicence: { validFrom: '2010-01-01' } },
        },
      ],
    };
    const res = validateProposal(partial, { now, forRating: false });
    expect(res.errors['profiles.0.data.drivingLicence.validFrom']).toEqual([
      'validation.licenceBeforeSixteen',
    ]);
  });
});
