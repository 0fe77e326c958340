import { startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { sampleAdditionalDriver } from '@forecourt/domain/risk/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtDaysAgo, customerWithPaidPolicy } from './adjustments-helpers.ts';
import { caller } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof customerWithPaidPolicy>>;
type Change = Record<string, unknown>;
const make = (
  c: Pick<Customer, 'call' | 'policyId'>,
  changes: Change[],
  extra: Record<string, unknown> = {},
) =>
  c.call('POST', '/api/policyAdjustments', {
    adjustmentType: 'MTA',
    policyId: c.policyId,
    changes,
    ...extra,
  });
const commit = (c: Pick<Customer, 'call'>, id: string) =>
  c.call('POST', `/api/policyAdjustments/${id}/commit`);
const DAY = 86_400_000;

describe('mid-term adjustments: each change type', () => {
  let c: Customer;
  beforeAll(async () => {
    c = await customerWithPaidPolicy(t, 'mta.types@example.com');
  });

  it('adding a cover: rated by the same engine, priced pro-rata with the trace; confirmed it makes version 2', async () => {
    const made = await make(c, [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }]);
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json();
    expect(a).toMatchObject({ adjustmentType: 'MTA', confirmed: false });
    const [v] = a.updatedPolicyVersions;
    expect(v.ratingStatus).toBe('QUOTE');
    expect(Array.isArray(v.quote.trace)).toBe(true);
    expect(a.prorataPremium).toBeGreaterThan(0);
    expect(v).not.toHaveProperty('data');

    const done = await commit(c, a.adjustmentId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().confirmed).toBe(true);
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(policy.versions).toHaveLength(2);
    expect(policy.currentPolicyVersion.versionNumber).toBe(2);
    expect(policy.currentPolicyVersion.quote.optionalCovers).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'legal_expenses', active: true })]),
    );
    const [line] = await rows(
      t,
      `SELECT l.type, l.status, l.amount_pence, l.sub_type, s.status AS statement FROM statement_line_items l
         JOIN statements s ON s.id = l.statement_id
        WHERE l.sub_type = 'MTA' AND l.description_value = $1`,
      [a.adjustmentId],
    );
    expect(line).toEqual({
      type: 'invoice',
      // Posted on the draft statement: the next statement of the billing run carries and collects it.
      status: 'POSTED',
      amount_pence: a.prorataPremium,
      sub_type: 'MTA',
      statement: 'draft',
    });
    const events = await rows(
      t,
      "SELECT payload->>'type' AS type FROM outbox WHERE payload->>'policyNumber' = $1",
      [c.policyNumber],
    );
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['mid.policy.changed', 'policy.changed']),
    );
    // Partners are told once, with the premium's change for the rest of the term (ADR 362).
    const announced = await rows(
      t,
      "SELECT payload FROM partner_events WHERE policy_id = $1 AND type = 'policy.changed'",
      [c.policyId],
    );
    expect(announced.map((e) => e.payload)).toEqual([
      expect.objectContaining({ policyNumber: c.policyNumber, premiumChangePence: a.prorataPremium }),
    ]);
    const cert = await c.call('GET', `/api/documents/policy/${c.policyId}/policy-certificate?version=2`);
    expect(cert.statusCode).toBe(200);
    // Confirming again answers the same and makes no third version.
    expect((await commit(c, a.adjustmentId)).json().confirmedAt).toBe(done.json().confirmedAt);
    expect(
      await rows(t, "SELECT id FROM partner_events WHERE policy_id = $1 AND type = 'policy.changed'", [
        c.policyId,
      ]),
    ).toHaveLength(1);
  });

  it('removing the same cover the same day nets to zero', async () => {
    const [added] = await rows(
      t,
      "SELECT prorata_premium_pence AS p FROM policy_adjustments WHERE policy_id = $1 AND adjustment_type = 'MTA' AND confirmed_at IS NOT NULL",
      [c.policyId],
    );
    const removed = (await make(c, [{ changeType: 'REMOVE_COVER', coverCode: 'legal_expenses' }])).json();
    expect(removed.prorataPremium + Number(added?.p)).toBe(0);
  });

  it('a higher voluntary excess costs less; a change of mileage and of address are rated', async () => {
    const excess = (await make(c, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }])).json();
    expect(excess.prorataPremium).toBeLessThanOrEqual(0);
    const mileage = await make(c, [
      {
        changeType: 'ASSET_DISCLOSURE_CHANGE',
        assetCode: 'Vehicle',
        update: { path: 'annualMileage', value: 20000 },
      },
    ]);
    expect(mileage.statusCode, mileage.body).toBe(201);
    const option = await make(c, [
      { changeType: 'REQUEST_COVER_OPTION', coverCode: 'ncb_protection', selected: false },
    ]);
    expect(option.statusCode, option.body).toBe(201);
    // The excess is chosen by SELECT_VOLUNTARY_EXCESS: as on a proposal, no question writes it by path (ADR 347).
    const quoteAnswer = await make(c, [
      { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: { path: 'voluntaryExcess', value: 100 } },
    ]);
    expect(quoteAnswer.statusCode, quoteAnswer.body).toBe(400);
    expect(quoteAnswer.json().fieldErrors).toEqual({
      'changes.0.update.path': ['validation.unknownQuestion'],
    });
  });

  it('adding a driver, changing their answers and removing them', async () => {
    const driver = sampleAdditionalDriver(todayInLondon(new Date()), 'p1');
    const added = await make(c, [
      { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'p1', data: driver.data },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().updatedPolicyVersions[0].quote.insuredProfiles).toHaveLength(2);
    expect((await commit(c, added.json().adjustmentId)).statusCode).toBe(200);
    const occupation = await make(c, [
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        update: { path: 'firstName', value: 'Jo' },
      },
    ]);
    expect(occupation.statusCode, occupation.body).toBe(201);
    const removed = await make(c, [{ changeType: 'REMOVE_PROFILE', profileCode: 'p1' }]);
    expect(removed.statusCode, removed.body).toBe(201);
    expect(removed.json().updatedPolicyVersions[0].quote.insuredProfiles).toHaveLength(1);
  });

  it('a new driver is disclosed with their claims, in one adjustment', async () => {
    const claim = {
      type: 'Theft-Vehicle',
      date: `${new Date().getFullYear() - 1}-01-10`,
      ncdAffected: false,
    };
    const made = await make(c, [
      { changeType: 'ADDITIONAL_PROFILE_CREATE_CHANGE', profileCode: 'p2' },
      ...Object.entries(sampleAdditionalDriver(todayInLondon(new Date()), 'p2').data).map(
        ([path, value]) => ({
          changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'p2',
          update: { path, value: path === 'vehicleClaimsHistory' ? [claim] : value },
        }),
      ),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().updatedPolicyVersions[0].quote.insuredProfiles).toHaveLength(3);
    // An existing driver's disclosed claims stay read-only for a customer.
    const later = await make(c, [
      {
        changeType: 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE',
        profileCode: 'p1',
        update: { path: 'vehicleClaimsHistory', value: [claim] },
      },
    ]);
    expect(later.statusCode).toBe(400);
  });

  it('a change that leaves the answers unratable is a 400 with field errors; nothing to change is a 400', async () => {
    const bad = await make(c, [
      { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage', value: -5 } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors ?? {}).join()).toContain('annualMileage');
    expect((await make(c, [])).statusCode).toBe(400);
  });

  it('a start date change inside an MTA is refused clearly; an SDA needs its one START_DATE_CHANGE (ADR 261)', async () => {
    const inMta = await make(c, [
      { changeType: 'START_DATE_CHANGE', update: { path: 'quote.startDate', value: '2030-01-01' } },
    ]);
    expect(inMta.statusCode).toBe(422);
    expect(inMta.json().message).toBe('A start date is changed by an adjustment of type SDA (ADR 261).');
    const empty = await make(c, [], { adjustmentType: 'SDA' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ changes: ['validation.oneStartDateChange'] });
  });
});

describe('read-only answers and who may change them', () => {
  it('customers cannot change name, date of birth, NCD or claims; staff can, claims only with action:mta-claims', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.readonly@example.com');
    for (const change of [
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: 'Samuel' } },
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'dateOfBirth', value: '1980-01-01' } },
      { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'noClaimsDiscount', value: 9 } },
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'vehicleClaimsHistory', value: [] } },
    ]) {
      const res = await make(c, [change]);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ 'changes.0.update.path': ['validation.readOnlyOnPolicy'] });
    }
    const staff = { ...caller(t, `staff:${c.partyId}`), policyId: c.policyId };
    const renamed = await make(staff, [
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'firstName', value: 'Samuel' } },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(201);
    const claims = await make(staff, [
      { changeType: 'PROFILE_DISCLOSURE_CHANGE', update: { path: 'vehicleClaimsHistory', value: [] } },
    ]);
    expect(claims.statusCode).toBe(400);
    // Another customer cannot see or change the policy; no token is a 401.
    const stranger = await customerWithPaidPolicy(t, 'mta.stranger@example.com');
    expect(
      (
        await make({ ...stranger, policyId: c.policyId }, [
          { changeType: 'ADD_COVER', coverCode: 'legal_expenses' },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await make({ ...caller(t, undefined), policyId: c.policyId }, [])).statusCode).toBe(401);
  });
});

