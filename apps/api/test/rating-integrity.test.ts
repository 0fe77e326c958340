import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPaidPolicy } from './adjustments-helpers.ts';
import { caller } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { completeData, ratedProposal, SCHEME, visitor } from './proposals-helpers.ts';

/**
 * Issue 27 points 1 and 2 (ADR 347): the car's catalogue facts are the vehicle lookup's, never the customer's,
 * on a proposal, a mid-term change and a renewal change; staff override them only with action:underwriting,
 * audited; and a change writes only the product's answer paths, by the same rule as a proposal.
 */

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
  // `underwriter:<partyId>`: staff acting for that customer with action:underwriting.
  t.app.tokenVerifiers.push(async (token) => {
    const [kind, partyId] = token.split(':', 2);
    if (kind !== 'underwriter') return null;
    return {
      kind: 'admin',
      userId: 'underwriter-1',
      permissions: ['access:impersonate', 'action:underwriting'],
      claims: { email: 'underwriter@forecourt.example' },
      partyId: partyId || undefined,
    };
  });
});
afterAll(async () => t.close());

const asset = (path: string, value: unknown) => ({
  changeType: 'ASSET_DISCLOSURE_CHANGE',
  assetCode: 'Vehicle',
  update: { path, value },
});
const monthly = (body: { quote?: { totals?: { monthly?: { regular?: number } } } }) =>
  body.quote?.totals?.monthly?.regular;

describe('a proposal: the car comes from the lookup', () => {
  it('refuses an insurance group the customer sets, and the price stays', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const before = monthly(body);
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [asset('specification.insuranceGroup', 1)],
      applyRating: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'asset.specification.insuranceGroup': ['validation.vehicleFromLookup'],
    });
    const now = (await v.call('GET', `/api/proposals/${code}`)).json();
    expect(monthly(now)).toBe(before);
    expect(now.data.asset.specification.insuranceGroup).toBe(14);
  });

  it('refuses catalogue values sent with a new proposal', async () => {
    const v = await visitor(t.app);
    const data = completeData();
    data.asset.specification.insuranceGroup = 1;
    data.asset.specification.value = 100;
    const res = await v.call('POST', '/api/proposals', { schemeCode: SCHEME, data });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'asset.specification.insuranceGroup',
      'asset.specification.value',
    ]);
  });

  it('takes the specification from the registration looked up, whatever was sent', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const looked = await v.call('GET', '/api/lookup/vehicles/vehicles/vrn?vrn=VW19GLF');
    expect(looked.statusCode, looked.body).toBe(200);
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [asset('vrn', 'VW19GLF'), asset('regLookup', true), asset('specification', {})],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.asset.specification).toEqual(looked.json().specification);
  });

  it('keeps a car chosen from the catalogue with a registration typed by hand (not looked up)', async () => {
    const v = await visitor(t.app);
    const { code, body } = await ratedProposal(v);
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [asset('vrn', 'AB12CDF'), asset('regLookup', false)],
      applyRating: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.asset.specification).toEqual(completeData().asset.specification);
    expect(monthly(res.json())).toBe(monthly(body));
  });

  it('refuses a catalogue code the catalogue does not hold', async () => {
    const v = await visitor(t.app);
    const { code } = await ratedProposal(v);
    const res = await v.call('PATCH', `/api/proposals/${code}`, {
      changes: [
        asset('regLookup', false),
        asset('specification', { ...completeData().asset.specification, vehicleCode: 'NO-SUCH-CAR' }),
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'asset.specification.vehicleCode': ['validation.vehicleNotFound'],
    });
  });
});

describe('a mid-term change: the one rule of what a change may write', () => {
  let c: Awaited<ReturnType<typeof customerWithPaidPolicy>>;
  beforeAll(async () => {
    c = await customerWithPaidPolicy(t, 'rating.integrity@example.com');
  });
  const mta = (who: { call: typeof c.call }, changes: unknown[]) =>
    who.call('POST', '/api/policyAdjustments', { adjustmentType: 'MTA', policyId: c.policyId, changes });

  it('refuses a path the product does not ask, as a proposal does (NoClaimsDiscount)', async () => {
    const res = await mta(c, [asset('NoClaimsDiscount', 0)]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'changes.0.update.path': ['validation.unknownQuestion'] });
  });

  it('refuses an insurance group or a catalogue value the customer sets', async () => {
    for (const [path, value] of [
      ['specification.insuranceGroup', 1],
      ['specification.value', 100],
    ] as const) {
      const res = await mta(c, [asset(path, value)]);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [`asset.${path}`]: ['validation.vehicleFromLookup'] });
    }
  });

  it('staff without action:underwriting are refused too', async () => {
    const clerk = caller(t, `clerk:${c.partyId}`);
    const res = await mta(clerk, [asset('specification.insuranceGroup', 1)]);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('an underwriter may override a catalogue value, and the override is audited', async () => {
    const underwriter = caller(t, `underwriter:${c.partyId}`);
    const res = await mta(underwriter, [asset('specification.insuranceGroup', 20)]);
    expect(res.statusCode, res.body).toBe(201);
    const audit = await rows(
      t,
      `SELECT admin_subject, admin_email, customer_party_id, action, target FROM audit_log
        WHERE action = 'OVERRIDE vehicle catalogue'`,
    );
    expect(audit).toEqual([
      {
        admin_subject: 'underwriter-1',
        admin_email: 'underwriter@forecourt.example',
        customer_party_id: c.partyId,
        action: 'OVERRIDE vehicle catalogue',
        target: `policy ${c.policyNumber} asset.specification.insuranceGroup: 14 -> 20`,
      },
    ]);
  });
});
