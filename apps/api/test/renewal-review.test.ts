import { addDaysIso, addYearsIso, todayInLondon } from '@forecourt/domain/dates';
import { NCD_STEP_BACK } from '@forecourt/domain/renewal-ncd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { visitor } from './proposals-helpers.ts';
import { type BoundPolicy, boundPolicy, DAY, staffFor } from './renewals-helpers.ts';

/**
 * Issue 14 §1 (ADR 265): staff review renewals waiting in the queue — MANUAL review types and referrals —
 * and release one at its offered price or re-rate it with an adjustment, with a reason; then the customer is
 * invited as the job would. Unreleased reviews lapse at the anniversary. Each policy's anniversary is moved to
 * 20 days from now (so the customers' sessions are still live).
 */
let t: ListeningApp;
const p = {} as Record<'release' | 'rerate' | 'race' | 'unreleased' | 'referred', BoundPolicy>;
const codes = {} as Record<keyof typeof p, string>;
/** A reviewer: staff holding action:renewals besides access:impersonate. */
const REVIEWER = { authorization: 'Bearer reviewer:' };
const STAFF_WITHOUT_RENEWALS = { authorization: 'Bearer staff:' };

beforeAll(async () => {
  t = await listeningApp();
  t.app.tokenVerifiers.unshift(async (token) =>
    token.startsWith('reviewer:')
      ? {
          kind: 'admin',
          userId: 'reviewer-1',
          permissions: ['access:impersonate', 'action:renewals'],
          claims: { email: 'rita.reviewer@forecourt.example' },
          partyId: token.slice(9) || undefined,
        }
      : null,
  );
  const anniversary = new Date(t.clock.now().getTime() + 20 * DAY);
  // The referred policyholder turns 86 ten days before the anniversary (the rules refer 86 and over).
  const born = addYearsIso(addDaysIso(todayInLondon(t.clock.now()), 10), -86);
  for (const k of ['release', 'rerate', 'race', 'unreleased'] as const) p[k] = await boundPolicy(t);
  p.referred = await boundPolicy(t, (d) => {
    const ph = d.profiles[0]!.data;
    ph.dateOfBirth = born;
    ph.drivingLicence.validFrom = addYearsIso(born, 18);
  });
  for (const [k, b] of Object.entries(p)) {
    await t.database.query(
      `UPDATE policies SET incepted_at = $2::timestamptz - interval '1 year', expired_at = $2,
         review_type = $3 WHERE id = $1`,
      [b.policyId, anniversary.toISOString(), k === 'referred' ? 'AUTO' : 'MANUAL'],
    );
    b.expiredAt = anniversary;
  }
  // A fault accident in the year on one policy (ADR 266: its NCD steps back; the others step up).
  await t.database.query(
    `INSERT INTO claims (id, claim_reference, party_id, policy_id, policy_number, status, claim_type, claim_sub_type,
       insured_name, occurred_at, occurred_date, details, source, created_at, updated_at)
     VALUES (gen_random_uuid(), 'CLM-NCD-1', $1, $2, $3, 'settled', 'Accident', 'Fault', 'Test Driver',
       now() - interval '30 days', to_char(now() - interval '30 days', 'YYYY-MM-DD'), '{}'::jsonb, 'online', now(), now())`,
    [p.race.partyId, p.race.policyId, p.race.policyNumber],
  );
  const invited = await runRenewalInvitations(t.app.services);
  for (const [k, b] of Object.entries(p)) {
    const r = invited.find((i) => i.policyId === b.policyId);
    expect(r?.outcome, k).toBe(k === 'referred' ? 'REFERRED' : 'MANUAL_REVIEW');
    codes[k as keyof typeof p] = String(r?.proposalCode);
  }
}, 120_000);
afterAll(async () => t.close());

const detail = (code: string, headers: Record<string, string> = REVIEWER) =>
  t.app.inject({ method: 'GET', url: `/api/admin/renewals/${code}`, headers });
