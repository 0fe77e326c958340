import { CLAIM_REFERENCE_PATTERN } from '@forecourt/contracts/claims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, customerWithPolicy, staff, tampered } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows, submitForm } from './payments-helpers.ts';

let t: ListeningApp;
let alice: Awaited<ReturnType<typeof customerWithPolicy>>;
let bob: Awaited<ReturnType<typeof customerWithPolicy>>;
let handler: string;
let noPermission: string;
beforeAll(async () => {
  t = await listeningApp();
  alice = await customerWithPolicy(t, 'alice.claims@example.com');
  bob = await customerWithPolicy(t, 'bob.claims@example.com');
  handler = await staff(t, 'handler@forecourt.example', ['access:impersonate', 'action:claims']);
  noPermission = await staff(t, 'helpdesk@forecourt.example', ['access:impersonate']);
}, 60_000);
afterAll(async () => t.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const report = (policyId: string, over: Record<string, unknown> = {}) => ({
  policyId,
  claimType: 'Accident',
  claimSubType: 'NotFault',
  occurredAt: hoursAgo(3),
  location: 'Roundabout at Kirkstall Road, Leeds',
  description: 'A van pulled out and hit the passenger door.',
  otherParty: { name: 'J Smith', vehicleRegistration: 'AB12 CDE', insurer: 'Other Mutual' },
  witnesses: [{ name: 'R Patel', contact: '07700 900123' }],
  injuries: false,
  policeReference: 'WY/2026/1234',
  ...over,
});

describe('first notification of loss (POST /api/claims)', () => {
  it('creates a pending claim with a reference shown at once, e-mails it and lists it', async () => {
    const res = await alice.call('POST', '/api/claims', report(alice.policyId));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', policyNumber: alice.policyNumber });
    expect(body.claimReference).toMatch(CLAIM_REFERENCE_PATTERN);

    const list = await alice.call('GET', `/api/claims?policyNumber=${alice.policyNumber}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        claimReference: body.claimReference,
        status: 'pending',
        claimType: 'Accident',
        claimSubType: 'NotFault',
        insuredName: 'Sam Taylor',
        occurredDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    const [mail] = await rows(
      t,
      "SELECT recipient, subject, body FROM outbox WHERE payload->>'claimReference' = $1",
      [body.claimReference],
    );
    expect(mail?.recipient).toBe('sam.taylor@example.com');
    expect(mail?.subject).toContain(body.claimReference);
    expect(mail?.body).toContain(t.app.services.brand.contact.claimsPhone);
  });

  it('references are unguessable: distinct and random across claims', async () => {
    const refs = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await bob.call(
        'POST',
        '/api/claims',
        report(bob.policyId, { occurredAt: hoursAgo(10 + i) }),
      );
      refs.add(res.json().claimReference);
    }
    expect(refs.size).toBe(3);
    for (const ref of refs) expect(ref).toMatch(CLAIM_REFERENCE_PATTERN);
  });

  it('makes exactly one claim for a retried request with the same Idempotency-Key', async () => {
    const payload = report(alice.policyId, { claimType: 'Windscreen', claimSubType: undefined });
    const key = { 'idempotency-key': 'fnol-retry-1' };
    const first = await alice.call('POST', '/api/claims', payload, key);
    const again = await alice.call('POST', '/api/claims', payload, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().claimReference).toBe(first.json().claimReference);
    const found = await rows(
      t,
      "SELECT count(*)::int AS n FROM claims WHERE party_id = $1 AND claim_type = 'Windscreen'",
      [alice.partyId],
    );
    expect(found[0]?.n).toBe(1);
  });

  it('answers 400 with field errors for bad input, and writes nothing', async () => {
    const before = (await rows(t, 'SELECT count(*)::int AS n FROM claims'))[0]?.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ claimType: 'Meteor' }, 'claimType'],
      [{ injuries: 'no' }, 'injuries'],
      [{ witnesses: 'none' }, 'witnesses'],
      [{ description: 'a\u0000b' }, 'description'],
      [{ location: 'x'.repeat(10_000) }, 'location'],
      [{ occurredAt: 'yesterday' }, 'occurredAt'],
      [{ claimSubType: 'Vehicle' }, 'claimSubType'],
      [{ injuries: true }, 'injuryDetails'],
      [{ policeReference: '<script>' }, 'policeReference'],
      [{ occurredAt: new Date(Date.now() + 86_400_000).toISOString() }, 'occurredAt'],
      [{ occurredAt: hoursAgo(24 * 30) }, 'occurredAt'],
    ];
    for (const [over, field] of cases) {
      const res = await alice.call('POST', '/api/claims', report(alice.policyId, over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(over).slice(0, 60)).toContain(field);
    }
    const future = await alice.call(
      'POST',
      '/api/claims',
      report(alice.policyId, { occurredAt: new Date(Date.now() + 3600_000).toISOString() }),
    );
    expect(future.json().fieldErrors.occurredAt).toEqual(['This cannot be in the future']);
    expect((await rows(t, 'SELECT count(*)::int AS n FROM claims'))[0]?.n).toBe(before);
  });

  it("refuses another customer's policy (404), a missing token (401) and a tampered one (401)", async () => {
    expect((await bob.call('POST', '/api/claims', report(alice.policyId))).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', '/api/claims', report(alice.policyId))).statusCode).toBe(
      401,
    );
    expect(
      (await caller(t, tampered(alice.token)).call('POST', '/api/claims', report(alice.policyId))).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/claims and GET /api/claims/{reference}', () => {
  it("never shows another customer's claims", async () => {
    const mine = (await alice.call('GET', `/api/claims?policyNumber=${alice.policyNumber}`)).json();
    expect(mine.length).toBeGreaterThan(0);
    // Another customer's policy number is 404, as promised for any id the caller may not see (issue 27 §12).
    const others = await bob.call('GET', `/api/claims?policyNumber=${alice.policyNumber}`);
    expect(others.statusCode).toBe(404);
    expect(others.body).not.toContain(mine[0].claimReference);
    expect((await bob.call('GET', '/api/claims?policyNumber=FCM0000000000')).statusCode).toBe(404);
    expect((await bob.call('GET', `/api/claims?policyNumber=${bob.policyNumber}`)).statusCode).toBe(200);
    const ref = mine[0].claimReference;
    expect((await bob.call('GET', `/api/claims/${ref}`)).statusCode).toBe(404);
    expect((await alice.call('GET', `/api/claims/${ref}`)).statusCode).toBe(200);
  });

  it('needs a token, a valid one, and a policy number', async () => {
    const url = `/api/claims?policyNumber=${alice.policyNumber}`;
    expect((await caller(t, undefined).call('GET', url)).statusCode).toBe(401);
    expect((await caller(t, tampered(alice.token)).call('GET', url)).statusCode).toBe(401);
    const missing = await alice.call('GET', '/api/claims');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('policyNumber');
    expect((await alice.call('GET', '/api/claims/not-a-reference')).statusCode).toBe(400);
  });

  it('staff read them only while acting for the customer', async () => {
    const url = `/api/claims?policyNumber=${alice.policyNumber}`;
    // A known user without the right to customer data until they act for one: 403, not a lost session.
    expect((await caller(t, handler).call('GET', url)).statusCode).toBe(403);
    expect((await caller(t, handler).call('POST', '/api/claims', report(alice.policyId))).statusCode).toBe(
      403,
    );
    const acting = await caller(t, noPermission, alice.partyId).call('GET', url);
    expect(acting.statusCode).toBe(200);
    expect(acting.json().length).toBeGreaterThan(0);
    // Acting for someone else: alice's policy number is not found (issue 27 §12).
    expect((await caller(t, noPermission, bob.partyId).call('GET', url)).statusCode).toBe(404);
  });
});

describe('staff move a claim: pending → active → settled', () => {
  it('with notes, each step in the claim history and in the audit log', async () => {
    const { claimReference } = (
      await alice.call(
        'POST',
        '/api/claims',
        report(alice.policyId, { claimType: 'Vandalism', claimSubType: undefined }),
      )
    ).json();
    const asHandler = caller(t, handler, alice.partyId);
    const url = `/api/claims/${claimReference}/transition`;
    const active = await asHandler.call('POST', url, { to: 'active', note: 'Engineer booked for Tuesday' });
    expect(active.statusCode).toBe(200);
    expect(active.json().status).toBe('active');
    expect((await asHandler.call('POST', url, { to: 'active', note: 'again' })).statusCode).toBe(409);
    const settled = await asHandler.call('POST', url, { to: 'settled', note: 'Paid the garage £640' });
    expect(settled.json().status).toBe('settled');
    expect(settled.json().events).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending', actorKind: 'customer' }),
      expect.objectContaining({
        fromStatus: 'pending',
        toStatus: 'active',
        note: 'Engineer booked for Tuesday',
        actorKind: 'staff',
      }),
      expect.objectContaining({
        fromStatus: 'active',
        toStatus: 'settled',
        note: 'Paid the garage £640',
        actorKind: 'staff',
      }),
    ]);
    // A settled claim is terminal: the claim machine refuses the move, naming it (ADR 345).
    const reopen = await asHandler.call('POST', url, { to: 'active', note: 'reopen' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Illegal claim transition: no move from settled on accept',
      details: { machine: 'claim', from: 'settled', event: 'accept' },
    });
    const audit = await rows(
      t,
      'SELECT admin_email, customer_party_id, action, outcome_status FROM audit_log WHERE target = $1 ORDER BY created_at',
      [url],
    );
    expect(audit.map((a) => a.outcome_status)).toEqual([200, 409, 200, 409]);
    expect(audit[0]).toMatchObject({
      admin_email: 'handler@forecourt.example',
      customer_party_id: alice.partyId,
      action: 'POST /api/claims/:claimReference/transition',
    });
    // The customer sees the new status in the list.
    const list = (await alice.call('GET', `/api/claims?policyNumber=${alice.policyNumber}`)).json();
    expect(list.find((c: { claimReference: string }) => c.claimReference === claimReference).status).toBe(
      'settled',
    );
  });

  it('is refused to customers, staff without the permission or not acting for the customer, and strangers', async () => {
    const { claimReference } = (await alice.call('POST', '/api/claims', report(alice.policyId))).json();
    const url = `/api/claims/${claimReference}/transition`;
    const body = { to: 'active', note: 'Looks fine' };
    expect((await alice.call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, noPermission, alice.partyId).call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, handler).call('POST', url, body)).statusCode).toBe(403);
    expect((await caller(t, handler, bob.partyId).call('POST', url, body)).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', url, body)).statusCode).toBe(401);
    expect((await caller(t, tampered(handler), alice.partyId).call('POST', url, body)).statusCode).toBe(401);
    const bad = await caller(t, handler, alice.partyId).call('POST', url, { to: 'closed', note: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['to', 'note']));
    const [claim] = await rows(t, 'SELECT status FROM claims WHERE claim_reference = $1', [claimReference]);
    expect(claim?.status).toBe('pending');
  });
});

describe('external notification (POST /api/fnol/link)', () => {
  const linkBody = (policyId: string) => ({
    policyId,
    privacyPolicyUrl: 'https://example.com/privacy',
    callbackUrl: '/car-insurance/policy/x/claims',
    telephone: '0330 123 4999',
    email: 'help@forecourt.example',
  });

  it('is refused while the brand uses the built-in form', async () => {
    const res = await alice.call('POST', '/api/fnol/link', linkBody(alice.policyId));
    expect(res.statusCode).toBe(409);
  });

  it('when on: gives the partner page, which records the claim and returns with its reference', async () => {
    const features = t.app.services.brand.features;
    features.axitechFnol = true;
    try {
      expect((await alice.call('POST', '/api/claims', report(alice.policyId))).statusCode).toBe(409);
      const res = await alice.call('POST', '/api/fnol/link', linkBody(alice.policyId));
      expect(res.statusCode).toBe(200);
      const page = new URL(res.json().url);
      expect(page.pathname).toMatch(/^\/sandbox\/fnol\/[\w-]{32}$/);
      const shown = await fetch(`${t.base}${page.pathname}`);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain(alice.policyNumber);

      const missing = await submitForm(`${t.base}${page.pathname}`, {
        kind: 'Theft:Vehicle',
        occurredAt: '',
      });
      expect(missing.status).toBe(400);
      const yesterday = new Date(Date.now() - 86_400_000);
      const local = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/London',
        dateStyle: 'short',
        timeStyle: 'short',
      })
        .format(yesterday)
        .replace(' ', 'T');
      const sent = await submitForm(`${t.base}${page.pathname}`, {
        kind: 'Theft:Vehicle',
        occurredAt: local,
        location: 'Outside home',
        description: 'Car gone in the morning',
        injuryDetails: '',
        policeReference: 'WY-998',
      });
      expect(sent.status).toBe(303);
      const back = new URL(String(sent.location));
      expect(back.pathname).toBe('/car-insurance/policy/x/claims');
      const reference = back.searchParams.get('claimReference');
      expect(reference).toMatch(CLAIM_REFERENCE_PATTERN);
      const list = (await alice.call('GET', `/api/claims?policyNumber=${alice.policyNumber}`)).json();
      expect(list).toContainEqual(
        expect.objectContaining({ claimReference: reference, claimType: 'Theft', claimSubType: 'Vehicle' }),
      );
      // The link is single-use.
      expect((await fetch(`${t.base}${page.pathname}`)).status).toBe(404);

      expect((await bob.call('POST', '/api/fnol/link', linkBody(alice.policyId))).statusCode).toBe(404);
      expect(
        (await caller(t, undefined).call('POST', '/api/fnol/link', linkBody(alice.policyId))).statusCode,
      ).toBe(401);
      expect(
        (await caller(t, tampered(alice.token)).call('POST', '/api/fnol/link', linkBody(alice.policyId)))
          .statusCode,
      ).toBe(401);
      const offsite = await alice.call('POST', '/api/fnol/link', {
        ...linkBody(alice.policyId),
        callbackUrl: 'https://evil.example/steal',
      });
      expect(offsite.statusCode).toBe(400);
      expect(offsite.json().fieldErrors).toHaveProperty('callbackUrl');
      const huge = await alice.call('POST', '/api/fnol/link', {
        ...linkBody(alice.policyId),
        telephone: 'x'.repeat(5000),
      });
      expect(huge.json().fieldErrors).toHaveProperty('telephone');
    } finally {
      features.axitechFnol = false;
    }
  });
});

describe('OpenAPI', () => {
  it('lists the claims and insights operations', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/claims']).toHaveProperty('get');
    expect(doc.paths['/api/claims']).toHaveProperty('post');
    expect(doc.paths['/api/fnol/link']).toHaveProperty('post');
    expect(doc.paths['/api/insights/impression']).toHaveProperty('post');
    expect(doc.paths['/api/insights/feedback']).toHaveProperty('post');
  });
});
