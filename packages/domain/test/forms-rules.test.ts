import { describe, expect, it } from 'vitest';
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
