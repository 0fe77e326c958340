import { sampleAdditionalDriver } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { completeData, ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function fresh() {
  const v = await visitor(t.app);
  const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode as string;
  const patch = (body: object) => v.call('PATCH', `/api/proposals/${code}`, body);
  return { v, code, patch };
}

describe('PATCH /api/proposals/{code} changes', () => {
  it('applies asset, policyholder and quote answers by path', async () => {
    const { patch } = await fresh();
    const res = await patch({
      changes: [
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          assetCode: 'Vehicle',
          update: { path: 'annualMileage', value: 9000 },
        },
        { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: 'Sam' } },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          update: { path: 'drivingLicence.licenceType', value: 'UKFull' },
        },
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'promotionTermsAccepted', value: true } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.asset.annualMileage).toBe(9000);
    expect(data.profiles).toEqual([
      {
        profileCode: 'policyholder',
        policyholder: true,
        data: { firstName: 'Sam', drivingLicence: { licenceType: 'UKFull' } },
      },
    ]);
    expect(data.quote.promotionTermsAccepted).toBe(true);
  });

  it('adds additional drivers with the first free code, updates and removes them', async () => {
    const { patch } = await fresh();
    const added = await patch({
      changes: [
        { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE' },
        { changeType: 'ADD_PROFILE', data: { firstName: 'Alex' } },
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p1',
          update: { path: 'firstName', value: 'Jo' },
        },
      ],
    });
    expect(added.json().data.profiles.map((p: { profileCode: string }) => p.profileCode)).toEqual([
      'p1',
      'p2',
    ]);
    expect(added.json().data.profiles[0].data.firstName).toBe('Jo');
    const removed = await patch({
      changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }, { changeType: 'ADD_PROFILE' }],
    });
    expect(removed.json().data.profiles.map((p: { profileCode: string }) => p.profileCode)).toEqual([
      'p2',
      'p1',
    ]);
  });

  it('allows at most 4 additional drivers', async () => {
    const { patch } = await fresh();
    const four = Array.from({ length: 4 }, () => ({ changeType: 'ADD_PROFILE' }));
    expect((await patch({ changes: four })).statusCode).toBe(200);
    const fifth = await patch({ changes: [{ changeType: 'ADD_PROFILE' }] });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().fieldErrors['changes.0.profileCode']).toEqual([
      'validation.tooManyAdditionalDrivers',
    ]);
  });

  it('sets covers and voluntary excess', async () => {
    const { patch } = await fresh();
    const res = await patch({
      changes: [
        { changeType: 'ADD_COVER', coverCode: 'legal_expenses' },
        { changeType: 'REQUEST_COVER_OPTION', coverCode: 'ncb_protection', selected: false },
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 },
      ],
    });
    expect(res.json().data.quote).toEqual({
      optionalCovers: { legal_expenses: true, ncb_protection: false },
      voluntaryExcess: 200,
    });
    const removed = await patch({ changes: [{ changeType: 'REMOVE_COVER', coverCode: 'legal_expenses' }] });
    expect(removed.json().data.quote.optionalCovers.legal_expenses).toBe(false);
  });

  it('rejects a bad change with 400 naming it, and writes none of the changes', async () => {
    const { v, code, patch } = await fresh();
    const bad: [object, string, string][] = [
      [
        { changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 150 },
        'changes.1.excess',
        'validation.invalidOption',
      ],
      [{ changeType: 'ADD_COVER', coverCode: 'breakdown' }, 'changes.1.coverCode', 'validation.unknownCover'],
      [
        { changeType: 'REMOVE_PROFILE', profileCode: 'p3' },
        'changes.1.profileCode',
        'validation.unknownProfile',
      ],
      [
        { changeType: 'REMOVE_PROFILE', profileCode: 'policyholder' },
        'changes.1.profileCode',
        'validation.unknownProfile',
      ],
      [
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p2',
          update: { path: 'x', value: 1 },
        },
        'changes.1.profileCode',
        'validation.unknownProfile',
      ],
      [
        { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: '__proto__.polluted', value: 1 } },
        'changes.1.update.path',
        'validation.path',
      ],
      [{ changeType: 'QUOTE_DISCLOSURE_CHANGE' }, 'changes.1.update', 'validation.required'],
      [
        { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage', value: -5 } },
        'asset.annualMileage',
        'validation.min',
      ],
      [
        { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: 'A' } },
        'profiles.0.data.firstName',
        'validation.nameLength',
      ],
    ];
    for (const [change, key, message] of bad) {
      const res = await patch({ changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 100 }, change] });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fieldErrors[key]).toEqual([message]);
    }
    const unknownType = await patch({ changes: [{ changeType: 'START_DATE_CHANGE' }] });
    expect(unknownType.statusCode).toBe(400);
    const after = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(after.data.quote).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('re-rates a rated proposal on a cover or excess change: NCB protection raises the price, excess lowers it', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const before = body.quote.totals.gross;
    const withNcb = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'ADD_COVER', coverCode: 'ncb_protection' }],
    });
    const ncbPremium = body.quote.optionalCovers.find(
      (c: { code: string }) => c.code === 'ncb_protection',
    ).premium;
    expect(withNcb.json().quote.totals.gross).toBe(before + ncbPremium);
    const excess = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
    });
    expect(excess.json().quote.totals.gross).toBeLessThan(withNcb.json().quote.totals.gross);
    const noRate = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 0 }],
      applyRating: false,
    });
    expect(noRate.json().data.quote.voluntaryExcess).toBe(0);
    expect(noRate.json()).toMatchObject({ status: 'QUOTE', quote: null, quoteExpiresAt: null });
  });

  it('adding a driver to a quoted proposal withdraws the price until the driver is answered, then re-rates', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const added = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [{ changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE' }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ status: 'QUOTE', quote: null });
    const driver = sampleAdditionalDriver(completeData().quote.startDate).data;
    const answered = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: Object.entries(driver).map(([path, value]) => ({
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        update: { path, value },
      })),
      applyRating: true,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().quote.totals.gross).toBeGreaterThan(body.quote.totals.gross);
    expect(answered.json().quote.trace.map((e: { factor: string }) => e.factor)).toContain(
      'additionalDriver:p1',
    );
  });

  it('coverStart sets the start date and re-rates; today starts now, a later day at 00:00 London', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const later = completeData().quote.startDate;
    const res = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], coverStart: later });
    expect(res.json().data.quote.startDate).toBe(later);
    const startAt = new Date(res.json().startAt);
    expect(startAt.toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })).toBe('00:00:00');
    const past = await v.call('PATCH', `/api/proposals/${code}`, { changes: [], coverStart: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors['quote.startDate']).toContain('validation.startDateInPast');
  });

  it('refuses changes to a proposal that became a policy (409)', async () => {
    const { code, patch } = await fresh();
    await t.database.query(`UPDATE proposals SET status = 'POLICY' WHERE proposal_code = $1`, [code]);
    expect(
      (await patch({ changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 100 }] })).statusCode,
    ).toBe(409);
  });
});
