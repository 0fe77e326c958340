import { describe, expect, it } from 'vitest';
import brand from '../../../config/brands/forecourt/brand.json' with { type: 'json' };
import product from '../../../config/brands/forecourt/product.json' with { type: 'json' };
import { type BrandForms, configLimitIssues } from '../src/forms/limits.ts';

const forms = (): BrandForms =>
  structuredClone({
    optionSets: product.productConfig.optionSets,
    disclosures: product.productConfig.disclosures as BrandForms['disclosures'],
    voluntaryExcess: product.productConfig.excess.voluntaryExcess,
    inputs: brand.inputs as BrandForms['inputs'],
  });
const questionAt = (f: BrandForms, path: string) => {
  for (const [s, section] of f.disclosures.entries())
    for (const [n, q] of section.questions.entries())
      if (q.path === path) return { q, at: `productConfig.disclosures.${s}.questions.${n}` };
  throw new Error(path);
};

describe('configuration may only narrow the domain (start-up check)', () => {
  it('accepts the shipped brand, and a brand that narrows', () => {
    expect(configLimitIssues(forms())).toEqual([]);
    const f = forms();
    const { q } = questionAt(f, 'annualMileage');
    q.rules = { ...q.rules, lessThanOrEqual: 50_000 };
    f.optionSets.homeOwnership = ['Own', 'Rent'];
    expect(configLimitIssues(f)).toEqual([]);
  });

  it('refuses options outside the domain enumerations, naming the field', () => {
    const f = forms();
    f.optionSets.homeOwnership = ['Own', 'Houseboat'];
    f.optionSets.useOfOtherCar = [...(f.optionSets.useOfOtherCar ?? []), 'AccessToOtherCars'];
    f.optionSets.seats = [1, 9];
    const fields = configLimitIssues(f).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'productConfig.optionSets.homeOwnership.1',
        `productConfig.optionSets.useOfOtherCar.${(f.optionSets.useOfOtherCar?.length ?? 0) - 1}`,
        'productConfig.optionSets.seats.1',
      ]),
    );
  });

  it('refuses rules wider than the domain limits, in the question or the input type', () => {
    const f = forms();
    const mileage = questionAt(f, 'annualMileage');
    mileage.q.rules = { ...mileage.q.rules, lessThanOrEqual: 2_000_000 };
    const dob = questionAt(f, 'dateOfBirth');
    dob.q.rules = { ...dob.q.rules, beforeOrEqual: '-P16Y' };
    f.inputs.name = { rules: { minLength: 1 } };
    f.voluntaryExcess = [0, 1000];
    const issues = configLimitIssues(f);
    const fields = issues.map((i) => i.field);
    expect(fields).toContain(`${mileage.at}.rules.lessThanOrEqual`);
    expect(fields).toContain(`${dob.at}.rules.beforeOrEqual`);
    expect(fields).toContain('productConfig.excess.voluntaryExcess.1');
    // Refused although the name questions set their own minLength (2) over it.
    expect(fields).toContain('inputs.name.rules.minLength');
    expect(issues.find((i) => i.field === `${mileage.at}.rules.lessThanOrEqual`)?.message).toMatch(/999999/);
  });
});
