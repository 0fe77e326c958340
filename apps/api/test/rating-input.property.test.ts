import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPaidPolicy } from './adjustments-helpers.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';
import { completeData, ratedProposal, visitor } from './proposals-helpers.ts';

/**
 * Issue 27 point 3 (ADR 347): for every field of the rating input a customer may not set (the car's catalogue
 * facts), any value sent in a proposal change or a mid-term change leaves the price unchanged or is refused.
 * Through HTTP, against the routes the web calls.
 */

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

/** Every field of the catalogue's specification (the sample's car is a catalogue car). */
const FIELDS = Object.keys(completeData().asset.specification);

const anyValue = fc.oneof(
  fc.integer({ min: -1_000_000, max: 10_000_000 }),
  fc.integer({ min: 1, max: 50 }),
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
);

/** One change of a catalogue fact: by its own path, or inside the whole specification object. */
const catalogueChange = fc.oneof(
  fc.record({ field: fc.constantFrom(...FIELDS), value: anyValue }).map(({ field, value }) => ({
    changeType: 'ASSET_DISCLOSURE_CHANGE',
    assetCode: 'Vehicle',
    update: { path: `specification.${field}`, value },
  })),
  fc.record({ field: fc.constantFrom(...FIELDS), value: anyValue }).map(({ field, value }) => ({
    changeType: 'ASSET_DISCLOSURE_CHANGE',
    assetCode: 'Vehicle',
    update: {
      path: 'specification',
      value: { ...completeData().asset.specification, [field]: value ?? undefined },
    },
  })),
);

type Priced = { quote?: { totals?: { monthly?: { regular?: number }; discountedPrice?: number } } };
const price = (b: Priced) => [b.quote?.totals?.monthly?.regular, b.quote?.totals?.discountedPrice];

describe('catalogue facts a customer sends never move the price', () => {
  it('on a proposal: refused, or the price is unchanged', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const before = price(body);
    expect(before[0]).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(catalogueChange, async (change) => {
        const res = await v.call('PATCH', `/api/proposals/${code}`, { changes: [change], applyRating: true });
        if (res.statusCode === 400) return;
        expect(res.statusCode, res.body).toBe(200);
        expect(price(res.json())).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });

  it('on a mid-term change: refused, or the price is unchanged', async () => {
    const c = await customerWithPaidPolicy(t, 'rating.property@example.com');
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    const before = price(policy.currentPolicyVersion);
    await fc.assert(
      fc.asyncProperty(catalogueChange, async (change) => {
        const res = await c.call('POST', '/api/policyAdjustments', {
          adjustmentType: 'MTA',
          policyId: c.policyId,
          changes: [change],
        });
        if (res.statusCode === 400) return;
        expect(res.statusCode, res.body).toBe(201);
        const made = res.json();
        expect(made.prorataPremium).toBe(0);
        expect(price(made.updatedPolicyVersions[0])).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
