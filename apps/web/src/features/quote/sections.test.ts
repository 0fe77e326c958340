import { productConfigSchema } from '@forecourt/contracts/product-config';
import { previewChanges } from '@forecourt/domain/proposal/apply-changes';
import { describe, expect, it } from 'vitest';
import product from '../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import type { FormContext } from '../../forms/disclosure/engine/types.ts';
import { applicableSections, firstOpenSection, nextProfileCode, nextSection } from './sections.ts';

const config = productConfigSchema.parse(product.productConfig);
const ctx: FormContext = {
  anonymous: true,
  admin: false,
  features: {},
  promotion: null,
  schemeCode: 'FCMOTOR1',
  now: new Date('2026-11-21T10:00:00Z'),
  data: {},
  inputRules: {},
  phone: { prefix: '+44', regex: '^7[0-9]{9}$' },
};

describe('disclosure sections of the forecourt product', () => {
  it('skips contact details for signed-in customers and the offer without a promotion needing terms', () => {
    const ids = (c: FormContext) => applicableSections(config.disclosures, c).map((s) => s.id);
    expect(ids(ctx)).toContain('contact-details');
    expect(ids({ ...ctx, anonymous: false })).not.toContain('contact-details');
    expect(ids(ctx)).not.toContain('promotional-offer');
    expect(ids({ ...ctx, promotion: { code: 'HC1M', requiresTerms: true } })).toContain('promotional-offer');
    expect(nextSection(config.disclosures, 'your-no-claims-bonus', ctx)?.id).toBe('your-cover');
    expect(nextSection(config.disclosures, 'your-cover', ctx)).toBeUndefined();
  });

  it('opens the first section with an unanswered question', () => {
    expect(firstOpenSection(config.disclosures, {}, ctx)?.id).toBe('your-car');
    const data = {
      asset: {
        assetCode: 'Vehicle',
        vrn: 'AB12CDE',
        regLookup: true,
        specification: { vehicleCode: 'V1', steering: 'RHD', numberOfSeats: 5, value: 190000 },
        modifications: false,
        trackerFitted: false,
        registeredKeeper: 'PolicyHolder',
        legalOwner: 'PolicyHolder',
      },
    };
    expect(firstOpenSection(config.disclosures, data, ctx)?.id).toBe('using-the-car');
  });

  it('gives a new additional driver the first free code', () => {
    const profiles = (codes: string[]) => ({ profiles: codes.map((profileCode) => ({ profileCode })) });
    expect(nextProfileCode(profiles(['policyholder']), 4)).toBe('p1');
    expect(nextProfileCode(profiles(['policyholder', 'p1', 'p3']), 4)).toBe('p2');
    expect(nextProfileCode(profiles(['policyholder', 'p1', 'p2', 'p3', 'p4']), 4)).toBeUndefined();
  });

  it('previews the answers a section will leave (for the server validation profiles)', () => {
    const merged = previewChanges(
      { profiles: [{ profileCode: 'policyholder', policyholder: true, data: { occupation: 'T05' } }] },
      [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'policyholder',
          update: { path: 'occupation', value: null },
        },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'policyholder',
          update: { path: 'drivingLicence.licenceType', value: 'UKFull' },
        },
        { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage', value: 8000 } },
      ],
    );
    expect(merged.profiles?.[0]?.data).toEqual({ drivingLicence: { licenceType: 'UKFull' } });
    expect(merged.asset).toEqual({ assetCode: 'Vehicle', annualMileage: 8000 });
  });
});
