import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, customerWithPolicy, staff } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

// The staff claims screen (issue 28 defect 9, ADR 354): the queue, one claim, moving it on with a note for the
// customer or internal, the audit entry; and the customer's tracker reading only the notes meant for them.
let t: ListeningApp;
let alice: Awaited<ReturnType<typeof customerWithPolicy>>;
let bob: Awaited<ReturnType<typeof customerWithPolicy>>;
let handler: string;
let helpdesk: string;
beforeAll(async () => {
  t = await listeningApp();
  alice = await customerWithPolicy(t, 'alice.staffclaims@example.com');
  bob = await customerWithPolicy(t, 'bob.staffclaims@example.com');
  handler = await staff(t, 'claims.handler@forecourt.example', ['access:impersonate', 'action:claims']);
  helpdesk = await staff(t, 'helpdesk.claims@forecourt.example', ['access:impersonate']);
}, 60_000);
afterAll(async () => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
async function notify(who: typeof alice, over: Record<string, unknown> = {}): Promise<string> {
  const res = await who.call('POST', '/api/claims', {
    policyId: who.policyId,
    claimType: 'Theft',
    claimSubType: 'Contents',
    occurredAt: hoursAgo(5),
    location: 'Station car park, Harrogate',
    description: 'The window was smashed and a bag taken.',
    witnesses: [],
    injuries: false,
    ...over,
  });
  expect(res.statusCode).toBe(201);
  return res.json().claimReference;
}
const move = (token: string, ref: string, body: unknown) =>
  caller(t, token).call('POST', `/api/admin/claims/${ref}/transition`, body);

describe('the staff claims queue (GET /api/admin/claims)', () => {
  it('lists every customer’s claims, open first and oldest first, with policy, customer, status and date', async () => {
    const first = await notify(alice);
    const second = await notify(bob);
    const third = await notify(alice);
    expect((await move(handler, third, { to: 'active', note: 'Taken on' })).statusCode).toBe(200);
    expect((await move(handler, first, { to: 'active', note: 'Taken on' })).statusCode).toBe(200);
    expect((await move(handler, first, { to: 'settled', note: 'Paid' })).statusCode).toBe(200);
    const res = await caller(t, handler).call('GET', '/api/admin/claims');
    expect(res.statusCode).toBe(200);
    const queue = res.json() as { claimReference: string; status: string }[];
    const mine = queue.filter((c) => [first, second, third].includes(c.claimReference));
    expect(mine.map((c) => [c.claimReference, c.status])).toEqual([
      [second, 'pending'],
      [third, 'active'],
      [first, 'settled'],
    ]);
    const settledAt = queue.findIndex((c) => c.status === 'settled');
    expect(queue.slice(settledAt).every((c) => c.status === 'settled')).toBe(true);
    expect(queue.find((c) => c.claimReference === second)).toMatchObject({
      policyNumber: bob.policyNumber,
      customerPartyId: bob.partyId,
      customerEmail: 'bob.staffclaims@example.com',
      insuredName: 'Sam Taylor',
      claimType: 'Theft',
      notifiedAt: expect.any(String),
    });
  });

  it('is refused to customers (403), staff without action:claims (403) and strangers (401)', async () => {
    expect((await alice.call('GET', '/api/admin/claims')).statusCode).toBe(403);
    expect((await caller(t, helpdesk).call('GET', '/api/admin/claims')).statusCode).toBe(403);
    expect((await caller(t, undefined).call('GET', '/api/admin/claims')).statusCode).toBe(401);
  });
});

describe('one claim (GET /api/admin/claims/{reference})', () => {
  it('shows what the customer reported, the documents sent on the policy and the whole history', async () => {
    const ref = await notify(alice, {
      claimType: 'Accident',
      claimSubType: 'NotFault',
      otherParty: { name: 'J Smith', vehicleRegistration: 'AB12 CDE' },
      witnesses: [{ name: 'R Patel', contact: '07700 900123' }],
      policeReference: 'NY/2026/77',
    });
    const res = await caller(t, handler).call('GET', `/api/admin/claims/${ref}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      claimReference: ref,
      status: 'pending',
      source: 'online',
      customerEmail: 'alice.staffclaims@example.com',
      report: {
        location: 'Station car park, Harrogate',
        description: 'The window was smashed and a bag taken.',
        otherParty: { name: 'J Smith', vehicleRegistration: 'AB12 CDE' },
        witnesses: [{ name: 'R Patel', contact: '07700 900123' }],
        injuries: false,
        policeReference: 'NY/2026/77',
      },
      uploads: [],
      moves: ['active'],
      events: [{ fromStatus: null, toStatus: 'pending', actorKind: 'customer', note: 'Claim notified' }],
    });
    expect((await alice.call('GET', `/api/admin/claims/${ref}`)).statusCode).toBe(403);
    expect((await caller(t, helpdesk).call('GET', `/api/admin/claims/${ref}`)).statusCode).toBe(403);
    expect((await caller(t, handler).call('GET', '/api/admin/claims/CLM-0000-0000-0000')).statusCode).toBe(
      404,
    );
    expect((await caller(t, handler).call('GET', '/api/admin/claims/nope')).statusCode).toBe(400);
  });
});

describe('moving a claim on (POST /api/admin/claims/{reference}/transition)', () => {
  it('moves it through the claim machine with notes, audits each move, and shows the customer only their notes', async () => {
    const ref = await notify(alice);
    const active = await move(handler, ref, {
      to: 'active',
      note: 'Your claim is with our engineer, who will call you on Tuesday.',
      customerVisible: true,
    });
    expect(active.statusCode).toBe(200);
    expect(active.json()).toMatchObject({ status: 'active', moves: ['settled'] });
    const internal = await move(handler, ref, { to: 'settled', note: 'Fraud score low; paid garage £640' });
    expect(internal.json()).toMatchObject({ status: 'settled', moves: [] });
    expect(internal.json().events.slice(1)).toEqual([
      expect.objectContaining({
        toStatus: 'active',
        customerVisible: true,
        actorKind: 'staff',
        actorEmail: 'claims.handler@forecourt.example',
      }),
      expect.objectContaining({
        toStatus: 'settled',
        note: 'Fraud score low; paid garage £640',
        customerVisible: false,
      }),
    ]);

    // Every move has its audit entry: who, for which customer, what, on which claim.
    const audit = await rows(
      t,
      'SELECT admin_email, customer_party_id, action, outcome_status FROM audit_log WHERE target = $1 ORDER BY created_at',
      [ref],
    );
    expect(audit).toEqual([
      {
        admin_email: 'claims.handler@forecourt.example',
        customer_party_id: alice.partyId,
        action: 'claim.accepted',
        outcome_status: 200,
      },
      {
        admin_email: 'claims.handler@forecourt.example',
        customer_party_id: alice.partyId,
        action: 'claim.settled',
        outcome_status: 200,
      },
    ]);
    const listed = await caller(t, handler).call('GET', `/api/admin/audit?customer=${alice.partyId}`);
    expect(listed.json().entries.map((e: { target: string }) => e.target)).toContain(ref);

    // The customer sees both steps with their dates, the note meant for them, not the internal one, nor who.
    const mine = await alice.call('GET', `/api/claims/${ref}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().events).toEqual([
      expect.objectContaining({ toStatus: 'pending' }),
      expect.objectContaining({
        toStatus: 'active',
        note: 'Your claim is with our engineer, who will call you on Tuesday.',
        actorSubject: null,
      }),
      expect.objectContaining({ toStatus: 'settled', note: null, actorSubject: null }),
    ]);
    expect(mine.body).not.toContain('Fraud score');
    // Another customer never sees it (404), by reference or through the staff screen (403).
    expect((await bob.call('GET', `/api/claims/${ref}`)).statusCode).toBe(404);
    expect((await bob.call('GET', `/api/admin/claims/${ref}`)).statusCode).toBe(403);
  });

  it('refuses a move the claim machine does not have (409) and changes nothing', async () => {
    const ref = await notify(alice);
    const skip = await move(handler, ref, { to: 'settled', note: 'Straight to settled' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      code: 'CONFLICT',
      details: { machine: 'claim', from: 'pending', event: 'settle' },
    });
    const [claim] = await rows(t, 'SELECT status FROM claims WHERE claim_reference = $1', [ref]);
    expect(claim?.status).toBe('pending');
    expect(await rows(t, 'SELECT 1 FROM audit_log WHERE target = $1', [ref])).toHaveLength(0);
  });

  it('is refused to customers (403), staff without action:claims (403) and strangers (401)', async () => {
    const ref = await notify(alice);
    const body = { to: 'active', note: 'Looks fine' };
    expect((await alice.call('POST', `/api/admin/claims/${ref}/transition`, body)).statusCode).toBe(403);
    expect((await move(helpdesk, ref, body)).statusCode).toBe(403);
    expect(
      (await caller(t, undefined).call('POST', `/api/admin/claims/${ref}/transition`, body)).statusCode,
    ).toBe(401);
    const [claim] = await rows(t, 'SELECT status FROM claims WHERE claim_reference = $1', [ref]);
    expect(claim?.status).toBe('pending');
  });

  it('answers 400 for bad input (a huge note, NUL bytes, wrong types, no note) and writes nothing', async () => {
    const ref = await notify(alice);
    const cases: unknown[] = [
      { to: 'active', note: 'x'.repeat(2001) },
      { to: 'active', note: 'a\u0000b' },
      { to: 'active', note: 'ok', customerVisible: 'yes' },
      { to: 'closed', note: 'ok' },
      { to: 1, note: 2 },
      { to: 'active', note: '   ' },
      { to: 'active' },
      ['active'],
    ];
    for (const body of cases) {
      const res = await move(handler, ref, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const huge = await move(handler, ref, { to: 'active', note: 'x'.repeat(1_000_000) });
    expect([400, 413]).toContain(huge.statusCode);
    const [claim] = await rows(t, 'SELECT status FROM claims WHERE claim_reference = $1', [ref]);
    expect(claim?.status).toBe('pending');
    expect(
      await rows(
        t,
        'SELECT 1 FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.claim_reference = $1',
        [ref],
      ),
    ).toHaveLength(1);
  });

  it('twice at once moves the claim once: one 200, one 409, one history step and one audit entry', async () => {
    const ref = await notify(alice);
    const body = { to: 'active', note: 'Taken on', customerVisible: true };
    const answers = await Promise.all([move(handler, ref, body), move(handler, ref, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const steps = await rows(
      t,
      "SELECT 1 FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.claim_reference = $1 AND e.to_status = 'active'",
      [ref],
    );
    expect(steps).toHaveLength(1);
    expect(await rows(t, 'SELECT 1 FROM audit_log WHERE target = $1', [ref])).toHaveLength(1);
  });
});
