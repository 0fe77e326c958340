import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerPathsOf } from '../../src/forms/answers.ts';
import {
  applyChanges,
  type ProposalChangeInput,
  previewChanges,
  toDraft,
} from '../../src/proposal/apply-changes.ts';
import { VALUE_LIMITS } from '../../src/proposal/bounds.ts';
import { partialProposalDataSchema } from '../../src/risk/schema.ts';

/** Answers a visitor may give, each with values of the right type (so the result must validate). */
const assetAnswer = fc.oneof(
  fc.record({ path: fc.constant('annualMileage'), value: fc.integer({ min: 1, max: 999_999 }) }),
  fc.record({ path: fc.constant('estimatedValue'), value: fc.integer({ min: 1, max: 999_999 }) }),
  fc.record({ path: fc.constant('modifications'), value: fc.boolean() }),
  fc.record({
    path: fc.constant('usage'),
    value: fc.constantFrom('SocialDomesticPleasure', 'BusinessClass1'),
  }),
  fc.record({ path: fc.constant('specification.make'), value: fc.constantFrom('Ford', 'Kia') }),
  fc.record({ path: fc.constant('trackerFitted'), value: fc.constant(null) }),
);
const profileAnswer = fc.oneof(
  fc.record({ path: fc.constant('firstName'), value: fc.constantFrom('Sam', 'Alexandra', null) }),
  fc.record({ path: fc.constant('maritalStatus'), value: fc.constantFrom('Married', 'Single') }),
  fc.record({ path: fc.constant('drivingLicence.licenceType'), value: fc.constantFrom('UKFull', 'EUFull') }),
  fc.record({
    path: fc.constant('drivingLicence.convictions'),
    value: fc.array(
      fc.record({ code: fc.constantFrom('SP30', 'CU80'), convictionDate: fc.constant('2025-01-02') }),
      {
        maxLength: 3,
      },
    ),
  }),
  fc.record({ path: fc.constant('drivingLicence.convictions.0'), value: fc.constant(null) }),
  fc.record({ path: fc.constant('address.postalCode'), value: fc.constantFrom('LS1 5HD', 'M1 1AE') }),
);
const quoteAnswer = fc.record({ path: fc.constant('startDate'), value: fc.constantFrom('2026-12-01', null) });
const driver = fc.constantFrom('p1', 'p2', 'p3');

const change: fc.Arbitrary<ProposalChangeInput> = fc.oneof(
  assetAnswer.map((update) => ({ changeType: 'ASSET_DISCLOSURE_CHANGE', update })),
  profileAnswer.map((update) => ({ changeType: 'PROFILE_DISCLOSURE_CHANGE', update })),
  fc.tuple(driver, profileAnswer).map(([profileCode, update]) => ({
    changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
    profileCode,
    update,
  })),
  quoteAnswer.map((update) => ({ changeType: 'QUOTE_DISCLOSURE_CHANGE', update })),
  driver.map((profileCode) => ({ changeType: 'ADD_PROFILE', profileCode })),
  driver.map((profileCode) => ({ changeType: 'REMOVE_PROFILE', profileCode })),
  fc
    .constantFrom('ADD_COVER', 'REMOVE_COVER')
    .map((changeType) => ({ changeType, coverCode: 'ncb_protection' })),
  fc.constantFrom(0, 100, 150, 300).map((excess) => ({ changeType: 'SELECT_VOLUNTARY_EXCESS', excess })),
);

/** What the API stores: every change that applies, one PATCH at a time (a refused PATCH writes nothing). */
function serverSide(batches: ProposalChangeInput[][]) {
  let data: unknown = toDraft({});
  for (const batch of batches) {
    const result = applyChanges(data, batch, { maxAdditionalProfiles: 4 });
    if (Object.keys(result.errors).length === 0) data = result.data;
  }
  return data;
}

