import { addDaysIso, addYearsIso } from '@forecourt/domain/dates';
import { RISK_LIMITS } from '@forecourt/domain/risk/values';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from './claims-helpers.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';
import { completeData, SCHEME, today, visitor } from './proposals-helpers.ts';

// Issue 31 part 2 (ADR 363): the partner's price is the web journey's price, on generated risks. Both through
// HTTP: the partner's one call, and the web's create then rating PATCH, with the same answers.

let t: ListeningApp;
let key: string;
beforeAll(async () => {
  t = await listeningApp({ env: { RATE_LIMIT_PARTNER_QUOTES: '100000' } });
  const admin = await staff(t, 'property.partner@example.com', ['partner:admin']);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/partner-keys',
    headers: { authorization: `Bearer ${admin}` },
    payload: { partner: 'Property Compare' },
  });
  key = res.json().key;
});
afterAll(async () => t.close());

const REGISTRATIONS = ['FE17TTA', 'AB12CDE'];
const POSTCODES = ['LS1 5HD', 'M1 1AE', 'SW1A 1AA', 'B1 1AA', 'CF10 1AA', 'EH1 1YZ'];
const OVERNIGHT = ['Driveway', 'GarageLockedNearHome', 'PublicRoadNearHome', 'CarParkOpen', 'Other'];

/** A risk: the sample's answers with the rating's inputs generated. */
const risk = fc
  .record({
    age: fc.integer({ min: 17, max: 90 }),
    licenceYears: fc.integer({ min: 0, max: 60 }),
    ncd: fc.integer({ min: 0, max: 9 }),
    mileage: fc.integer({ min: 1, max: 60 }).map((k) => k * 1000),
    excess: fc.constantFrom(0, 100, 200, 300),
    postcode: fc.constantFrom(...POSTCODES),
    overnight: fc.constantFrom(...OVERNIGHT),
    vrn: fc.constantFrom(...REGISTRATIONS),
    startIn: fc.integer({ min: 0, max: 25 }),
    ncbProtection: fc.boolean(),
    legalExpenses: fc.boolean(),
    bankrupt: fc.boolean(),
    tracker: fc.boolean(),
    /** One risk in ten is sent as generated, answers that break a rule included (both must refuse it). */
    asGenerated: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  })
  .map((r) => {
    const data = completeData();
    const holder = data.profiles[0]!.data;
    holder.dateOfBirth = addYearsIso(addDaysIso(today(), -40), -r.age);
    const licenceYears = Math.min(r.licenceYears, r.age - 17);
    holder.drivingLicence.validFrom = addYearsIso(addDaysIso(today(), -10), -licenceYears);
    holder.address!.postalCode = r.postcode;
    holder.bankrupt = r.bankrupt;
    data.asset.annualMileage = r.mileage;
    const ncd = r.asGenerated ? r.ncd : Math.min(r.ncd, licenceYears);
    data.asset.noClaimsDiscount = ncd;
    data.asset.overnightLocation = r.overnight;
    data.asset.trackerFitted = r.tracker;
    // Only the registration: the car's facts are the lookup's.
    data.asset.vrn = r.vrn;
    delete (data.asset as { specification?: unknown }).specification;
    data.quote.startDate = addDaysIso(today(), r.startIn);
    data.quote.voluntaryExcess = r.excess as 0;
    const protection = r.ncbProtection && (r.asGenerated || ncd >= RISK_LIMITS.ncbProtectionMinNcd);
    data.quote.optionalCovers = { ncb_protection: protection, legal_expenses: r.legalExpenses };
    return data;
  });

const STATUS = { QUOTE: 'quoted', REFERRAL: 'referred', INSUFFICIENT_ACCURACY: 'declined' } as const;

describe('the partner price is the web journey’s price', () => {
  it('for every generated risk: the same status, annual and monthly price and excess, or both refused', async () => {
    const v = await visitor(t.app);
    let priced = 0;
    const refused = new Set<string>();
    await fc.assert(
      fc.asyncProperty(risk, async (data) => {
        const partner = await t.app.inject({
          method: 'POST',
          url: '/api/partners/quotes',
          headers: { 'x-api-key': key },
          payload: { schemeCode: SCHEME, data },
        });
        const created = await v.call('POST', '/api/proposals', { schemeCode: SCHEME, data });
        const web =
          created.statusCode === 201
            ? await v.call('PATCH', `/api/proposals/${created.json().proposalCode}`, {
                changes: [],
                applyRating: true,
              })
            : created;
        if (web.statusCode === 400) {
          expect(partner.statusCode, partner.body).toBe(400);
          for (const field of Object.keys(web.json().fieldErrors ?? {})) refused.add(field);
          return;
        }
        expect(web.statusCode, web.body).toBe(200);
        expect(partner.statusCode, partner.body).toBe(201);
        const w = web.json();
        const p = partner.json();
        expect(p.status).toBe(STATUS[w.status as keyof typeof STATUS]);
        expect(p.annualPrice).toBe(w.quote.totals?.discountedPrice ?? null);
        expect(p.monthlyPrice).toBe(w.quote.totals?.monthly?.regular ?? null);
        const excesses = (w.quote.excessLines as { kind: string; total: number }[]).map((l) => ({
          kind: l.kind,
          total: l.total,
        }));
        expect(p.excesses).toEqual(excesses);
        expect(p.reasons.map((r: { code: string }) => r.code)).toEqual(
          p.status === 'declined'
            ? ['VEHICLE_NOT_IDENTIFIED']
            : w.quote.referralReasons.map((r: { code: string }) => r.code),
        );
        priced++;
      }),
      { numRuns: 60 },
    );
    // The generator must mostly make ratable risks, or the property says little.
    expect(priced, `refused at ${[...refused].join(', ')}`).toBeGreaterThan(40);
  });
});
