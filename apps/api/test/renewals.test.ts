import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAnonymousToken } from '../src/lib/auth.ts';
import { runBillingDay } from '../src/modules/billing/index.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { openSettlePage, payOnHostedPage } from './billing-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { visitor } from './proposals-helpers.ts';
import {
  type BoundPolicy,
  boundPolicy,
  londonDayBefore,
  staffFor,
  turnsOnRenewal,
} from './renewals-helpers.ts';

/**
 * Issue 14: a year (two) lived through on the injectable clock. Six policies bought the same minute: one
 * renewing plainly, one bought through the HC3M campaign (new customers of that channel get 3 free months, so
 * the equivalent new-business price is below the renewal rating: capped, ADR 348), one whose driver turns 86
 * (the rules refer), one on MANUAL review, one NEVER
 * reviewed, one opted out before the window and back in during it, and one opted out after its invitation.
 */
let t: ListeningApp;
const p = {} as Record<
  'plain' | 'capped' | 'referred' | 'manual' | 'never' | 'backIn' | 'optedOut',
  BoundPolicy
>;

beforeAll(async () => {
  t = await listeningApp();
  p.plain = await boundPolicy(t, (d) => {
    d.quote.optionalCovers = { legal_expenses: true };
  });
  p.capped = await boundPolicy(t, undefined, 'HC3M');
  p.referred = await boundPolicy(t, turnsOnRenewal(t, 86));
  p.manual = await boundPolicy(t);
  p.never = await boundPolicy(t);
  p.backIn = await boundPolicy(t);
  p.optedOut = await boundPolicy(t);
  await t.database.query("UPDATE policies SET review_type = 'MANUAL' WHERE id = $1", [p.manual.policyId]);
  await t.database.query("UPDATE policies SET review_type = 'NEVER' WHERE id = $1", [p.never.policyId]);
}, 120_000);
afterAll(async () => t.close());