describe('applyChanges: one proposal core for the web and the API', () => {
  it('gives the same answers whichever side runs a sequence of changes, and they validate', () => {
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 4 }), { maxLength: 8 }), (batches) => {
        const stored = serverSide(batches);
        // The browser previews each accepted PATCH on the answers it holds, then the server applies it.
        let shown: unknown = toDraft({});
        for (const batch of batches) {
          const server = applyChanges(shown, batch, { maxAdditionalProfiles: 4 });
          if (Object.keys(server.errors).length === 0) {
            expect(previewChanges(shown, batch, 4)).toEqual(server.data);
            shown = server.data;
          }
        }
        expect(shown).toEqual(stored);
        // Applying the batches one by one equals applying them as one PATCH when all apply.
        const all = applyChanges({}, batches.flat(), { maxAdditionalProfiles: 4 });
        if (Object.keys(all.errors).length === 0) expect(all.data).toEqual(stored);
        expect(partialProposalDataSchema.safeParse(stored).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never changes its input', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), (changes) => {
        const before = serverSide([[{ changeType: 'ADD_PROFILE', profileCode: 'p1' }]]);
        const copy = structuredClone(before);
        applyChanges(before, changes, { maxAdditionalProfiles: 4 });
        expect(before).toEqual(copy);
      }),
    );
  });

  it('in place (issue 29): the same answers as on a copy, made of its input’s parts', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 10 }), (changes) => {
        const onCopy = applyChanges(
          serverSide([[{ changeType: 'ADD_PROFILE', profileCode: 'p1' }]]),
          changes,
          {
            maxAdditionalProfiles: 4,
          },
        );
        const owned = serverSide([[{ changeType: 'ADD_PROFILE', profileCode: 'p1' }]]);
        const inPlace = applyChanges(owned, changes, { maxAdditionalProfiles: 4, inPlace: true });
        expect(inPlace).toEqual(onCopy);
        expect(inPlace.data.profiles).toBe((owned as { profiles: unknown }).profiles);
      }),
    );
  });

  it('writes an array item by index and removes it with null', () => {
    const set = applyChanges(
      {},
      [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          update: { path: 'drivingLicence.convictions.0.code', value: 'SP30' },
        },
      ],
      { maxAdditionalProfiles: 4 },
    );
    expect(set.data.profiles[0]?.data).toEqual({ drivingLicence: { convictions: [{ code: 'SP30' }] } });
    const removed = applyChanges(
      set.data,
      [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          update: { path: 'drivingLicence.convictions.0', value: null },
        },
      ],
      { maxAdditionalProfiles: 4 },
    );
    expect(removed.data.profiles[0]?.data).toEqual({ drivingLicence: { convictions: [] } });
  });

  it('writes only the question set’s paths, with bounded values, naming the change that is refused', () => {
    const answerPaths = answerPathsOf([
      { id: 'mileage', input: 'numberText', target: 'asset', path: 'annualMileage' },
      { id: 'name', input: 'name', target: 'profile', spread: true },
      { id: 'licence', input: 'select', target: 'profile', path: 'drivingLicence.licenceType' },
      { id: 'convictions', input: 'loop', target: 'profile', path: 'drivingLicence.convictions' },
    ]);
    const apply = (c: ProposalChangeInput) =>
      applyChanges({}, [c], { maxAdditionalProfiles: 4, answerPaths });
    const asset = (path: string, value: unknown) =>
      apply({ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path, value } });
    const profile = (path: string, value: unknown) =>
      apply({ changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path, value } });
    expect(asset('annualMileage', 8000).errors).toEqual({});
    expect(profile('firstName', 'Sam').errors).toEqual({});
    expect(profile('drivingLicence.convictions.0.code', 'SP30').errors).toEqual({});
    expect(profile('drivingLicence', { licenceType: 'UKFull', convictions: [] }).errors).toEqual({});
    expect(asset('notAQuestion', 1).errors).toEqual({
      'changes.0.update.path': ['validation.unknownQuestion'],
    });
    expect(profile('drivingLicence', { licenceType: 'UKFull', junk: 1 }).errors).toEqual({
      'changes.0.update.path': ['validation.unknownQuestion'],
    });
    expect(profile('firstName', 'x'.repeat(VALUE_LIMITS.maxStringLength + 1)).errors).toEqual({
      'changes.0.update.value': ['validation.tooLong'],
    });
    const many = Array.from({ length: VALUE_LIMITS.maxArrayItems + 1 }, () => ({ code: 'SP30' }));
    expect(profile('drivingLicence.convictions', many).errors).toEqual({
      'changes.0.update.value': ['validation.tooMany'],
    });
    let deep: unknown = 'x';
    for (let i = 0; i <= VALUE_LIMITS.maxDepth; i++) deep = [deep];
    expect(profile('drivingLicence.convictions', deep).errors).toEqual({
      'changes.0.update.value': ['validation.tooDeep'],
    });
  });
});
