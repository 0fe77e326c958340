import { normalisePhone } from '@forecourt/domain/input-format';
import { isUkMobile, nationalNumber } from '@forecourt/domain/patterns';
import { describe, expect, it } from 'vitest';
import brand from '../../../../../config/brands/forecourt/brand.json' with { type: 'json' };
import { disclosureTexts } from './texts.ts';

/** The quote's phone is a contact number (ADR 147): any UK number, labelled as such; SMS sign-in needs a mobile. */
describe('the quote phone question is labelled for what it accepts', () => {
  const accepts = (typed: string) =>
    new RegExp(brand.formats.phoneNumber.regex).test(nationalNumber(normalisePhone(typed, '+44')));

  it.each(['020 7946 0958', '+44 7700 900123', '0044 7700 900123', '07700 900123'])('accepts %s', (typed) =>
    expect(accepts(typed)).toBe(true),
  );

  it('says "phone", never "mobile", because landlines are accepted', () => {
    expect(isUkMobile('020 7946 0958')).toBe(false);
    expect(accepts('020 7946 0958')).toBe(true);
    expect(disclosureTexts['disclosure.q.phoneNumber.label']).not.toMatch(/mobile/i);
    expect(disclosureTexts['defaults.validation.phoneNumber']).not.toMatch(/mobile number/i);
  });
});