const put = (policyId: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/policies/${policyId}/autoRenewal`,
    headers,
    payload: payload as object,
  });
const policy = async (b: BoundPolicy) =>
  (await t.app.inject({ method: 'GET', url: `/api/policies/${b.policyId}`, headers: staffFor(b) })).json();
interface RenewalRow {
  status: string;
  capped: boolean;
  renewal_total_pence: number;
  new_business_total_pence: number;
  offered_total_pence: number;
  renewal_trace: unknown[];
  new_business_trace: unknown[];
  successor_policy_id: string | null;
}
const renewal = async (b: BoundPolicy, cycle = 1) => {
  const [row] = await rows(t, 'SELECT * FROM renewals WHERE policy_id = $1 AND cycle = $2', [
    b.policyId,
    cycle,
  ]);
  expect(row, `the renewal of ${b.policyNumber}`).toBeDefined();
  return row as unknown as RenewalRow;
};
const mails = async (b: BoundPolicy, type: string) =>
  rows(
    t,
    "SELECT subject, body, payload FROM outbox WHERE payload->>'type' = $1 AND payload->>'policyNumber' = $2",
    [type, b.policyNumber],
  );
const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

describe('PUT /api/policies/{id}/autoRenewal: who may, and what it takes', () => {
  it('the owner opts out with a reason from the list and back in; the policy says so', async () => {
    const owner = p.backIn.v.headers;
    const out = await put(p.backIn.policyId, owner, { enabled: false, reason: 'Price' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().policyDetail).toMatchObject({ autoRenewalEnabled: false, autoRenewalReason: 'Price' });
    const other = await put(p.optedOut.policyId, p.optedOut.v.headers, {
      enabled: false,
      reason: 'Other',
      reasonText: 'Moving abroad',
    });
    expect(other.json().policyDetail.autoRenewalReason).toBe('Other|Moving abroad');
    const back = await put(p.optedOut.policyId, p.optedOut.v.headers, { enabled: true });
    expect(back.json().policyDetail).toMatchObject({ autoRenewalEnabled: true, autoRenewalReason: null });
  });

  it('another customer gets 404, no token 401, a tampered token 401, staff not impersonating 403', async () => {
    const stranger = await visitor(t.app);
    const body = { enabled: false, reason: 'Service' };
    expect((await put(p.plain.policyId, stranger.headers, body)).statusCode).toBe(404);
    expect((await put(p.plain.policyId, {}, body)).statusCode).toBe(401);
    const tampered = { authorization: `Bearer ${p.plain.v.token.slice(0, -4)}AAAA` };
    expect((await put(p.plain.policyId, tampered, body)).statusCode).toBe(401);
    expect((await put(p.plain.policyId, { authorization: 'Bearer staff:' }, body)).statusCode).toBe(403);
    expect((await policy(p.plain)).policyDetail.autoRenewalEnabled).toBe(true);
  });

  it('bad input is a 400 naming the field, and changes nothing', async () => {
    const owner = p.plain.v.headers;
    const cases: [unknown, string][] = [
      [{ enabled: false }, 'reason'],
      [{ enabled: false, reason: 'Other' }, 'reasonText'],
      [{ enabled: false, reason: 'Cheaper' }, 'reason'],
      [{ enabled: 'no' }, 'enabled'],
      [{ enabled: false, reason: 'Other', reasonText: 'x'.repeat(100_000) }, 'reasonText'],
      [{ enabled: false, reason: 'Other', reasonText: 'a\u0000b' }, 'reasonText'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(p.plain.policyId, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}).join(' '), JSON.stringify(payload)).toContain(field);
    }
    expect((await put('not-a-uuid', owner, { enabled: true })).statusCode).toBe(400);
    expect((await policy(p.plain)).policyDetail.autoRenewalEnabled).toBe(true);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/policies/{id}/autoRenewal']?.put).toBeDefined();
  });

  it('twice at once ends in one state; a NEVER-reviewed policy cannot be switched', async () => {
    const owner = p.plain.v.headers;
    const both = await Promise.all([
      put(p.plain.policyId, owner, { enabled: true }),
      put(p.plain.policyId, owner, { enabled: true }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const never = await put(p.never.policyId, p.never.v.headers, { enabled: false, reason: 'Price' });
    expect(never.statusCode).toBe(409);
  });
});

describe('the first anniversary', () => {
  it('nothing is invited 31 days before the anniversary', async () => {
    // A minute before the end of the 31st London day before it (the test clock goes on running).
    moveTo(new Date(londonDayBefore(p.plain.expiredAt, 30).getTime() - 60_000));
    expect(await runRenewalInvitations(t.app.services)).toEqual([]);
    expect((await policy(p.plain)).inRenewalWindow).toBe(false);
  });

  it('30 days before: invitations with both prices, the cap, the referral and the MANUAL queue', async () => {
    // A minute into the 30th London day before it.
    moveTo(new Date(londonDayBefore(p.plain.expiredAt, 30).getTime() + 60_000));
    const results = await runRenewalInvitations(t.app.services);
    const outcome = (b: BoundPolicy) => results.find((r) => r.policyId === b.policyId)?.outcome;
    expect(outcome(p.plain)).toBe('INVITED');
    expect(outcome(p.capped)).toBe('INVITED');
    expect(outcome(p.referred)).toBe('REFERRED');
    expect(outcome(p.manual)).toBe('MANUAL_REVIEW');
    expect(outcome(p.optedOut)).toBe('INVITED');
    expect(outcome(p.never)).toBeUndefined();
    expect(outcome(p.backIn)).toBeUndefined(); // opted out

    // The invitation: last year's price beside this year's, what changed, how to opt out.
    const plain = await policy(p.plain);
    expect(plain.inRenewalWindow).toBe(true);
    const proposal = (
      await t.app.inject({
        method: 'GET',
        url: `/api/proposals/${plain.renewalProposal}`,
        headers: staffFor(p.plain),
      })
    ).json();
    expect(proposal).toMatchObject({
      status: 'QUOTE',
      renewalCycle: 1,
      sourceProposal: p.plain.proposalCode,
    });
    expect(proposal.sourcePolicy.policyId).toBe(p.plain.policyId);
    expect(proposal.data.quote.optionalCovers.legal_expenses).toBe(true);
    const [mail, ...more] = await mails(p.plain, 'renewal.invitation');
    expect(more).toEqual([]);
    const { previousTotal, offeredTotal } = (mail?.payload ?? {}) as {
      previousTotal: number;
      offeredTotal: number;
    };
    const pounds = (pence: number) =>
      `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    expect(mail?.body).toContain(`Last year's price: ${pounds(previousTotal)}`);
    expect(mail?.body).toContain(`This year's price: ${pounds(offeredTotal)}`);
    expect(mail?.body).toMatch(/What changed:\n {2}- /);
    expect(mail?.body).toContain(`/car-insurance/renewal/${plain.renewalProposal}/opt-out`);

    // The cap: new customers of the HC3M channel get 3 free months, so new business is cheaper: offered at it.
    const capped = await renewal(p.capped);
    expect(capped.capped).toBe(true);
    expect(capped.renewal_total_pence).toBeGreaterThan(capped.new_business_total_pence);
    expect(capped.offered_total_pence).toBe(capped.new_business_total_pence);
    expect(capped.renewal_trace.length).toBeGreaterThan(0);
    expect(capped.new_business_trace.length).toBeGreaterThan(0);
    expect((await mails(p.capped, 'renewal.invitation'))[0]?.body).toContain('what a new customer would pay');
    const plainRow = await renewal(p.plain);
    expect(plainRow.offered_total_pence).toBeLessThanOrEqual(plainRow.new_business_total_pence);

    // Referral: the customer is told; MANUAL: staff see it in their queue, the customer nothing yet.
    expect((await policy(p.referred)).renewalProposal).toBeTruthy();
    expect((await mails(p.referred, 'renewal.referral'))[0]?.body).toMatch(/cannot offer to renew/);
    expect((await policy(p.manual)).renewalProposal).toBeNull();
    expect(await mails(p.manual, 'renewal.invitation')).toEqual([]);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/renewals',
      headers: { authorization: 'Bearer staff:' },
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const queued = queue.json().map((q: { policyId: string; status: string }) => [q.policyId, q.status]);
    expect(queued).toContainEqual([p.manual.policyId, 'MANUAL_REVIEW']);
    expect(queued).toContainEqual([p.referred.policyId, 'REFERRED']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/renewals',
          headers: (await visitor(t.app)).headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('exactly one renewal per policy and cycle, however often (and however concurrently) the job runs', async () => {
    const again = await Promise.all([
      runRenewalInvitations(t.app.services),
      runRenewalInvitations(t.app.services),
    ]);
    for (const r of again.flat()) expect(['ALREADY_INVITED', 'NOT_DUE']).toContain(r.outcome);
    const [{ n }] = (await rows(t, 'SELECT count(*)::int AS n FROM proposals WHERE source_policy_id = $1', [
      p.plain.policyId,
    ])) as [{ n: number }];
    expect(n).toBe(1);
    expect(await mails(p.plain, 'renewal.invitation')).toHaveLength(1);
  });

  it('opting back in inside the window makes the renewal there and then; opting out after it is kept', async () => {
    const back = await put(p.backIn.policyId, staffFor(p.backIn), { enabled: true });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().renewalProposal).toBeTruthy();
    expect(await mails(p.backIn, 'renewal.invitation')).toHaveLength(1);
    const out = await put(p.optedOut.policyId, staffFor(p.optedOut), { enabled: false, reason: 'SoldNR' });
    expect(out.json().policyDetail.autoRenewalEnabled).toBe(false);
    expect(out.json().renewalProposal).toBeTruthy(); // the quote stays, to opt back in from the banner
  });

  it('at the anniversary: opted in renew at the new price, the rest lapse; each once', async () => {
    moveTo(new Date(p.plain.expiredAt.getTime() + 5 * 60_000));
    const results = await runAnniversaries(t.app.services);
    const outcome = (b: BoundPolicy) => results.find((r) => r.policyId === b.policyId)?.outcome;
    expect(outcome(p.plain)).toBe('RENEWED');
    expect(outcome(p.capped)).toBe('RENEWED');
    expect(outcome(p.backIn)).toBe('RENEWED');
    for (const b of [p.referred, p.manual, p.never, p.optedOut]) expect(outcome(b)).toBe('LAPSED');
    expect(await runAnniversaries(t.app.services)).toEqual([]);

    const old = await policy(p.plain);
    expect(old.policyDetail.policyStatus).toBe('RENEWED');
    const row = await renewal(p.plain);
    const [successor] = await rows(t, 'SELECT * FROM policies WHERE previous_policy_id = $1', [
      p.plain.policyId,
    ]);
    expect(row.successor_policy_id).toBe(successor?.id);
    expect(successor).toMatchObject({
      status: 'ACTIVE',
      renewal_cycle: 1,
      proposal_code: old.renewalProposal,
    });
    expect(new Date(successor?.incepted_at as string).getTime()).toBe(p.plain.expiredAt.getTime());
    const next = (
      await t.app.inject({ method: 'GET', url: `/api/policies/${successor?.id}`, headers: staffFor(p.plain) })
    ).json();
    expect(next.currentPolicyVersion.quote.totals.discountedPrice).toBe(row.offered_total_pence);
    const proposal = (
      await t.app.inject({
        method: 'GET',
        url: `/api/proposals/${old.renewalProposal}`,
        headers: staffFor(p.plain),
      })
    ).json();
    expect(proposal).toMatchObject({ status: 'POLICY', policyId: successor?.id });
    // MID, e-mail, documents and billing at the new price from the anniversary.
    const [mid] = await rows(
      t,
      "SELECT payload FROM outbox WHERE payload->>'type' = 'mid.policy.renewed' AND payload->>'previousPolicyNumber' = $1",
      [p.plain.policyNumber],
    );
    expect(mid?.payload).toMatchObject({ policyNumber: successor?.policy_number });
    expect(await mails(p.plain, 'renewal.renewed')).toHaveLength(1);
    // Partners are told (ADR 362), in each policy's order: invited, then renewed (naming the new policy) or lapsed.
    const announced = async (b: BoundPolicy) =>
      (
        await rows(t, 'SELECT type, payload FROM partner_events WHERE policy_id = $1 ORDER BY seq', [
          b.policyId,
        ])
      ).map((e) => e.type);
    expect(await announced(p.plain)).toEqual(['policy.bound', 'renewal.invited', 'policy.renewed']);
    const [renewed] = await rows(
      t,
      "SELECT payload FROM partner_events WHERE policy_id = $1 AND type = 'policy.renewed'",
      [p.plain.policyId],
    );
    expect(renewed?.payload).toMatchObject({ renewalPolicyNumber: successor?.policy_number });
    expect((await announced(p.optedOut)).at(-1)).toBe('policy.lapsed');
    expect(await announced(p.referred)).not.toContain('renewal.invited');
    const docs = await rows(
      t,
      'SELECT doc FROM policy_documents d JOIN policy_versions v ON v.id = d.policy_version_id WHERE v.policy_id = $1',
      [successor?.id],
    );
    expect(docs.map((d) => d.doc).sort()).toEqual(['policy-certificate', 'policy-schedule']);
    // The successor's months are the billing run's, from the anniversary: its first month is raised and its
    // collection attempted that day by the saved card, like any month (before, nothing ever collected it).
    const firstMonth = `SELECT s.id, s.subtotal_pence, s.payment_due_at, s.status, s.period_start FROM statements s
        JOIN customer_accounts a ON a.id = s.account_id WHERE a.policy_id = $1`;
    expect(await rows(t, firstMonth, [successor?.id])).toEqual([]);
    await runBillingDay(t.app.services, new Date(p.plain.expiredAt.getTime() + 10 * 60_000));
    const [statement, ...more] = await rows(t, firstMonth, [successor?.id]);
    expect(more).toEqual([]);
    expect(statement?.subtotal_pence).toBe(next.currentPolicyVersion.quote.totals.monthly.first);
    expect(new Date(statement?.payment_due_at as string).getTime()).toBe(p.plain.expiredAt.getTime());
    expect(new Date(statement?.period_start as string).getTime()).toBe(p.plain.expiredAt.getTime());
    // This file's helper saves a card row the sandbox provider does not know, so the charge is declined and
    // the arrears flow takes the statement (a real card is collected: billing-run.test.ts).
    expect(statement?.status).toBe('failed');
    const payments = await rows(
      t,
      "SELECT status FROM customer_payments WHERE purpose = 'statement' AND reference = $1",
      [String(statement?.id)],
    );
    expect(payments).toEqual([{ status: 'FAILED' }]);

    const capped = await rows(
      t,
      'SELECT v.quote FROM policies p JOIN policy_versions v ON v.policy_id = p.id WHERE p.previous_policy_id = $1',
      [p.capped.policyId],
    );
    expect(
      (capped[0]?.quote as { totals: { discountedPrice: number } } | undefined)?.totals.discountedPrice,
    ).toBe((await renewal(p.capped)).new_business_total_pence);
    // Ended: LAPSED at expiry, with an e-mail.
    for (const b of [p.referred, p.manual, p.never, p.optedOut]) {
      expect((await policy(b)).policyDetail.policyStatus).toBe('LAPSED');
      expect(await mails(b, 'renewal.lapsed')).toHaveLength(1);
    }
  });
});

