import { addDaysIso, addYearsIso, todayInLondon } from '@forecourt/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { visitor } from './proposals-helpers.ts';
import { type BoundPolicy, boundPolicy, DAY, staffFor } from './renewals-helpers.ts';

/**
 * Issue 14 §2, ADR 330: a disclosure section saved on the renewal (PATCH /api/renewals/{code} with disclosure
 * changes): the renewal's answers change, it is re-rated at the anniversary and still capped at new business;
 * the policy's read-only answers stay read-only, the car's catalogue facts too (ADR 347). The policy was bought
 * through the HC3M campaign (its anniversary moved to 20 days from now, so the owner's session is live): a new
 * customer of that channel gets 3 free months, so new business is cheaper and the cap is exercised (ADR 348).
 * The policyholder turns 70 ten days before the anniversary.
 */
let t: ListeningApp;
let p: BoundPolicy;
let code: string;

beforeAll(async () => {
  t = await listeningApp();
  const today = todayInLondon(t.clock.now());
  const dateOfBirth = addYearsIso(addDaysIso(today, 10), -70);
  p = await boundPolicy(
    t,
    (d) => {
      d.profiles[0]!.data.dateOfBirth = dateOfBirth;
      d.profiles[0]!.data.drivingLicence.validFrom = addYearsIso(dateOfBirth, 18);
    },
    'HC3M',
  );
  const anniversary = new Date(t.clock.now().getTime() + 20 * DAY);
  await t.database.query(
    "UPDATE policies SET incepted_at = $2::timestamptz - interval '1 year', expired_at = $2 WHERE id = $1",
    [p.policyId, anniversary.toISOString()],
  );
  const [invited] = await runRenewalInvitations(t.app.services);
  expect(invited?.outcome).toBe('INVITED');
  code = String(invited?.proposalCode);
}, 240_000);
afterAll(async () => t.close());

const patch = (headers: Record<string, string>, payload: unknown, c = code) =>
  t.app.inject({ method: 'PATCH', url: `/api/renewals/${c}`, headers, payload: payload as object });
type Renewal = {
  offered_total_pence: number;
  new_business_total_pence: number;
  renewal_total_pence: number;
  capped: boolean;
  status: string;
};
const renewal = async () =>
  (await rows(t, 'SELECT * FROM renewals WHERE proposal_code = $1', [code]))[0] as Renewal;
const mileage = (miles: number) => ({
  changes: [
    {
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: 'Vehicle',
      update: { path: 'annualMileage', value: miles },
    },
  ],
});
const expectCapped = (r: Renewal, quoteTotal: number) => {
  expect(r.offered_total_pence).toBe(quoteTotal);
  expect(r.offered_total_pence).toBeLessThanOrEqual(r.new_business_total_pence);
};

