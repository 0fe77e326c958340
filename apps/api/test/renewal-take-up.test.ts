import { takeUpUntil } from '@forecourt/domain/renewal-take-up';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireQuotes } from '../src/modules/proposals/index.ts';
import { runAnniversaries, runRenewalInvitations } from '../src/modules/renewals/index.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';
import { visitor } from './proposals-helpers.ts';
import { type BoundPolicy, boundPolicy, DAY, staffFor } from './renewals-helpers.ts';

/**
 * The customer's anonymous tokens expire as the clock moves a year on: the owner acts here through staff
 * impersonating them (`staff:<party>`), the same party-scoped path.
 *
 * Issue 14 §4 (ADR 335, 336): a renewal the customer opted out of lapses at the anniversary, and its quote can
 * be taken up from the home banner (opt back in) for 30 days — once, cover from that moment, what is due today
 * charged to the saved card first. And the claims of the year go into the renewal's disclosed claims history.
 */
let t: ListeningApp;
let ownerOffer = -1;
const p = {} as Record<'owner' | 'twice' | 'expires' | 'declined' | 'claimed' | 'clean', BoundPolicy>;

const moveTo = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());
const put = (policyId: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/policies/${policyId}/autoRenewal`,
    headers,
    payload: payload as object,
  });
const get = (b: BoundPolicy, url: string) => t.app.inject({ method: 'GET', url, headers: staffFor(b) });
const renewalOf = async (b: BoundPolicy) =>
  (await rows(t, 'SELECT * FROM renewals WHERE policy_id = $1', [b.policyId]))[0] as Record<string, unknown>;
const successors = (b: BoundPolicy) =>
  rows(t, 'SELECT * FROM policies WHERE previous_policy_id = $1', [b.policyId]);
/** The sandbox's saved card that succeeds (the helpers' card is not a sandbox card: it declines). */
const goodCard = (b: BoundPolicy) =>
  t.database.query(
    "UPDATE payment_methods SET provider_reference = 'pm_test_4242_' || party_id WHERE party_id = $1",
    [b.partyId],
  );

beforeAll(async () => {
  t = await listeningApp();
  for (const k of ['owner', 'twice', 'expires', 'declined', 'claimed', 'clean'] as const)
    p[k] = await boundPolicy(t);
  for (const k of ['owner', 'twice', 'expires', 'clean'] as const) await goodCard(p[k]);
  // A fault accident during the year, notified by the customer.
  moveTo(new Date(p.claimed.expiredAt.getTime() - 60 * DAY));
  const claim = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: staffFor(p.claimed),
    payload: {
      policyId: p.claimed.policyId,
      claimType: 'Accident',
      claimSubType: 'Fault',
      occurredAt: new Date(t.clock.now().getTime() - 3 * 3600_000).toISOString(),
      location: 'Kirkstall Road, Leeds',
      description: 'I ran into the back of a van at the lights.',
      witnesses: [],
      injuries: false,
    },
  });
  expect(claim.statusCode, claim.body).toBe(201);
  // Invited 25 days before; four opt out after their invitation; the anniversary lapses them.
  moveTo(new Date(p.owner.expiredAt.getTime() - 25 * DAY));
  await runRenewalInvitations(t.app.services);
  for (const k of ['owner', 'twice', 'expires', 'declined'] as const) {
    const out = await put(p[k].policyId, staffFor(p[k]), { enabled: false, reason: 'Price' });
    expect(out.statusCode, out.body).toBe(200);
  }
  moveTo(new Date(p.owner.expiredAt.getTime() + 3 * 3600_000));
  await runAnniversaries(t.app.services);
}, 400_000);
afterAll(async () => t.close());

describe('the claims of the year in the renewal (ADR 336)', () => {
  it('the fault claim is disclosed in the renewal answers and its price reflects it, still capped', async () => {
    const renewal = async (b: BoundPolicy) => {
      const code = String((await renewalOf(b)).proposal_code);
      return (await get(b, `/api/proposals/${code}`)).json();
    };
    const claimed = await renewal(p.claimed);
    const clean = await renewal(p.clean);
    const holder = (x: { data: { profiles: { policyholder?: boolean; data: Record<string, unknown> }[] } }) =>
      x.data.profiles.find((pr) => pr.policyholder)?.data;
    expect(holder(claimed)?.vehicleClaimsHistory).toEqual([
      { type: 'Accident-Fault', date: expect.any(String), ncdAffected: true },
    ]);
    expect(holder(clean)?.vehicleClaimsHistory).toEqual([]);
    // The NCD stepped back (ADR 266) from the same claims.
    expect(claimed.data.asset.noClaimsDiscount).toBeLessThan(clean.data.asset.noClaimsDiscount);
    const row = await renewalOf(p.claimed);
    expect(Number(row.offered_total_pence)).toBeGreaterThan(
      Number((await renewalOf(p.clean)).offered_total_pence),
    );
    expect(Number(row.offered_total_pence)).toBeLessThanOrEqual(Number(row.new_business_total_pence));
    expect(JSON.stringify(row.renewal_trace)).toContain('Accident-Fault');
  });
});

describe('a lapsed renewal quote stays open (ADR 335)', () => {
  it('after the anniversary the policy is LAPSED, its renewal a QUOTE open 30 days, and the e-mail says so', async () => {
    const policy = (await get(p.owner, `/api/policies/${p.owner.policyId}`)).json();
    expect(policy.policyDetail.policyStatus).toBe('LAPSED');
    const proposal = (await get(p.owner, `/api/proposals/${policy.renewalProposal}`)).json();
    expect(proposal.status).toBe('QUOTE');
    expect(new Date(proposal.quoteExpiresAt).getTime()).toBe(takeUpUntil(p.owner.expiredAt).getTime());
    const [mail] = await rows(
      t,
      "SELECT body FROM outbox WHERE payload->>'type' = 'renewal.lapsed' AND payload->>'policyNumber' = $1",
      [p.owner.policyNumber],
    );
    expect(String(mail?.body)).toContain('cover restarts straight away');
  });
});

describe('PUT /api/policies/{id}/autoRenewal on a lapsed policy: taking the renewal quote up', () => {
  it('another customer 404, no token 401, a tampered token 401, staff not impersonating 403, bad input 400', async () => {
    const stranger = await visitor(t.app);
    const body = { enabled: true };
    expect((await put(p.owner.policyId, stranger.headers, body)).statusCode).toBe(404);
    expect((await put(p.owner.policyId, {}, body)).statusCode).toBe(401);
    const tampered = { authorization: `Bearer ${stranger.token.slice(0, -4)}AAAA` };
    expect((await put(p.owner.policyId, tampered, body)).statusCode).toBe(401);
    expect((await put(p.owner.policyId, { authorization: 'Bearer staff:' }, body)).statusCode).toBe(403);
    for (const bad of [{ enabled: 'yes' }, { enabled: 1e308 }, { enabled: 'a\u0000b' }, {}])
      expect((await put(p.owner.policyId, staffFor(p.owner), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const badKey = { ...staffFor(p.owner), 'idempotency-key': 'a b' };
    expect((await put(p.owner.policyId, badKey, body)).statusCode).toBe(400);
    expect(await successors(p.owner)).toHaveLength(0);
  });

  it('a declined card: 402, nothing made; with a good card the retry takes it up', async () => {
    const res = await put(p.declined.policyId, staffFor(p.declined), { enabled: true });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toContain('card_declined');
    expect(await successors(p.declined)).toHaveLength(0);
    await goodCard(p.declined);
    const again = await put(p.declined.policyId, staffFor(p.declined), { enabled: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await successors(p.declined)).toHaveLength(1);
  });

  it('before it, the offer says what is charged today, from when, and to which card; it is what is then charged (ADR 353)', async () => {
    const url = `/api/policies/${p.owner.policyId}/renewal/takeUp`;
    const stranger = await visitor(t.app);
    expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
    const before = t.clock.now().getTime();
    const res = await get(p.owner, url);
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json();
    expect(offer).toMatchObject({
      dueToday: expect.any(Number),
      total: expect.any(Number),
      paymentMethod: { type: 'CARD', display: expect.any(String) },
    });
    expect(offer.dueToday).toBeGreaterThan(0);
    expect(new Date(offer.startsAt).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(offer.startsAt).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(new Date(offer.endsAt).getFullYear()).toBe(t.clock.now().getFullYear() + 1);
    const code = String((await renewalOf(p.owner)).proposal_code);
    const quote = (await get(p.owner, `/api/proposals/${code}`)).json().quote;
    expect(offer.dueToday).toBe(
      quote.totals.monthly ? quote.totals.monthly.first : quote.totals.discountedPrice,
    );
    // Nothing is made or charged by asking.
    expect(await successors(p.owner)).toHaveLength(0);
    ownerOffer = offer.dueToday;
    // Not lapsed, or already taken up: nothing to offer.
    expect((await get(p.clean, `/api/policies/${p.clean.policyId}/renewal/takeUp`)).statusCode).toBe(409);
  });

  it('the owner takes it up: a new policy from now (not backdated), paid by card first, documents, MID, e-mail', async () => {
    const now = t.clock.now();
    const headers = { ...staffFor(p.owner), 'idempotency-key': 'take-up-owner-1' };
    const res = await put(p.owner.policyId, headers, { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json();
    expect(next.policyId).not.toBe(p.owner.policyId);
    expect(next.policyDetail.policyStatus).toBe('ACTIVE');
    const startedAt = new Date(next.policyDetail.inceptedAt);
    expect(startedAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
    expect(startedAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // Retried with the same key: the same answer, replayed.
    const retry = await put(p.owner.policyId, headers, { enabled: true });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().policyId).toBe(next.policyId);
    // Asked again without a key: the same policy, not a second one.
    expect((await put(p.owner.policyId, staffFor(p.owner), { enabled: true })).json().policyId).toBe(
      next.policyId,
    );

    const old = (await get(p.owner, `/api/policies/${p.owner.policyId}`)).json();
    expect(old.policyDetail.policyStatus).toBe('LAPSED'); // the gap stays on record
    const proposal = (await get(p.owner, `/api/proposals/${old.renewalProposal}`)).json();
    expect(proposal).toMatchObject({ status: 'POLICY', policyId: next.policyId });
    expect(await renewalOf(p.owner)).toMatchObject({ status: 'RENEWED', successor_policy_id: next.policyId });
    const [mid] = await rows(
      t,
      "SELECT payload FROM outbox WHERE payload->>'type' = 'mid.policy.created' AND payload->>'previousPolicyNumber' = $1",
      [p.owner.policyNumber],
    );
    expect(mid?.payload).toMatchObject({
      policyNumber: next.policyNumber,
      coverStart: startedAt.toISOString(),
    });
    const mails = await rows(
      t,
      "SELECT body FROM outbox WHERE payload->>'type' = 'renewal.renewed' AND payload->>'policyNumber' = $1",
      [p.owner.policyNumber],
    );
    expect(mails).toHaveLength(1);
    expect(String(mails[0]?.body)).toContain('restarted at');
    const docs = await rows(
      t,
      'SELECT doc FROM policy_documents d JOIN policy_versions v ON v.id = d.policy_version_id WHERE v.policy_id = $1',
      [next.policyId],
    );
    expect(docs.map((d) => d.doc).sort()).toEqual(['policy-certificate', 'policy-schedule']);
    const payments = await rows(
      t,
      "SELECT status, amount_pence FROM customer_payments WHERE reference = $1 AND purpose = 'bind'",
      [old.renewalProposal],
    );
    expect(payments).toEqual([{ status: 'SETTLED', amount_pence: ownerOffer }]);
    const [statement] = await rows(
      t,
      `SELECT s.status, s.payment_due_at FROM statements s JOIN customer_accounts a ON a.id = s.account_id
        WHERE a.policy_id = $1`,
      [next.policyId],
    );
    expect(statement?.status).toBe('settled');
    expect(new Date(statement?.payment_due_at as string).getTime()).toBe(startedAt.getTime());
  });

  it('twice at once: one policy, one charge', async () => {
    const both = await Promise.all([
      put(p.twice.policyId, staffFor(p.twice), { enabled: true }),
      put(p.twice.policyId, staffFor(p.twice), { enabled: true }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().policyId).toBe(both[1]?.json().policyId);
    expect(await successors(p.twice)).toHaveLength(1);
    const charges = await rows(
      t,
      "SELECT status FROM customer_payments WHERE party_id = $1 AND purpose = 'bind' AND status = 'SETTLED'",
      [p.twice.partyId],
    );
    expect(charges).toHaveLength(2); // the first purchase and the take-up
  });

  it('opting out again on a lapsed policy is refused; after the quote expires the take-up is refused', async () => {
    const out = await put(p.expires.policyId, staffFor(p.expires), { enabled: false, reason: 'Price' });
    expect(out.statusCode).toBe(409);
    moveTo(new Date(takeUpUntil(p.expires.expiredAt).getTime() + 60_000));
    const late = await put(p.expires.policyId, staffFor(p.expires), { enabled: true });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toContain('Renewal unsupported in status');
    await expireQuotes(t.app.services);
    const code = String((await renewalOf(p.expires)).proposal_code);
    expect((await get(p.expires, `/api/proposals/${code}`)).json().status).toBe('QUOTE_EXPIRED');
    expect((await put(p.expires.policyId, staffFor(p.expires), { enabled: true })).statusCode).toBe(410);
    expect(await successors(p.expires)).toHaveLength(0);
  });
});
