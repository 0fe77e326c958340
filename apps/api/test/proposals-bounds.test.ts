import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Brand } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandConfigError, defaultBrandsDir, loadBrand } from '../src/config/brand.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { SCHEME, visitor } from './proposals-helpers.ts';

/** The shipped brand with the annual mileage question narrowed to 50,000 (a brand's own tighter rule). */
function narrowedBrand(): Brand {
  const brand = structuredClone(loadBrand('forecourt'));
  const question = brand.productConfig.disclosures
    .flatMap((s) => s.questions)
    .find((q) => q.target === 'asset' && q.path === 'annualMileage');
  if (!question) throw new Error('annualMileage question missing');
  question.rules = { ...question.rules, lessThanOrEqual: 50_000 };
  return brand;
}

let shipped: TestApp;
let narrowed: TestApp;
beforeAll(async () => {
  shipped = await createTestApp();
  narrowed = await createTestApp({ brand: narrowedBrand() });
});
afterAll(async () => {
  await shipped.close();
  await narrowed.close();
});

async function fresh(t: TestApp) {
  const v = await visitor(t.app);
  const code = (await v.call('POST', '/api/proposals', { schemeCode: SCHEME })).json().proposalCode as string;
  const patch = (body: object) => v.call('PATCH', `/api/proposals/${code}`, body);
  return { v, code, patch };
}
const mileage = (value: number) => ({
  changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage', value } }],
});

describe('the server enforces the brand’s configured rules (ADR 136)', () => {
  it('refuses an answer a brand’s narrowed rule forbids, as the browser does; the shipped brand takes it', async () => {
    const tight = await fresh(narrowed);
    const refused = await tight.patch(mileage(60_000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors['asset.annualMileage']).toEqual(['validation.lessThanOrEqual']);
    expect((await tight.patch(mileage(50_000))).statusCode).toBe(200);

    const loose = await fresh(shipped);
    expect((await loose.patch(mileage(60_000))).statusCode).toBe(200);
    // The domain's own limit holds for every brand.
    expect((await loose.patch(mileage(1_000_000))).json().fieldErrors['asset.annualMileage']).toBeDefined();
  });
});

describe('bounded proposal storage (issue 9 item 8)', () => {
  it('accepts only paths of the product’s question set', async () => {
    const { v, code, patch } = await fresh(shipped);
    const res = await patch({
      changes: [
        { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: 'Sam' } },
        { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'junk', value: 'x' } },
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'startDate.extra', value: 1 } },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          update: { path: 'drivingLicence', value: { licenceType: 'UKFull', junk: 'x' } },
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'changes.1.update.path': ['validation.unknownQuestion'],
      'changes.3.update.path': ['validation.unknownQuestion'],
    });
    const after = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(after.data.profiles).toEqual([]);
  });

  it('refuses huge, long or deep values with 400, so five 1 MB updates store nothing', async () => {
    const { v, code, patch } = await fresh(shipped);
    const megabyte = 'x'.repeat(1_000_000);
    for (let i = 0; i < 5; i++) {
      const res = await patch({
        changes: [
          { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: megabyte } },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors['changes.0.update.value']).toEqual(['validation.tooLong']);
    }
    const many = Array.from({ length: 51 }, () => ({ code: 'SP30', convictionDate: '2025-01-01' }));
    const list = await patch({
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          update: { path: 'drivingLicence.convictions', value: many },
        },
      ],
    });
    expect(list.json().fieldErrors['changes.0.update.value']).toEqual(['validation.tooMany']);
    const deep = await patch({
      changes: [
        {
          changeType: 'ASSET_DISCLOSURE_CHANGE',
          update: { path: 'specification', value: { a: { b: { c: { d: { e: 1 } } } } } },
        },
      ],
    });
    expect(deep.json().fieldErrors['changes.0.update.value']).toEqual(['validation.tooDeep']);
    const stored = (await shipped.database.query(
      'SELECT length(data::text) AS size FROM proposals WHERE proposal_code = $1',
      [code],
    )) as { rows: { size: number }[] };
    expect(Number(stored.rows[0]?.size)).toBeLessThan(1000);
    expect((await v.call('GET', `/api/proposals/${code}`)).statusCode).toBe(200);
  });
});

describe('start-up check: configuration may only narrow the domain', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'brands-'));
    cpSync(path.join(defaultBrandsDir, 'forecourt'), path.join(dir, 'forecourt'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // biome-ignore lint/suspicious/noExplicitAny: a brand file edited in place
  const edit = (file: string, change: (json: Record<string, any>) => void) => {
    const at = path.join(dir, 'forecourt', file);
    const original = readFileSync(at, 'utf8');
    const json = JSON.parse(original);
    change(json);
    writeFileSync(at, JSON.stringify(json));
    return () => writeFileSync(at, original);
  };

  it('loads the shipped brand and a narrowing one', () => {
    expect(loadBrand('forecourt', dir).id).toBe('forecourt');
    const restore = edit('product.json', (j) => {
      j.productConfig.optionSets.homeOwnership = ['Own', 'Rent'];
    });
    expect(loadBrand('forecourt', dir).productConfig.optionSets.homeOwnership).toEqual(['Own', 'Rent']);
    restore();
  });

  it('refuses an option outside the domain enumeration, naming the file and field', () => {
    const restore = edit('product.json', (j) => {
      j.productConfig.optionSets.homeOwnership = ['Own', 'Houseboat'];
    });
    expect(() => loadBrand('forecourt', dir)).toThrow(BrandConfigError);
    expect(() => loadBrand('forecourt', dir)).toThrow(
      /product\.json: productConfig\.optionSets\.homeOwnership\.1/,
    );
    restore();
  });

  it('refuses a brand input rule beyond the domain limit, naming brand.json', () => {
    const restore = edit('brand.json', (j) => {
      j.inputs.yearMonth.rules.minYear = 1900;
    });
    expect(() => loadBrand('forecourt', dir)).toThrow(/brand\.json: inputs\.yearMonth\.rules\.minYear/);
    restore();
  });
});