describe('a disclosure section saved on the renewal', () => {
  it('the owner changes the mileage: re-rated at the anniversary, still capped at new business', async () => {
    const before = await renewal();
    expect(before.capped).toBe(true);
    const res = await patch(p.v.headers, mileage(19_000));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('QUOTE');
    expect(body.data.asset.annualMileage).toBe(19_000);
    const after = await renewal();
    expect(after.new_business_total_pence).toBeGreaterThan(before.new_business_total_pence);
    expect(after.capped).toBe(true);
    expect(after.renewal_total_pence).toBeGreaterThan(after.new_business_total_pence);
    expectCapped(after, body.quote.totals.discountedPrice);
    // The policy itself keeps its answers: the change is next year's (spec 3 §4).
    const policy = await t.app.inject({
      method: 'GET',
      url: `/api/policies/${p.policyId}`,
      headers: p.v.headers,
    });
    expect(policy.json().answers.asset.annualMileage).not.toBe(19_000);
  });

  it('a named driver added, changed and removed; staff impersonating do the same', async () => {
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers: p.v.headers })
    ).json();
    const holder = current.data.profiles[0].data as Record<string, unknown>;
    const driver = { ...holder, firstName: 'Sam', relationshipToInsured: 'SpousePartner' };
    const added = await patch(p.v.headers, {
      changes: [
        { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'p1' },
        ...Object.entries(driver).map(([path, value]) => ({
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p1',
          update: { path, value },
        })),
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.profiles.map((x: { profileCode: string }) => x.profileCode)).toContain('p1');
    expectCapped(await renewal(), added.json().quote.totals.discountedPrice);
    const renamed = await patch(staffFor(p), {
      changes: [
        {
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p1',
          update: { path: 'firstName', value: 'Samuel' },
        },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.profiles[1].data.firstName).toBe('Samuel');
    const removed = await patch(p.v.headers, {
      changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.profiles).toHaveLength(1);
  });

  it('a read-only answer is refused for the customer (name, date of birth) and nothing changes; staff may', async () => {
    const before = await renewal();
    const rename = {
      changes: [{ changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'lastName', value: 'Other' } }],
    };
    const res = await patch(p.v.headers, rename);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'changes.0.update.path': ['validation.readOnlyOnPolicy'] });
    const dob = await patch(p.v.headers, {
      changes: [
        { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'dateOfBirth', value: '1990-01-01' } },
      ],
    });
    expect(dob.statusCode).toBe(400);
    expect(await renewal()).toEqual(before);
    const staff = await patch(staffFor(p), rename);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data.profiles[0].data.lastName).toBe('Other');
  });

  it("the car's insurance group or value is refused, as on a proposal; a path the product does not ask too", async () => {
    const before = await renewal();
    for (const [path, value] of [
      ['specification.insuranceGroup', 1],
      ['specification.value', 100],
    ] as const) {
      const res = await patch(p.v.headers, {
        changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: 'Vehicle', update: { path, value } }],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [`asset.${path}`]: ['validation.vehicleFromLookup'] });
    }
    const unknown = await patch(p.v.headers, {
      changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'NoClaimsDiscount', value: 9 } }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'changes.0.update.path': ['validation.unknownQuestion'] });
    expect((await renewal()).offered_total_pence).toBe(before.offered_total_pence);
  });

  it('another customer 404, no token 401, tampered 401, staff not impersonating 403; bad input 400', async () => {
    const change = mileage(12_000);
    expect((await patch((await visitor(t.app)).headers, change)).statusCode).toBe(404);
    expect((await patch({}, change)).statusCode).toBe(401);
    expect((await patch({ authorization: `Bearer ${p.v.token.slice(0, -4)}AAAA` }, change)).statusCode).toBe(
      401,
    );
    expect((await patch({ authorization: 'Bearer staff:' }, change)).statusCode).toBe(403);
    const before = await renewal();
    for (const payload of [
      mileage(-5),
      mileage(1e12),
      { changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage' } }] },
      { changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'notAQuestion', value: 1 } }] },
      { changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'x\u0000', value: 1 } }] },
      {
        changes: [
          { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'startDate', value: '2030-01-01' } },
        ],
      },
      { changes: [{ changeType: 'REMOVE_PROFILE', profileCode: 'policyholder' }] },
    ])
      expect((await patch(p.v.headers, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect(await renewal()).toEqual(before);
  });

  it('twice at once: both saved one after the other; the renewal row agrees with the quote', async () => {
    const [a, b] = await Promise.all([
      patch(p.v.headers, mileage(9_000)),
      patch(p.v.headers, mileage(11_000)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const proposal = (
      await t.app.inject({ method: 'GET', url: `/api/proposals/${code}`, headers: p.v.headers })
    ).json();
    expect([9_000, 11_000]).toContain(proposal.data.asset.annualMileage);
    expectCapped(await renewal(), proposal.quote.totals.discountedPrice);
  });

  it('a change the rules refer shows as a referral; then the renewal is for support (409)', async () => {
    const res = await patch(p.v.headers, {
      changes: [{ changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'modifications', value: true } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('REFERRAL');
    expect((await renewal()).status).toBe('REFERRED');
    expect((await patch(p.v.headers, mileage(8_000))).statusCode).toBe(409);
  });
});

describe('what is not an open renewal', () => {
  it('a plain quote is not a renewal (404); a renewal past its anniversary is refused (409)', async () => {
    expect((await patch(p.v.headers, mileage(8_000), p.proposalCode)).statusCode).toBe(404);
    const other = await boundPolicy(t);
    await t.database.query(
      "UPDATE policies SET incepted_at = $2::timestamptz - interval '1 year', expired_at = $2 WHERE id = $1",
      [other.policyId, new Date(t.clock.now().getTime() + 10 * DAY).toISOString()],
    );
    const [invited] = await runRenewalInvitations(t.app.services);
    const renewalCode = String(invited?.proposalCode);
    expect(invited?.outcome).toBe('INVITED');
    await t.database.query('UPDATE policies SET expired_at = $2 WHERE id = $1', [
      other.policyId,
      new Date(t.clock.now().getTime() - DAY).toISOString(),
    ]);
    expect((await patch(other.v.headers, mileage(8_000), renewalCode)).statusCode).toBe(409);
  }, 60_000);
});
