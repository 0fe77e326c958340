import { describe, expect, it } from 'vitest';
import { configuredRuleErrors, type FormSection } from '../src/forms/answers.ts';
import { failedRule } from '../src/forms/rules.ts';
import type { FormContext, FormQuestion } from '../src/forms/types.ts';

// Issue 27 §4-§6 in the form rules the web form and the server's brand rules both run (ADR 136, 349, 350).
const ctx: FormContext = {
  anonymous: true,
  admin: false,
  features: {},
  promotion: null,
  schemeCode: 'FCMOTOR1',
  now: new Date('2026-11-21T10:00:00Z'),
  data: {},
  // The brand's rules for names (config/brands/forecourt/brand.json).
  inputRules: { name: { required: true, minLength: 2, maxLength: 30 } },
  phone: { prefix: '+44', regex: '^7[0-9]{9}$' },
};
const q = (input: string): FormQuestion => ({ id: input, input });

describe('form rules', () => {
  it.each([
    [{ firstName: '<b>12</b>', lastName: 'Taylor' }, 'nameCharacters'],
    [{ firstName: 'Sam', lastName: 'Taylor2' }, 'nameCharacters'],
    [{ firstName: 'S', lastName: 'Taylor' }, 'minLength'],
    [{ firstName: 'Sam', lastName: 'O' }, undefined],
    [{ firstName: 'Mary-Jane', lastName: "O'Brien" }, undefined],
    [{ firstName: 'Zoë', lastName: 'Núñez' }, undefined],
  ])('name %o → %s', (value, rule) => expect(failedRule(q('name'), value, {}, ctx)).toBe(rule));

  it.each([
    ['NOT A PLATE', 'registration'],
    ['Q123ABC', 'registration'],
    ['1234', 'registration'],
    ['DAZ1234', undefined],
    ['AB12CDE', undefined],
    [undefined, undefined],
  ])('vehicle registration %s → %s', (vrn, rule) =>
    expect(failedRule(q('vehicleTabs'), { vrn, specification: { vehicleCode: 'X' } }, {}, ctx)).toBe(rule),
  );

  it.each([
    ['GY1 1AA', 'postcodeOutsideUk'],
    ['JE2 3AB', 'postcodeOutsideUk'],
    ['IM1 1AA', 'postcodeOutsideUk'],
    ['BT1 5GS', undefined],
    ['LS1 5HD', undefined],
  ])('address postcode %s → %s', (postalCode, rule) =>
    expect(failedRule(q('address'), { line1: '1 High Street', postalCode }, {}, ctx)).toBe(rule),
  );
});

describe('the configured rules stored answers break (configuredRuleErrors, ADR 136)', () => {
  const sections: FormSection[] = [
    {
      disclosureType: 'POLICYHOLDER',
      questions: [
        { id: 'name', input: 'name', target: 'profile', spread: true },
        { id: 'job', input: 'text', target: 'profile', path: 'occupation.title', rules: { maxLength: 5 } },
        {
          id: 'miles',
          input: 'numberText',
          target: 'asset',
          path: 'annualMileage',
          rules: { lessThanOrEqual: 9 },
        },
        // Required by the question, but a hidden question's absence is the browser's to judge.
        { id: 'nickname', input: 'text', target: 'profile', rules: { required: true, minLength: 3 } },
      ],
    },
    {
      disclosureType: 'ADDITIONAL_PROFILE',
      questions: [{ id: 'name', input: 'name', target: 'profile', spread: true }],
    },
  ];
  const holder = {
    profileCode: 'policyholder',
    policyholder: true,
    data: { firstName: 'Sam', lastName: 'Taylor' },
  };
  const answers = {
    asset: { annualMileage: 12 },
    profiles: [
      { profileCode: 'd1', data: { firstName: 'Al', lastName: 'B2' } },
      { ...holder, data: { ...holder.data, nickname: 'Al', occupation: { title: 'Butcher' } } },
      { profileCode: 'd2', data: { firstName: 'Jo', lastName: 'Sm1th' } },
    ],
  };
  const expected = {
    'asset.annualMileage': ['validation.lessThanOrEqual'],
    'profiles.1.data.occupation.title': ['validation.maxLength'],
    'profiles.1.data.nickname': ['validation.minLength'],
    'profiles.0.data.firstName': ['validation.nameCharacters'],
    'profiles.2.data.firstName': ['validation.nameCharacters'],
  };

  it('checks the holder against the holder sections and each other profile against the additional ones', () => {
    expect(configuredRuleErrors(sections, answers, ctx)).toEqual(expected);
  });

  it('gives the same answer when asked again, and leaves the configuration as it was', () => {
    configuredRuleErrors(sections, answers, ctx);
    expect(configuredRuleErrors(sections, answers, ctx)).toEqual(expected);
    expect(sections[0]!.questions[3]!.rules).toEqual({ required: true, minLength: 3 });
  });

  it('checks only the paths asked for', () => {
    expect(configuredRuleErrors(sections, answers, ctx, (p) => p.startsWith('profiles.1.'))).toEqual({
      'profiles.1.data.occupation.title': ['validation.maxLength'],
      'profiles.1.data.nickname': ['validation.minLength'],
    });
  });

  it('reports each driver at its own path, however often asked, and only the answers asked for', () => {
    for (let round = 0; round < 2; round++) {
      expect(configuredRuleErrors(sections, answers, ctx, (p) => p.startsWith('profiles.0.'))).toEqual({
        'profiles.0.data.firstName': ['validation.nameCharacters'],
      });
      expect(configuredRuleErrors(sections, answers, ctx, (p) => p === 'asset.annualMileage')).toEqual({
        'asset.annualMileage': ['validation.lessThanOrEqual'],
      });
      expect(configuredRuleErrors(sections, answers, ctx, (p) => p.startsWith('profiles.2.'))).toEqual({
        'profiles.2.data.firstName': ['validation.nameCharacters'],
      });
      // The holder's section holds none of the additional drivers' answers: nothing from it.
      expect(
        configuredRuleErrors(sections, answers, ctx, (p) => p === 'profiles.0.data.occupation.title'),
      ).toEqual({});
    }
  });

  it('never counts an answer that is absent or incomplete, even for a required question', () => {
    const sparse = { asset: {}, profiles: [{ ...holder, data: { firstName: 'S' } }] };
    expect(configuredRuleErrors(sections, sparse, ctx)).toEqual({});
  });
});