describe('staff choose the effective date (spec 3 §5)', () => {
  it('backdate to inception; refuse before inception, 30 days ahead and after expiry, naming the dates', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.staff@example.com');
    await boughtDaysAgo(t, c.policyId, 20);
    const staff = { ...caller(t, `staff:${c.partyId}`), policyId: c.policyId };
    const cover = [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }];
    const policy = (await staff.call('GET', `/api/policies/${c.policyId}`)).json();
    const inception = policy.policyDetail.inceptedAt as string;

    const back = await make(staff, cover, { effectiveAt: inception });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().effectiveAt).toBe(inception);
    expect((await commit(staff, back.json().adjustmentId)).statusCode).toBe(200);
    const read = (await staff.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(read.versions.map((v: { startedAt: string }) => v.startedAt)).toEqual([inception, inception]);

    const before = await make(staff, cover, {
      effectiveAt: new Date(new Date(inception).getTime() - 2 * DAY).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().fieldErrors).toEqual({ effectiveAt: ['validation.beforeInception'] });
    expect(before.json().message).toContain(`inception date, ${todayInLondon(new Date(inception))}`);
    const far = await make(staff, cover, { effectiveAt: new Date(Date.now() + 31 * DAY).toISOString() });
    expect(far.json().fieldErrors).toEqual({ effectiveAt: ['validation.tooFarAhead'] });

    const ending = await customerWithPaidPolicy(t, 'mta.staff.ending@example.com');
    await boughtDaysAgo(t, ending.policyId, 355);
    const late = await make({ ...caller(t, `staff:${ending.partyId}`), policyId: ending.policyId }, cover, {
      effectiveAt: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors).toEqual({ effectiveAt: ['validation.afterExpiry'] });
    expect(late.json().message).toMatch(/before the policy ends on \d{4}-\d{2}-\d{2}, its next renewal/);
  });

  it('an adjustment made on a version since replaced, or older than 30 minutes, is gone', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.gone@example.com');
    const first = (await make(c, [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }])).json();
    const second = (await make(c, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }])).json();
    expect((await commit(c, first.adjustmentId)).statusCode).toBe(200);
    expect((await commit(c, second.adjustmentId)).statusCode).toBe(410);
    const third = (await make(c, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 200 }])).json();
    await t.database.query(
      "UPDATE policy_adjustments SET expires_at = now() - interval '1 second' WHERE id = $1",
      [third.adjustmentId],
    );
    expect((await commit(c, third.adjustmentId)).statusCode).toBe(410);
  });
});

