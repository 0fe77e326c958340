import { describe, expect, it } from 'vitest';
import { productOfScheme, schemeOf } from '../../src/policy/product-kind.ts';

describe("a policy's scheme in the brand's schemes", () => {
  const schemes = [
    { schemeCode: 'FCMOTOR1', product: 'SUBSCRIPTION', productUrlName: 'car' },
    { schemeCode: 'FCANNUAL', product: 'ANNUAL', productUrlName: 'annual' },
    { schemeCode: 'MHDRIVE28', product: 'DRIVEAWAY', productUrlName: 'drive-away' },
  ];

  it('is found by its code, and is undefined for a code the brand does not sell', () => {
    expect(schemeOf(schemes, 'FCANNUAL')?.productUrlName).toBe('annual');
    expect(schemeOf(schemes, 'NOSUCH')).toBeUndefined();
    expect(schemeOf(schemes, undefined)).toBeUndefined();
  });

  it("gives the scheme's product kind; a subscription when the brand does not sell the code", () => {
    expect(productOfScheme(schemes, 'MHDRIVE28')).toBe('DRIVEAWAY');
    expect(productOfScheme(schemes, 'FCANNUAL')).toBe('ANNUAL');
    expect(productOfScheme(schemes, 'NOSUCH')).toBe('SUBSCRIPTION');
  });
});
