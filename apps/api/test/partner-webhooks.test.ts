import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PARTNER_EVENT_TYPES,
  type PartnerEventType,
  partnerEventDataSchemas,
  partnerEventEnvelope,
} from '@forecourt/contracts/partners';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../src/lib/domain-events.ts';
import { deliverPartnerWebhooks, verifySignature } from '../src/modules/partners/index.ts';
import { caller, customerWithPolicy, reportTheft, staff } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

// Outbound partner webhooks (issue 31 part 1, ADR 362): a real receiver over HTTP checks each delivery's
// signature, the order of a policy's events and processes each event id once; a 500 is retried with backoff;
// three days of failures disable the endpoint and e-mail its contact; staff replay; SSRF refusals; access.

interface Receipt {
  id: string;
  type: string;
  policyNumber: string;
  body: string;
  signed: boolean;
}

/** A partner's receiver: verifies the signature, processes each event id once, answers what it is told. */
function receiver() {
  const received: Receipt[] = [];
  const processed: Receipt[] = [];
  const state = { secret: '', failing: 0, alwaysFail: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const signature = String(req.headers['forecourt-signature'] ?? '');
      const signed = verifySignature(state.secret, body, signature, 10 * 24 * 3600);
      const event = JSON.parse(body) as { id: string; type: string; data: { policyNumber: string } };
      const receipt = { id: event.id, type: event.type, policyNumber: event.data.policyNumber, body, signed };
      received.push(receipt);
      expect(req.headers['forecourt-event-id']).toBe(event.id);
      if (!signed) {
        res.writeHead(400).end('bad signature');
        return;
      }
      if (state.alwaysFail || state.failing > 0) {
        state.failing = Math.max(0, state.failing - 1);
        res.writeHead(500).end('down');
        return;
      }
      // Exactly-once processing by event id: a second delivery of the same id is acknowledged, not processed.
      if (!processed.some((p) => p.id === event.id)) processed.push(receipt);
      res.writeHead(200).end('ok');
    });
  });
  return {
    received,
    processed,
    state,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: ListeningApp;
let admin: string;
let helpdesk: string;
let handler: string;
const rx = receiver();
let receiverUrl: string;
const ALL_TYPES = [...PARTNER_EVENT_TYPES];

beforeAll(async () => {
  t = await listeningApp({ env: { PARTNER_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  admin = await staff(t, 'partners.admin@forecourt.example', ['partner:admin']);
  helpdesk = await staff(t, 'helpdesk.partners@forecourt.example', [
    'access:impersonate',
    'action:claims',
    'finance',
  ]);
  handler = await staff(t, 'claims.partners@forecourt.example', ['access:impersonate', 'action:claims']);
  receiverUrl = await rx.start();
}, 60_000);
afterAll(async () => {
  await rx.close();
  await t?.close();
});

const as = (token: string | undefined) => caller(t, token);
const deliver = () => deliverPartnerWebhooks(t.app.services, 20_000);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

let endpointId: string;

describe('configuring an endpoint (staff with partner:admin)', () => {
  it('refuses callers without partner:admin: no token 401, a customer 403, other staff 403', async () => {
    const customer = (await customerWithPolicy(t, 'nobody.partners@example.com')).token;
    const body = { url: receiverUrl, eventTypes: ['policy.bound'], contactEmail: 'dev@partner.example' };
    const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/admin/partners/endpoints'],
      ['POST', '/api/admin/partners/endpoints', body],
      [
        'POST',
        '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/enabled',
        { enabled: false },
      ],
      ['POST', '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/roll-secret'],
      ['GET', '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/deliveries'],
      [
        'POST',
        '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/replay',
        { since: hoursAgo(1) },
      ],
    ];
    for (const [method, url, payload] of routes) {
      expect((await as(undefined).call(method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(customer).call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(helpdesk).call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await rows(t, 'SELECT id FROM partner_endpoints')).length).toBe(0);
  }, 60_000);

  it('refuses a URL to loopback, a private range, metadata, this server or not http(s) (SSRF)', async () => {
    const env = t.app.services.env;
    const create = (url: string) =>
      as(admin).call('POST', '/api/admin/partners/endpoints', {
        url,
        eventTypes: ['policy.bound'],
        contactEmail: 'dev@partner.example',
      });
    // Always refused, whatever the configuration.
    const self = new URL(t.base);
    for (const url of [
      `${t.base}/api/health`,
      `http://localhost:${self.port}/hooks`,
      `http://[::1]:${self.port}/hooks`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
      'http://0.0.0.0:9/x',
      'ftp://partner.example/hooks',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://user:pass@127.0.0.1:1/x',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fieldErrors.url, url).toBeDefined();
    }
    // Loopback and private ranges: refused unless PARTNER_WEBHOOKS_ALLOW_PRIVATE (this test's receiver).
    env.PARTNER_WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      for (const url of [
        receiverUrl,
        'http://127.0.0.1:1/x',
        'http://10.0.0.8/hooks',
        'http://172.16.4.4/hooks',
        'http://192.168.1.1/hooks',
        'http://[fd00::1]/hooks',
        'http://[::ffff:10.1.2.3]/hooks',
        'http://100.64.0.1/hooks',
      ]) {
        const res = await create(url);
        expect(res.statusCode, url).toBe(400);
      }
    } finally {
      env.PARTNER_WEBHOOKS_ALLOW_PRIVATE = true;
    }
    expect((await rows(t, 'SELECT id FROM partner_endpoints')).length).toBe(0);
  });

  it('refuses a tampered token, and bad input (NUL bytes, huge values, wrong types, unknown events) with 400, making nothing', async () => {
    const [head, payload, sig] = admin.split('.');
    const tampered = `${head}.${payload}.${sig?.slice(0, -4)}AAAA`;
    const good = { url: receiverUrl, eventTypes: ['policy.bound'], contactEmail: 'dev@partner.example' };
    expect((await as(tampered).call('GET', '/api/admin/partners/endpoints')).statusCode).toBe(401);
    expect((await as(tampered).call('POST', '/api/admin/partners/endpoints', good)).statusCode).toBe(401);
    for (const bad of [
      { ...good, url: `${receiverUrl}\u0000` },
      { ...good, contactEmail: 'dev\u0000@partner.example' },
      { ...good, url: `https://partner.example/${'a'.repeat(100_000)}` },
      { ...good, eventTypes: Array.from({ length: 10_000 }, () => 'policy.bound') },
      { ...good, eventTypes: ['policy.exploded'] },
      { ...good, eventTypes: [] },
      { ...good, url: 42 },
    ]) {
      const res = await as(admin).call('POST', '/api/admin/partners/endpoints', bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
    }
    const replay = await as(admin).call(
      'POST',
      '/api/admin/partners/endpoints/00000000-0000-4000-8000-000000000000/replay',
      { since: 'yesterday\u0000' },
    );
    expect(replay.statusCode).toBe(400);
    expect((await rows(t, 'SELECT id FROM partner_endpoints')).length).toBe(0);
  });

  it('creates an endpoint and shows its secret once; the list never shows it; audited', async () => {
    const res = await as(admin).call('POST', '/api/admin/partners/endpoints', {
      url: receiverUrl,
      eventTypes: ALL_TYPES,
      contactEmail: 'dev@partner.example',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: receiverUrl, enabled: true, brand: 'forecourt' });
    endpointId = created.id;
    rx.state.secret = created.secret;
    const list = await as(admin).call('GET', '/api/admin/partners/endpoints');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toEqual([expect.objectContaining({ id: endpointId, eventTypes: ALL_TYPES })]);
    const audit = await rows(t, "SELECT action, target FROM audit_log WHERE action LIKE 'partner.%'");
    expect(audit).toEqual([{ action: 'partner.endpoint.create', target: endpointId }]);
  });
});

describe('delivery', () => {
  let alice: Awaited<ReturnType<typeof customerWithPolicy>>;
  let bob: Awaited<ReturnType<typeof customerWithPolicy>>;

  it('signs each event, keeps each policy’s order and carries no personal data', async () => {
    alice = await customerWithPolicy(t, 'alice.partners@example.com');
    bob = await customerWithPolicy(t, 'bob.partners@example.com');
    const claimA = await reportTheft(alice);
    const claimB = await reportTheft(bob);
    const move = (ref: string, to: string) =>
      as(handler).call('POST', `/api/admin/claims/${ref}/transition`, { to, note: 'Moved on' });
    expect((await move(claimA, 'active')).statusCode).toBe(200);
    expect((await move(claimA, 'settled')).statusCode).toBe(200);
    expect((await move(claimB, 'active')).statusCode).toBe(200);

    const counts = await deliver();
    expect(counts.failed).toBe(0);
    const events = await rows(t, 'SELECT id, type, policy_number FROM partner_events ORDER BY seq');
    const mine = (n: string) => events.filter((e) => e.policy_number === n);
    expect(mine(alice.policyNumber).map((e) => e.type)).toEqual([
      'policy.bound',
      'claim.opened',
      'claim.updated',
      'claim.updated',
    ]);
    expect(mine(bob.policyNumber).map((e) => e.type)).toEqual([
      'policy.bound',
      'claim.opened',
      'claim.updated',
    ]);
    // Every event processed once, each signed, in each policy's order.
    expect(rx.received.every((r) => r.signed)).toBe(true);
    const processedIds = rx.processed.map((p) => p.id);
    for (const who of [alice, bob])
      expect(rx.processed.filter((p) => p.policyNumber === who.policyNumber).map((p) => p.id)).toEqual(
        mine(who.policyNumber).map((e) => e.id),
      );
    expect(new Set(processedIds).size).toBe(processedIds.length);
    // Minimal personal data: no name, e-mail, address, date of birth or registration in any body.
    const bound = JSON.parse(rx.processed.find((p) => p.type === 'policy.bound')!.body);
    expect(bound).toMatchObject({ type: 'policy.bound', version: 1, data: { status: expect.any(String) } });
    expect(Object.keys(bound.data).sort()).toEqual(
      ['coverEnd', 'coverStart', 'policyNumber', 'premiumPence', 'status'].sort(),
    );
    const [who] = await rows(
      t,
      "SELECT data->'profiles'->0->'data' AS p FROM proposals WHERE proposal_code = $1",
      [alice.code],
    );
    const profile = who?.p as Record<string, unknown>;
    for (const r of rx.received)
      for (const v of [
        profile.firstName,
        profile.lastName,
        profile.dateOfBirth,
        'alice.partners@example.com',
      ])
        if (typeof v === 'string' && v.length > 2) expect(r.body).not.toContain(v);
    // The delivery log: status, response code, duration, attempts.
    const log = await as(admin).call('GET', `/api/admin/partners/endpoints/${endpointId}/deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(7);
    expect(log.json()[0]).toMatchObject({ status: 'delivered', lastResponseCode: 200, attempts: 1 });
    expect(typeof log.json()[0].durationMs).toBe('number');
  }, 120_000);

  it('announces only committed facts: an event published in a transaction that rolls back is not recorded', async () => {
    const before = await rows(t, 'SELECT count(*)::int AS n FROM partner_events');
    const failed = await t.app.services.db
      .transaction(async (tx) => {
        await publish(
          'lifecycle.announced',
          { db: tx, at: t.clock.now() },
          {
            type: 'payment.failed',
            policyId: alice.policyId,
            data: { amountPence: 1234, failedAt: t.clock.now().toISOString() },
          },
        );
        const inside = await tx.execute(
          sql`SELECT count(*)::int AS n FROM partner_deliveries WHERE status = 'pending'`,
        );
        expect(inside.rows[0]).toEqual({ n: 1 });
        throw new Error('the write that announced it failed');
      })
      .catch((err: Error) => err.message);
    expect(failed).toBe('the write that announced it failed');
    expect(await rows(t, 'SELECT count(*)::int AS n FROM partner_events')).toEqual(before);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
  });

  it('records a page of events at once (the billing run’s collected payments), each delivered', async () => {
    const before = rx.processed.length;
    const at = t.clock.now();
    await t.app.services.db.transaction((tx) =>
      publish(
        'lifecycle.announced',
        { db: tx, at },
        [alice, bob].map((who, i) => ({
          type: 'payment.succeeded' as const,
          policyId: who.policyId,
          data: { amountPence: 4200 + i, collectedAt: at.toISOString() },
        })),
      ),
    );
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    const got = rx.processed.slice(before).map((p) => JSON.parse(p.body));
    expect(got.map((e) => [e.type, e.data.policyNumber, e.data.amountPence]).sort()).toEqual(
      [
        ['payment.succeeded', alice.policyNumber, 4200],
        ['payment.succeeded', bob.policyNumber, 4201],
      ].sort(),
    );
  });

  it('retries a 500 after a minute, and a later event of the policy waits for it', async () => {
    rx.state.failing = 1;
    const before = rx.processed.length;
    const claim = await reportTheft(alice);
    expect(
      (await as(handler).call('POST', `/api/admin/claims/${claim}/transition`, { to: 'active', note: 'x' }))
        .statusCode,
    ).toBe(200);
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    const [failed] = await rows(
      t,
      `SELECT d.attempts, d.last_response_code, d.next_attempt_at, e.type FROM partner_deliveries d
         JOIN partner_events e ON e.id = d.event_id WHERE d.status = 'pending' ORDER BY d.seq`,
    );
    expect(failed).toMatchObject({ attempts: 1, last_response_code: 500, type: 'claim.opened' });
    // Not again before its backoff: the claim's update behind it waits too.
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    t.clock.advance(61_000);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(rx.processed.slice(before).map((p) => p.type)).toEqual(['claim.opened', 'claim.updated']);
  });

  it('replays one event and every event since a time; the receiver processes each id once', async () => {
    const [first] = await rows(t, 'SELECT id FROM partner_events ORDER BY seq LIMIT 1');
    const processedBefore = rx.processed.length;
    // Events recorded before the endpoint existed (none was delivered) are new to the receiver.
    const unseen = (await rows(t, 'SELECT id FROM partner_events')).filter(
      (e) => !rx.processed.some((p) => p.id === e.id),
    ).length;
    const receivedBefore = rx.received.length;
    const one = await as(admin).call('POST', `/api/admin/partners/endpoints/${endpointId}/replay`, {
      eventId: first?.id,
    });
    expect(one.json()).toEqual({ queued: 1 });
    const all = await as(admin).call('POST', `/api/admin/partners/endpoints/${endpointId}/replay`, {
      since: new Date(Date.now() - 3600_000).toISOString(),
    });
    const total = Number((await rows(t, 'SELECT count(*)::int AS n FROM partner_events'))[0]?.n);
    expect(all.json()).toEqual({ queued: total });
    expect((await deliver()).delivered).toBe(total + 1);
    expect(rx.received.length).toBe(receivedBefore + total + 1);
    expect(rx.processed.length).toBe(processedBefore + unseen);
    const audit = await rows(t, "SELECT action FROM audit_log WHERE action = 'partner.endpoint.replay'");
    expect(audit).toHaveLength(2);
  });

  it('a replay sent twice at once queues it twice, and the receiver still processes the event once', async () => {
    const [first] = await rows(t, 'SELECT id FROM partner_events ORDER BY seq LIMIT 1');
    const processedBefore = rx.processed.length;
    const receivedBefore = rx.received.length;
    const url = `/api/admin/partners/endpoints/${endpointId}/replay`;
    const both = await Promise.all([
      as(admin).call('POST', url, { eventId: first?.id }),
      as(admin).call('POST', url, { eventId: first?.id }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await deliver()).delivered).toBe(2);
    expect(rx.received.length).toBe(receivedBefore + 2);
    expect(rx.processed.length).toBe(processedBefore);
  });

  it('rolls the secret: deliveries are signed with the new one only', async () => {
    const rolled = await as(admin).call('POST', `/api/admin/partners/endpoints/${endpointId}/roll-secret`);
    expect(rolled.statusCode).toBe(200);
    const { secret } = rolled.json();
    expect(secret).not.toBe(rx.state.secret);
    const old = rx.state.secret;
    await reportTheft(bob);
    rx.state.secret = old;
    expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    expect(rx.received.at(-1)?.signed).toBe(false);
    rx.state.secret = secret;
    t.clock.advance(61_000);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(rx.received.at(-1)?.signed).toBe(true);
  });

  it('checks the URL again at each delivery: refused, nothing is sent, and it goes once allowed', async () => {
    const env = t.app.services.env;
    const sent = rx.received.length;
    await reportTheft(bob);
    env.PARTNER_WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      expect(await deliver()).toEqual({ delivered: 0, failed: 1 });
    } finally {
      env.PARTNER_WEBHOOKS_ALLOW_PRIVATE = true;
    }
    expect(rx.received.length).toBe(sent);
    const [refused] = await rows(
      t,
      "SELECT last_error, last_response_code FROM partner_deliveries WHERE status = 'pending'",
    );
    expect(refused).toEqual({
      last_error: 'Refused: The URL points to a loopback or private address.',
      last_response_code: null,
    });
    t.clock.advance(61_000);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
  });

  it('after three days of failures disables the endpoint and e-mails its contact; re-enabled, it catches up', async () => {
    rx.state.alwaysFail = true;
    await reportTheft(bob);
    let disabled = false;
    let moved = 0;
    const advance = (ms: number) => {
      t.clock.advance(ms);
      moved += ms;
    };
    // Staff tokens are minted at the real time: staff calls are made with the clock put back.
    const atRealTime = async <T>(call: () => Promise<T>) => {
      t.clock.advance(-moved);
      try {
        return await call();
      } finally {
        t.clock.advance(moved);
      }
    };
    for (let i = 0; i < 10 && !disabled; i++) {
      await deliver();
      disabled = !(await rows(t, 'SELECT enabled FROM partner_endpoints WHERE id = $1', [endpointId]))[0]
        ?.enabled;
      if (!disabled) advance(12 * 3600_000 + 1000);
    }
    expect(disabled).toBe(true);
    const [pending] = await rows(
      t,
      `SELECT attempts, first_failed_at, next_attempt_at FROM partner_deliveries WHERE status = 'pending'`,
    );
    // 1, 2, 4 … minutes then capped at 12 h: at least 72 h after the first failure.
    expect(Number(pending?.attempts)).toBeGreaterThanOrEqual(7);
    const mail = await rows(
      t,
      "SELECT recipient, subject FROM outbox WHERE payload->>'kind' = 'partner-endpoint-disabled'",
    );
    expect(mail).toEqual([
      { recipient: 'dev@partner.example', subject: expect.stringContaining('disabled') },
    ]);
    const listed = await atRealTime(() => as(admin).call('GET', '/api/admin/partners/endpoints'));
    expect(listed.statusCode, listed.body).toBe(200);
    const [ep] = listed.json();
    expect(ep).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('3 days') });
    // Disabled: nothing is sent.
    const sent = rx.received.length;
    advance(13 * 3600_000);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    expect(rx.received.length).toBe(sent);
    // Enabled again (audited) once the receiver answers: the waiting event goes.
    rx.state.alwaysFail = false;
    const on = await atRealTime(() =>
      as(admin).call('POST', `/api/admin/partners/endpoints/${endpointId}/enabled`, { enabled: true }),
    );
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
  }, 60_000);
});

describe('the OpenAPI document (3.1) describes each event for a partner’s developer', () => {
  it('has a webhooks entry per event type, and every body delivered matches its schema', async () => {
    const res = await as(undefined).call('GET', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...PARTNER_EVENT_TYPES].sort());
    const bound = doc.webhooks['policy.bound'].post;
    expect(bound.parameters.map((p: { name: string }) => p.name)).toContain('Forecourt-Signature');
    expect(bound.description).toContain('No name, address, date of birth');
    const schema = bound.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties.data.properties).sort()).toEqual(
      ['coverEnd', 'coverStart', 'policyNumber', 'premiumPence', 'status'].sort(),
    );
    expect(rx.processed.length).toBeGreaterThan(5);
    for (const r of rx.received) {
      const type = r.type as PartnerEventType;
      const parsed = partnerEventEnvelope(type, partnerEventDataSchemas[type].strict()).safeParse(
        JSON.parse(r.body),
      );
      expect(parsed.success, `${type}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