describe('twice at once', () => {
  it('two different changes confirmed at once: one applies, the other is gone; one new version', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.race@example.com');
    const a = (await make(c, [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }])).json();
    const b = (await make(c, [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 100 }])).json();
    const both = await Promise.all([commit(c, a.adjustmentId), commit(c, b.adjustmentId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect((await c.call('GET', `/api/policies/${c.policyId}`)).json().versions).toHaveLength(2);
  });
});

describe('the renewal window (spec 3 §4 Renewal)', () => {
  it('customers cannot change the policy themselves in the window (409, the change-blocked reason); staff can', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.window@example.com');
    await boughtDaysAgo(t, c.policyId, 345);
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(policy.inRenewalWindow).toBe(true);
    const cover = [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }];
    const refused = await make(c, cover);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
    expect(refused.json().details).toEqual({ reason: 'CHANGE_BLOCKED_RENEWAL_WINDOW' });
    expect(refused.json().message).toMatch(/being renewed: please contact us/);
    // A cancellation is not a change: the window does not block it.
    const options = await c.call('GET', `/api/policies/${c.policyId}/cancellation`);
    expect(options.json().allowed).toBe(true);
    const staff = { ...caller(t, `staff:${c.partyId}`), policyId: c.policyId };
    expect((await make(staff, cover)).statusCode).toBe(201);
    // Outside the window the same customer change is made.
    const fresh = await customerWithPaidPolicy(t, 'mta.window.out@example.com');
    expect((await make(fresh, cover)).statusCode).toBe(201);
  });
});