describe('the second anniversary', () => {
  it('the successor is invited (cycle 2, last year = the renewal price) and renews again', async () => {
    const [first] = await rows(t, 'SELECT * FROM policies WHERE previous_policy_id = $1', [p.plain.policyId]);
    const successor: BoundPolicy = {
      ...p.plain,
      policyId: String(first?.id),
      policyNumber: String(first?.policy_number),
      expiredAt: new Date(first?.expired_at as string),
    };
    moveTo(new Date(londonDayBefore(successor.expiredAt, 30).getTime() + 60_000));
    const invited = await runRenewalInvitations(t.app.services);
    expect(invited.find((r) => r.policyId === successor.policyId)?.outcome).toBe('INVITED');
    const [mail] = await mails(successor, 'renewal.invitation');
    expect((mail?.payload as { previousTotal: number } | undefined)?.previousTotal).toBe(
      (await renewal(p.plain)).offered_total_pence,
    );
    const proposal = (
      await rows(t, 'SELECT renewal_cycle FROM proposals WHERE source_policy_id = $1', [successor.policyId])
    )[0];
    expect(proposal?.renewal_cycle).toBe(2);
    // Its first month failed on the helper's card (above) and is still owed: unpaid, it would hold the renewal
    // back (ADR 400). The customer pays it on the hosted page.
    const [account] = await rows(t, 'SELECT id FROM customer_accounts WHERE policy_id = $1', [
      successor.policyId,
    ]);
    const token = (await signAnonymousToken(t.app.services, successor.partyId)).accessToken;
    const page = await openSettlePage(t, token, String(account?.id));
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    await payOnHostedPage(page.body.url);
    await expect.poll(async () => (await policy(successor)).standing.arrears, { timeout: 30_000 }).toBeNull();
    moveTo(new Date(successor.expiredAt.getTime() + 60_000));
    const done = await runAnniversaries(t.app.services);
    expect(done.find((r) => r.policyId === successor.policyId)?.outcome).toBe('RENEWED');
    const [third] = await rows(
      t,
      'SELECT renewal_cycle, status FROM policies WHERE previous_policy_id = $1',
      [successor.policyId],
    );
    expect(third).toMatchObject({ renewal_cycle: 2, status: 'ACTIVE' });
  });
});
