import { productConfigSchema } from '@forecourt/contracts/product-config';
import { isShown } from '@forecourt/domain/forms/conditions';
import { failedRule } from '@forecourt/domain/forms/rules';
import { describe, expect, it } from 'vitest';
import product from '../../../../../../config/brands/forecourt/product.json' with { type: 'json' };
import type { FormContext, Question } from './types.ts';
import { initialValues, toChanges } from './values.ts';

const config = productConfigSchema.parse(product.productConfig);
const section = (id: string) => {
  const s = config.disclosures.find((d) => d.id === id);
  if (!s) throw new Error(id);
  return s;
};
const q = (sectionId: string, id: string) =>
  section(sectionId).questions.find((x) => x.id === id) as Question;
const ctx: FormContext = {
  anonymous: true,
  admin: false,
  features: {},
  promotion: null,
  schemeCode: 'FCMOTOR1',
  now: new Date('2026-11-21T10:00:00Z'),
  data: { policyholder: { dateOfBirth: '1990-05-01' } },
  inputRules: {},
  phone: { prefix: '+44', regex: '^(?:[12][0-9]{8,9}|7[0-9]{9})$' },
};

describe('conditions', () => {
  it('asks occupation only for FT, PT and SE', () => {
    const occupation = q('about-you', 'occupation');
    expect(isShown(occupation.conditions, { employmentStatus: 'FT' }, ctx)).toBe(true);
    expect(isShown(occupation.conditions, { employmentStatus: 'SE' }, ctx)).toBe(true);
    expect(isShown(occupation.conditions, { employmentStatus: 'NIW' }, ctx)).toBe(false);
  });
  it('asks steering only when the looked-up car lacks it', () => {
    const steering = q('your-car', 'steering');
    const car = (spec: object) => ({ vehicle: { specification: { vehicleCode: 'V1', ...spec } } });
    expect(isShown(steering.conditions, car({}), ctx)).toBe(true);
    expect(isShown(steering.conditions, car({ steering: 'RHD' }), ctx)).toBe(false);
    expect(isShown(steering.conditions, {}, ctx)).toBe(false);
  });
  it('shows contact details only to anonymous visitors and the offer only with a promotion', () => {
    expect(isShown(section('contact-details').conditions, {}, ctx)).toBe(true);
    expect(isShown(section('contact-details').conditions, {}, { ...ctx, anonymous: false })).toBe(false);
    const offer = section('promotional-offer').conditions;
    expect(isShown(offer, {}, ctx)).toBe(false);
    expect(isShown(offer, {}, { ...ctx, promotion: { code: 'HC1M', requiresTerms: true } })).toBe(true);
    expect(isShown(offer, {}, { ...ctx, promotion: { code: 'HC3M', requiresTerms: false } })).toBe(false);
  });
});