const decide = (code: string, payload: unknown, headers: Record<string, string> = REVIEWER) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/renewals/${code}/decision`,
    headers,
    payload: payload as object,
  });
const renewal = async (b: BoundPolicy) =>
  (await rows(t, 'SELECT * FROM renewals WHERE policy_id = $1', [b.policyId]))[0] as {
    status: string;
    offered_total_pence: number;
    new_business_total_pence: number;
    renewal_total_pence: number;
  };
const reviews = (b: BoundPolicy) =>
  rows(t, 'SELECT * FROM renewal_reviews WHERE policy_id = $1 ORDER BY decided_at', [b.policyId]);
const invitations = (b: BoundPolicy) =>
  rows(
    t,
    "SELECT body, payload FROM outbox WHERE payload->>'type' = 'renewal.invitation' AND payload->>'policyNumber' = $1",
    [b.policyNumber],
  );
const policy = async (b: BoundPolicy) =>
  (await t.app.inject({ method: 'GET', url: `/api/policies/${b.policyId}`, headers: staffFor(b) })).json();

describe('the renewal review queue', () => {
  it('lists the waiting renewals with their policy numbers; one opens with its quote and referral reasons', async () => {
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', headers: REVIEWER });
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = queue.json() as { proposalCode: string; policyNumber: string; status: string }[];
    for (const [k, b] of Object.entries(p))
      expect(listed.find((q) => q.proposalCode === codes[k as keyof typeof p])?.policyNumber).toBe(
        b.policyNumber,
      );
    const referred = await detail(codes.referred);
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json()).toMatchObject({
      status: 'REFERRED',
      open: true,
      policyNumber: p.referred.policyNumber,
      decisions: [],
    });
    expect(referred.json().referralReasons.length).toBeGreaterThan(0);
    expect(referred.json().holderName).not.toBe('');
    // Staff without action:renewals may look but not decide.
    expect((await detail(codes.release, STAFF_WITHOUT_RENEWALS)).statusCode).toBe(200);
  });

  it('customers (even the owner), no token, a tampered token and staff without action:renewals cannot decide', async () => {
    const body = { action: 'RELEASE', reason: 'Claims history checked' };
    const stranger = await visitor(t.app);
    expect((await decide(codes.release, body, p.release.v.headers)).statusCode).toBe(403);
    expect((await decide(codes.release, body, stranger.headers)).statusCode).toBe(403);
    expect((await detail(codes.release, p.release.v.headers)).statusCode).toBe(403);
    expect((await decide(codes.release, body, {})).statusCode).toBe(401);
    const tampered = { authorization: `Bearer ${p.release.v.token.slice(0, -4)}AAAA` };
    expect((await decide(codes.release, body, tampered)).statusCode).toBe(401);
    expect((await decide(codes.release, body, STAFF_WITHOUT_RENEWALS)).statusCode).toBe(403);
    // Staff impersonating the owner hold no more permissions than without.
    expect((await decide(codes.release, body, staffFor(p.release))).statusCode).toBe(403);
    expect((await decide('prp_nosuchrenewal', body)).statusCode).toBe(404);
    expect((await decide(p.release.proposalCode, body)).statusCode).toBe(404); // a plain proposal
    expect((await renewal(p.release)).status).toBe('MANUAL_REVIEW');
    expect(await reviews(p.release)).toEqual([]);
  });

  it('bad input is a 400 naming the field, and decides nothing', async () => {
    const cases: [unknown, string][] = [
      [{ action: 'RELEASE' }, 'reason'],
      [{ action: 'RELEASE', reason: 'ok' }, 'reason'],
      [{ action: 'RELEASE', reason: 'x'.repeat(100_000) }, 'reason'],
      [{ action: 'RELEASE', reason: 'fine\u0000' }, 'reason'],
      [{ action: 'RERATE', reason: 'Loading for claims' }, 'adjustmentPercent'],
      [{ action: 'RERATE', reason: 'Loading for claims', adjustmentPercent: 26 }, 'adjustmentPercent'],
      [{ action: 'RERATE', reason: 'Loading for claims', adjustmentPercent: 'ten' }, 'adjustmentPercent'],
      [{ action: 'RERATE', reason: 'Loading for claims', adjustmentPercent: 2.5 }, 'adjustmentPercent'],
      [{ action: 'APPROVE', reason: 'Fine by me' }, 'action'],
    ];
    for (const [payload, field] of cases) {
      const res = await decide(codes.release, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(
        Object.keys(res.json().fieldErrors ?? {}).join(' '),
        JSON.stringify(payload).slice(0, 80),
      ).toContain(field);
    }
    expect((await renewal(p.release)).status).toBe('MANUAL_REVIEW');
  });
});

describe('the no-claims discount carried into the renewal (ADR 266)', () => {
  it('a claim-free year adds one year; a fault claim steps it back by the scale; the quote is rated with it', async () => {
    const ncdOf = async (code: string) => {
      const [row] = await rows(t, 'SELECT data, quote FROM proposals WHERE proposal_code = $1', [code]);
      const data = row?.data as { asset: { noClaimsDiscount: number } };
      const quote = row?.quote as { trace: { factor: string; input: unknown }[] };
      return {
        ncd: data.asset.noClaimsDiscount,
        rated: quote.trace.find((e) => e.factor === 'noClaimsDiscount')?.input,
      };
    };
    const bought = async (b: BoundPolicy) => {
      const [row] = await rows(t, 'SELECT data FROM proposals WHERE proposal_code = $1', [b.proposalCode]);
      return Number(
        (row?.data as { asset?: { noClaimsDiscount?: number } } | undefined)?.asset?.noClaimsDiscount,
      );
    };
    const was = await bought(p.release);
    expect(await ncdOf(codes.release)).toEqual({ ncd: Math.min(9, was + 1), rated: Math.min(9, was + 1) });
    const [stepped] = [NCD_STEP_BACK[await bought(p.race)]];
    expect(await ncdOf(codes.race)).toEqual({ ncd: stepped, rated: stepped });
    expect(stepped).toBeLessThan(await bought(p.race));
  });
});

describe('deciding', () => {
  it('release at the offered price: audited, the customer is invited as usual, and only once', async () => {
    const before = await renewal(p.release);
    expect((await policy(p.release)).renewalProposal).toBeNull();
    const res = await decide(codes.release, { action: 'RELEASE', reason: 'Claims history checked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'INVITED',
      open: false,
      offeredTotal: before.offered_total_pence,
      decisions: [
        {
          action: 'RELEASE',
          reason: 'Claims history checked',
          statusBefore: 'MANUAL_REVIEW',
          offeredBefore: before.offered_total_pence,
          offeredAfter: before.offered_total_pence,
          staff: 'rita.reviewer@forecourt.example',
        },
      ],
    });
    expect((await policy(p.release)).renewalProposal).toBe(codes.release);
    const [mail, ...more] = await invitations(p.release);
    expect(more).toEqual([]);
    expect((mail?.payload as { offeredTotal?: number } | undefined)?.offeredTotal).toBe(
      before.offered_total_pence,
    );
    expect(mail?.body).toContain(`/car-insurance/renewal/${codes.release}/opt-out`);
    // The customer now sees the renewal quote (their own proposal, QUOTE).
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/proposals/${codes.release}`,
      headers: p.release.v.headers,
    });
    expect(own.json()).toMatchObject({ status: 'QUOTE', renewalCycle: 1 });
    // A second decision finds nothing waiting.
    const again = await decide(codes.release, { action: 'RELEASE', reason: 'Claims history checked' });
    expect(again.statusCode).toBe(409);
    expect(await reviews(p.release)).toHaveLength(1);
    expect(await invitations(p.release)).toHaveLength(1);
  });

  it('twice at once: one decision wins, the other is refused; one invitation', async () => {
    const both = await Promise.all([
      decide(codes.race, { action: 'RELEASE', reason: 'Reviewed by Rita' }),
      decide(codes.race, { action: 'RERATE', reason: 'Reviewed by Sam', adjustmentPercent: 5 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await reviews(p.race)).toHaveLength(1);
    expect(await invitations(p.race)).toHaveLength(1);
  });

  it('re-rate with a discount: re-priced, still no dearer than new business, the reason and prices recorded', async () => {
    const before = await renewal(p.rerate);
    const res = await decide(codes.rerate, {
      action: 'RERATE',
      reason: 'Loyal customer, no claims',
      adjustmentPercent: -10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await renewal(p.rerate);
    expect(after.status).toBe('INVITED');
    expect(after.offered_total_pence).toBeLessThan(before.offered_total_pence);
    expect(after.offered_total_pence).toBeLessThanOrEqual(after.new_business_total_pence);
    const [review] = await reviews(p.rerate);
    expect(review).toMatchObject({
      action: 'RERATE',
      adjustment_percent: -10,
      offered_before_pence: before.offered_total_pence,
      offered_after_pence: after.offered_total_pence,
      staff_subject: 'reviewer-1',
    });
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/proposals/${codes.rerate}`,
        headers: p.rerate.v.headers,
      })
    ).json();
    expect(own.quote.totals.discountedPrice).toBe(after.offered_total_pence);
    expect(own.quote.trace.map((e: { factor: string }) => e.factor)).toContain('staffAdjustment');
    // A loading can never lift a renewal above the new-business price (the cap is applied after it).
    expect(await invitations(p.rerate)).toHaveLength(1);
  });

  it('a referral released: staff accept it, the reasons are kept with the decision, the banner becomes the quote', async () => {
    const res = await decide(codes.referred, {
      action: 'RERATE',
      reason: 'Medical confirmed',
      adjustmentPercent: 25,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await renewal(p.referred);
    expect(row.status).toBe('INVITED');
    expect(row.offered_total_pence).toBeLessThanOrEqual(row.new_business_total_pence);
    const [review] = await reviews(p.referred);
    expect(((review?.referral_reasons ?? []) as unknown[]).length).toBeGreaterThan(0);
    const own = (
      await t.app.inject({
        method: 'GET',
        url: `/api/proposals/${codes.referred}`,
        headers: p.referred.v.headers,
      })
    ).json();
    expect(own).toMatchObject({ status: 'QUOTE' });
    expect(own.quote.referralReasons).toEqual([]);
    expect(await invitations(p.referred)).toHaveLength(1);
  });

  it('at the anniversary: released renewals renew, the unreleased review lapses (ADR 265)', async () => {
    t.clock.advance(p.release.expiredAt.getTime() - t.clock.now().getTime() + 60_000);
    expect((await decide(codes.unreleased, { action: 'RELEASE', reason: 'Too late now' })).statusCode).toBe(
      409,
    );
    const done = await runAnniversaries(t.app.services);
    const outcome = (b: BoundPolicy) => done.find((r) => r.policyId === b.policyId)?.outcome;
    for (const b of [p.release, p.rerate, p.race, p.referred]) expect(outcome(b)).toBe('RENEWED');
    expect(outcome(p.unreleased)).toBe('LAPSED');
    const [successor] = await rows(t, 'SELECT id FROM policies WHERE previous_policy_id = $1', [
      p.rerate.policyId,
    ]);
    const [v] = await rows(t, 'SELECT quote FROM policy_versions WHERE policy_id = $1', [successor?.id]);
    expect((v?.quote as { totals?: { discountedPrice: number } } | undefined)?.totals?.discountedPrice).toBe(
      (await renewal(p.rerate)).offered_total_pence,
    );
  });
});
