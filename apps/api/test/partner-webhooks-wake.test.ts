import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PARTNER_EVENT_TYPES } from '@forecourt/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, customerWithPolicy, reportTheft, staff } from './claims-helpers.ts';
import { type ListeningApp, listeningApp } from './payments-helpers.ts';

// Partner webhooks go right after their event commits (ADR 362): with the job worker running, the committing
// transaction's NOTIFY wakes the partner-webhooks job, so a receiver hears of a bind and then of a claim within
// seconds each, not at the next minute's schedule (both inside a few seconds of the cron by chance: about
// one run in four hundred).

let t: ListeningApp;
let hang = false;
const arrivals: { type: string; at: number }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    arrivals.push({ type: (JSON.parse(body) as { type: string }).type, at: Date.now() });
    // A receiver that hangs: it never answers (the test's last case).
    if (hang) return;
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  t = await listeningApp({ env: { JOBS: 'true', PARTNER_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  const admin = await staff(t, 'partners.wake@forecourt.example', ['partner:admin']);
  const created = await caller(t, admin).call('POST', '/api/admin/partners/endpoints', {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    eventTypes: [...PARTNER_EVENT_TYPES],
    contactEmail: 'dev@partner.example',
  });
  expect(created.statusCode).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function arrival(type: string, since: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = arrivals.find((a) => a.type === type && a.at >= since);
    if (found) return found.at - since;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe('the delivery job is woken when an event commits', () => {
  it('a bind, then a claim, each reach the receiver within 3 s', async () => {
    const before = Date.now();
    const who = await customerWithPolicy(t, 'wake.partners@example.com');
    expect(await arrival('policy.bound', before)).toBeLessThan(3_000 + (Date.now() - before));
    const notified = Date.now();
    await reportTheft(who);
    expect(await arrival('claim.opened', notified)).toBeLessThan(3_000);
  }, 60_000);

  it('a receiver that never answers does not slow the API; its delivery times out after 10 s and waits to retry', async () => {
    const bought = Date.now();
    const who = await customerWithPolicy(t, 'hang.partners@example.com');
    expect(await arrival('policy.bound', bought)).toBeLessThan(10_000);
    hang = true;
    const started = Date.now();
    await reportTheft(who);
    const answeredIn = Date.now() - started;
    expect(answeredIn).toBeLessThan(2_000);
    expect(await arrival('claim.opened', started)).toBeLessThan(3_000);
    const deadline = Date.now() + 15_000;
    let row: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      [row] = (
        await t.database.query(
          `SELECT d.last_error, d.attempts, d.duration_ms, d.next_attempt_at FROM partner_deliveries d
             JOIN partner_events e ON e.id = d.event_id
            WHERE e.type = 'claim.opened' AND e.policy_id = $1`,
          [who.policyId],
        )
      ).rows;
      if (row?.last_error) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).toMatchObject({ last_error: 'Timed out after 10 s', attempts: 1 });
    expect(Number(row?.duration_ms)).toBeGreaterThanOrEqual(9_900);
    expect(new Date(String(row?.next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 30_000);
  }, 60_000);
});