describe('a referred change (spec 3 §4 step 3, §5 "Referred adjustment")', () => {
  const modified = [
    { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'modifications', value: true } },
  ];
  const commitWith = (c: Pick<Customer, 'call'>, id: string, body: unknown, key?: string) =>
    c.call('POST', `/api/policyAdjustments/${id}/commit`, body, key ? { 'idempotency-key': key } : {});

  it('is refused without the agreement; with it the policy is cancelled at once, once, and a retry answers the same', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.referred@example.com');
    const made = await make(c, modified);
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json();
    expect(a.updatedPolicyVersions[0].ratingStatus).toBe('REFERRAL');
    for (const body of [undefined, {}, { acceptCancellation: false }]) {
      const res = await commitWith(c, a.adjustmentId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe('We cannot make this change online: please call us.');
    }
    for (const body of [{ acceptCancellation: 'yes' }, { acceptCancellation: true, extra: 1 }]) {
      expect((await commitWith(c, a.adjustmentId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const [first, second] = await Promise.all([
      commitWith(c, a.adjustmentId, { acceptCancellation: true }, 'referred-1'),
      commitWith(c, a.adjustmentId, { acceptCancellation: true }),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const cancellation = first?.json();
    expect(cancellation.adjustmentType).toBe('CANCELLATION');
    expect(cancellation.confirmed).toBe(true);
    expect(cancellation.cancellation).toMatchObject({ type: 'CoolingOff', immediate: true });
    expect(cancellation.cancellation.refundPence).toBeGreaterThan(0);
    expect(second?.json().adjustmentId).toBe(cancellation.adjustmentId);
    // Retried with the same key, and later without: the same cancellation, nothing more.
    const again = await commitWith(c, a.adjustmentId, { acceptCancellation: true }, 'referred-1');
    expect(again.json().adjustmentId).toBe(cancellation.adjustmentId);
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(policy.policyDetail.policyStatus).toBe('CANCELLED');
    expect(policy.versions).toHaveLength(1);
    const cancellations = await rows(
      t,
      "SELECT id FROM policy_adjustments WHERE policy_id = $1 AND adjustment_type = 'CANCELLATION'",
      [c.policyId],
    );
    expect(cancellations).toHaveLength(1);
    // The change itself stays unconfirmed; another customer cannot commit it.
    expect((await c.call('GET', `/api/policyAdjustments/${a.adjustmentId}`)).json().confirmed).toBe(false);
    const stranger = await customerWithPaidPolicy(t, 'mta.referred.stranger@example.com');
    expect((await commitWith(stranger, a.adjustmentId, { acceptCancellation: true })).statusCode).toBe(404);
  });
});

describe('the policy with its answers', () => {
  it("GET /api/policies/{id} carries the latest version's answers, after a change too", async () => {
    const c = await customerWithPaidPolicy(t, 'mta.answers@example.com');
    const before = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(before.answers.asset.annualMileage).toBe(8000);
    const a = (
      await make(c, [
        { changeType: 'ASSET_DISCLOSURE_CHANGE', update: { path: 'annualMileage', value: 9000 } },
      ])
    ).json();
    expect((await commit(c, a.adjustmentId)).statusCode).toBe(200);
    const after = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(after.answers.asset.annualMileage).toBe(9000);
    // The list does not carry them.
    const list = (await c.call('GET', '/api/policies')).json();
    expect(list[0]).not.toHaveProperty('answers');
  });
});

describe('OpenAPI', () => {
  it('lists the adjustment calls of spec 3 §7 and the cancellation options', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/policyAdjustments']).toHaveProperty('post');
    expect(doc.paths['/api/policyAdjustments/{id}']).toHaveProperty('get');
    expect(doc.paths['/api/policyAdjustments/{id}/commit']).toHaveProperty('post');
    expect(doc.paths['/api/policies/{id}/cancellation']).toHaveProperty('get');
  });
});

describe('the change in plain words and a future date (issue 28 defect 11, ADR 356)', () => {
  const car = (vrn: string) => [
    { changeType: 'ASSET_DISCLOSURE_CHANGE', assetCode: 'Vehicle', update: { path: 'vrn', value: vrn } },
    {
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: 'Vehicle',
      update: { path: 'regLookup', value: true },
    },
    {
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: 'Vehicle',
      update: { path: 'specification', value: {} },
    },
  ];

  it('answers old and new car, drivers and monthly price, the difference and that it goes with the next payment', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.words@example.com');
    const made = await make(c, car('AB12CDE'));
    expect(made.statusCode, made.body).toBe(201);
    const { summary, prorataPremium } = made.json();
    const policy = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    const oldQuote = policy.currentPolicyVersion.quote;
    expect(summary.before).toMatchObject({
      vrn: oldQuote.vrn,
      per: 'month',
      price: oldQuote.totals.monthly.regular,
    });
    expect(summary.before.drivers[0]).toMatchObject({ policyholder: true, name: 'Sam Taylor' });
    expect(summary.after).toMatchObject({ vrn: 'AB12CDE', per: 'month' });
    expect(summary.after.car).not.toBe('');
    expect(summary.perPayment).toBe(summary.after.price - summary.before.price);
    expect(summary.total).toBe(prorataPremium);
    const [account] = await rows(t, 'SELECT billed_until FROM customer_accounts WHERE policy_id = $1', [
      c.policyId,
    ]);
    expect(summary.payment).toMatchObject({
      kind:
        prorataPremium > 0
          ? 'next-payment'
          : prorataPremium < 0
            ? 'next-payment-credit'
            : 'from-next-payment',
      amount: Math.abs(prorataPremium),
      on: new Date(String(account?.billed_until)).toISOString(),
    });
    // The same words when read again.
    const read = (await c.call('GET', `/api/policyAdjustments/${made.json().adjustmentId}`)).json();
    expect(read.summary).toEqual(summary);
  });

  it('a customer may date a change from today to 30 days ahead, never back', async () => {
    const c = await customerWithPaidPolicy(t, 'mta.future@example.com');
    await boughtDaysAgo(t, c.policyId, 10);
    const nextWeek = new Date(Date.now() + 7 * DAY);
    const midnight = startOfDayLondon(todayInLondon(nextWeek)).toISOString();
    const future = await make(c, car('AB12CDE'), { effectiveAt: midnight });
    expect(future.statusCode, future.body).toBe(201);
    expect(future.json().effectiveAt).toBe(midnight);
    const done = await commit(c, future.json().adjustmentId);
    expect(done.statusCode, done.body).toBe(200);
    const versions = (await c.call('GET', `/api/policies/${c.policyId}`)).json().versions;
    expect(versions.at(-1).startedAt).toBe(midnight);

    const back = await make(c, car('AB12CDE'), { effectiveAt: new Date(Date.now() - 2 * DAY).toISOString() });
    expect(back.statusCode).toBe(400);
    expect(back.json().fieldErrors).toEqual({ effectiveAt: ['validation.inThePast'] });
    const far = await make(c, car('AB12CDE'), { effectiveAt: new Date(Date.now() + 31 * DAY).toISOString() });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors).toEqual({ effectiveAt: ['validation.tooFarAhead'] });
  });

  it("never before the policy's latest change: a change made on its answers cannot carry it back (ADR 398)", async () => {
    const c = await customerWithPaidPolicy(t, 'mta.after-latest@example.com');
    await boughtDaysAgo(t, c.policyId, 10);
    const nextWeek = startOfDayLondon(todayInLondon(new Date(Date.now() + 7 * DAY)));
    const car2 = await make(c, car('AB12CDE'), { effectiveAt: nextWeek.toISOString() });
    expect((await commit(c, car2.json().adjustmentId)).statusCode).toBe(200);
    const cover = [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }];
    // Now, or today: before the new car is the customer's. Refused, naming when the change already made starts.
    for (const extra of [{}, { effectiveAt: new Date().toISOString() }]) {
      const early = await make(c, cover, extra);
      expect(early.statusCode, early.body).toBe(400);
      expect(early.json().fieldErrors).toEqual({ effectiveAt: ['validation.beforeLastChange'] });
      expect(early.json().message).toBe(
        `This policy already has a change from 00:00 on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(nextWeek)}: this change must take effect from then or later.`,
      );
    }
    // Staff may not backdate over it either.
    const staff = { ...caller(t, `staff:${c.partyId}`), policyId: c.policyId };
    const inception = (await staff.call('GET', `/api/policies/${c.policyId}`)).json().policyDetail.inceptedAt;
    const back = await make(staff, cover, { effectiveAt: inception });
    expect(back.json().fieldErrors).toEqual({ effectiveAt: ['validation.beforeLastChange'] });
    // From the new car's day on, the change is priced on the version in force then: the new car.
    const after = await make(c, cover, { effectiveAt: nextWeek.toISOString() });
    expect(after.statusCode, after.body).toBe(201);
    const newCar = (await c.call('GET', `/api/policyAdjustments/${car2.json().adjustmentId}`)).json().summary
      .after;
    expect(after.json().summary.before).toMatchObject({ vrn: 'AB12CDE', price: newCar.price });
    // "Why has my price changed?" compares with the new car's rating, not today's car's.
    expect(after.json().summary.before.trace).toEqual(car2.json().updatedPolicyVersions[0].quote.trace);
    expect((await commit(c, after.json().adjustmentId)).statusCode).toBe(200);
    const shown = (await c.call('GET', `/api/policies/${c.policyId}`)).json();
    expect(shown.versions.map((v: { startedAt: string }) => v.startedAt).slice(-2)).toEqual([
      nextWeek.toISOString(),
      nextWeek.toISOString(),
    ]);
    // The policy as it is now, and the change waiting (ADR 401): the add-ons page starts from the latest version,
    // with legal expenses on and the new car; the version in force is still today's car without it.
    const legal = (q: { optionalCovers: { code: string; active?: boolean }[] }) =>
      q.optionalCovers.find((x) => x.code === 'legal_expenses')?.active;
    expect(shown.currentPolicyVersion.quote.vrn).not.toBe('AB12CDE');
    expect(legal(shown.currentPolicyVersion.quote)).toBeFalsy();
    expect(shown.latestPolicyVersion).toMatchObject({
      versionNumber: shown.versions.at(-1).versionNumber,
      startedAt: nextWeek.toISOString(),
      quote: { vrn: 'AB12CDE' },
    });
    expect(legal(shown.latestPolicyVersion.quote)).toBe(true);
    // The list answers only the version in force; a policy with no change waiting has no latest version beside it.
    expect((await c.call('GET', '/api/policies')).json()[0]).not.toHaveProperty('latestPolicyVersion');
    const other = await customerWithPaidPolicy(t, 'mta.nothing-waiting@example.com');
    expect((await other.call('GET', `/api/policies/${other.policyId}`)).json()).not.toHaveProperty(
      'latestPolicyVersion',
    );
  });
});