describe('rules', () => {
  it('requires an answer by default', () => {
    expect(failedRule(q('your-car', 'modifications'), undefined, {}, ctx)).toBe('required');
    expect(failedRule(q('your-car', 'modifications'), false, {}, ctx)).toBeUndefined();
  });
  it('checks name lengths 2-30', () => {
    const name = q('about-you', 'name');
    expect(failedRule(name, { firstName: 'A', lastName: 'Smith' }, {}, ctx)).toBe('minLength');
    expect(failedRule(name, { firstName: 'Al', lastName: 'x'.repeat(31) }, {}, ctx)).toBe('maxLength');
    expect(failedRule(name, { firstName: 'Al', lastName: 'Smith' }, {}, ctx)).toBeUndefined();
  });
  it('checks date of birth: at least 17, at most 125 years ago', () => {
    const dob = q('about-you', 'dateOfBirth');
    expect(failedRule(dob, '2010-01-01', {}, ctx)).toBe('beforeOrEqual');
    expect(failedRule(dob, '1899-01-01', {}, ctx)).toBe('afterOrEqual');
    expect(failedRule(dob, '2026-02-30', {}, ctx)).toBe('date');
    expect(failedRule(dob, '1990-05-01', {}, ctx)).toBeUndefined();
  });
  it('needs the licence from the 16th birthday (date of birth from another section)', () => {
    const from = q('your-driving', 'licenceValidFrom');
    expect(failedRule(from, '2006-04-30', {}, ctx)).toBe('afterOrEqualField');
    expect(failedRule(from, '2006-05-01', {}, ctx)).toBeUndefined();
    expect(failedRule(from, '2027-01-01', {}, ctx)).toBe('beforeOrEqual');
  });
  it('keeps NCD within the years legally driving', () => {
    const ncd = q('your-no-claims-bonus', 'noClaimsDiscount');
    const young = { ...ctx, data: { policyholder: { dateOfBirth: '2008-01-01' } } };
    expect(failedRule(ncd, 3, {}, young)).toBe('beforeOrEqualPlusYears');
    expect(failedRule(ncd, 2, {}, young)).toBeUndefined();
  });
  it('limits convictions and claims to the last 5 years and not the future', () => {
    const date = q('claims-history', 'claims').item?.find((i) => i.id === 'date') as Question;
    expect(failedRule(date, '2021-11-20', {}, ctx)).toBe('afterOrEqual');
    expect(failedRule(date, '2021-11-21', {}, ctx)).toBeUndefined();
    expect(failedRule(date, '2026-11-22', {}, ctx)).toBe('beforeOrEqual');
  });
  it('checks value and mileage bounds, year-month from 1939, e-mail and phone', () => {
    expect(failedRule(q('using-the-car', 'annualMileage'), 0, {}, ctx)).toBe('greaterThanOrEqual');
    expect(failedRule(q('using-the-car', 'annualMileage'), 1_000_000, {}, ctx)).toBe('lessThanOrEqual');
    expect(failedRule(q('using-the-car', 'annualMileage'), 8000, {}, ctx)).toBeUndefined();
    expect(failedRule(q('using-the-car', 'usageStartYearMonth'), '1938-12', {}, ctx)).toBe('minYear');
    expect(failedRule(q('using-the-car', 'usageStartYearMonth'), '2027-01', {}, ctx)).toBe('beforeOrEqual');
    expect(failedRule(q('using-the-car', 'usageStartYearMonth'), '2020-03', {}, ctx)).toBeUndefined();
    expect(failedRule(q('contact-details', 'email'), 'not-an-email', {}, ctx)).toBe('email');
    expect(failedRule(q('contact-details', 'email'), 'sam@example.co.uk', {}, ctx)).toBeUndefined();
    expect(failedRule(q('contact-details', 'phoneNumber'), '+44123', {}, ctx)).toBe('phoneNumber');
    expect(failedRule(q('contact-details', 'phoneNumber'), '+447700900123', {}, ctx)).toBeUndefined();
  });
  it('needs promotion terms accepted, and at least one claim when claims were declared', () => {
    expect(failedRule(q('promotional-offer', 'promotionTermsAccepted'), false, {}, ctx)).toBe('onlyAccept');
    expect(failedRule(q('claims-history', 'claims'), [], {}, ctx)).toBe('minItems');
  });
});

describe('values and changes', () => {
  const data = {
    asset: { vrn: 'AB12CDE', regLookup: true, specification: { vehicleCode: 'V1', steering: 'RHD' } },
    profiles: [
      {
        profileCode: 'policyholder',
        data: { firstName: 'Sam', lastName: 'Jones', vehicleClaimsHistory: [], employmentStatus: 'FT' },
      },
    ],
  };
  it('starts from the proposal answers and derives "any claims?" from the claims list', () => {
    expect(initialValues(section('your-car'), data, 'policyholder').vehicle).toEqual(data.asset);
    expect(initialValues(section('about-you'), data, 'policyholder').name).toEqual({
      firstName: 'Sam',
      lastName: 'Jones',
    });
    expect(initialValues(section('claims-history'), data, 'policyholder').hasClaims).toBe(false);
  });
  it('sends one change per answer and the hidden value for hidden questions', () => {
    const values = {
      employmentStatus: 'NIW',
      employmentSubStatus: 'IM',
      name: { firstName: 'Sam', lastName: 'Jo' },
    };
    const changes = toChanges(section('about-you'), values, ctx, 'policyholder');
    expect(changes).toContainEqual({
      changeType: 'PROFILE_DISCLOSURE_CHANGE',
      profileCode: 'policyholder',
      update: { path: 'firstName', value: 'Sam' },
    });
    expect(changes.find((c) => c.update.path === 'occupation')?.update.value).toBeNull();
    const claims = toChanges(section('claims-history'), { hasClaims: false }, ctx, 'p1');
    expect(claims).toEqual([
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        update: { path: 'vehicleClaimsHistory', value: [] },
      },
    ]);
  });
  it('writes the car as vrn, regLookup and specification without null catalogue fields', () => {
    const vehicle = { vrn: 'AB12CDE', regLookup: true, specification: { vehicleCode: 'V1', value: null } };
    const changes = toChanges(section('your-car'), { vehicle }, ctx, 'policyholder');
    expect(changes.slice(0, 3).map((c) => [c.changeType, c.update.path])).toEqual([
      ['ASSET_DISCLOSURE_CHANGE', 'vrn'],
      ['ASSET_DISCLOSURE_CHANGE', 'regLookup'],
      ['ASSET_DISCLOSURE_CHANGE', 'specification'],
    ]);
    expect(changes[2]?.update.value).toEqual({ vehicleCode: 'V1' });
  });
});
