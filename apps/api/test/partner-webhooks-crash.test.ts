import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PARTNER_EVENT_TYPES } from '@forecourt/contracts/partners';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connection.ts';
import { verifySignature } from '../src/modules/partners/index.ts';
import { caller, customerWithPolicy, reportTheft, staff } from './claims-helpers.ts';
import { spawnBuiltCommand } from './helpers/built.ts';
import { listeningApp } from './payments-helpers.ts';

// Fault test of the partner webhooks (issue 31, ADR 362): the delivery worker is the real command
// (apps/api/src/cli/partner-webhooks.ts) in a child process on the test's store, killed with SIGKILL while a
// delivery is in flight (the receiver has processed the event but its answer never arrives). Run again before
// the 60 s lease runs out, the leased delivery is not sent twice at once; run after it, every event reaches
// the receiver, which processes each event id exactly once, in each policy's order. On PGlite by default,
// on PostgreSQL under npm run test:postgres.

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-webhooks-crash-'));
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The worker command; `onStart` is given the child so the receiver can kill it. */
async function worker(at: Date, onStart?: (child: ChildProcess) => void) {
  const child = spawnBuiltCommand('cli-partner-webhooks', ['--at', at.toISOString()], {
    DATA_DIR: dataDir,
    ...store.env,
    PARTNER_WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  children.push(child);
  onStart?.(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, out };
}

/**
 * The test's store as the worker command finds it: PGlite under DATA_DIR (single-process: the test lets go of
 * it while the command runs), or the test's own PostgreSQL database (npm run test:postgres).
 */
const store: {
  env: Record<string, string>;
  query: (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
} = {
  env: {},
  query: async (sql, values = []) => {
    const db = await connect({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return (await db.query(sql, values)).rows;
    } finally {
      await db.close();
    }
  },
};
const query = (sql: string, values: unknown[] = []) => store.query(sql, values);

describe('the webhook worker killed with SIGKILL mid-delivery', () => {
  it('loses no event, and the receiver processes each once, in order per policy', async () => {
    // The receiver: processes every signed event (once per id); the third request is processed but never
    // answered: the worker is killed while it waits.
    const received: string[] = [];
    const processed: { id: string; policyNumber: string }[] = [];
    let secret = '';
    let current: ChildProcess | undefined;
    let hung = false;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (!verifySignature(secret, body, String(req.headers['forecourt-signature']), 86_400)) {
          res.writeHead(400).end();
          return;
        }
        const event = JSON.parse(body) as { id: string; data: { policyNumber: string } };
        received.push(event.id);
        if (!processed.some((p) => p.id === event.id))
          processed.push({ id: event.id, policyNumber: event.data.policyNumber });
        if (received.length === 3 && !hung) {
          hung = true;
          current?.kill('SIGKILL');
          return;
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

    const t = await listeningApp({
      pgliteDir: path.join(dataDir, 'pglite'),
      env: { PARTNER_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
    const admin = await staff(t, 'partners.crash@forecourt.example', ['partner:admin']);
    const created = await caller(t, admin).call('POST', '/api/admin/partners/endpoints', {
      url,
      eventTypes: [...PARTNER_EVENT_TYPES],
      contactEmail: 'dev@partner.example',
    });
    expect(created.statusCode).toBe(201);
    secret = created.json().secret;
    const people = [];
    for (const email of ['ann.crash@example.com', 'ben.crash@example.com'])
      people.push(await customerWithPolicy(t, email));
    for (const who of people) for (let i = 0; i < 2; i++) await reportTheft(who);
    if (process.env.DATABASE_URL) {
      store.env = { DATABASE_URL: t.app.services.env.DATABASE_URL ?? '' };
      store.query = async (sql, values) => (await t.database.query(sql, values)).rows;
    } else await t.close();
    const events = await query(
      `SELECT e.id, e.policy_number FROM partner_events e
         JOIN partner_deliveries d ON d.event_id = e.id ORDER BY e.seq`,
    );
    expect(events).toHaveLength(6);

    const at = new Date(Date.now() + 60_000);
    const killed = await worker(at, (child) => {
      current = child;
    });
    expect(killed.child.signalCode, killed.out).toBe('SIGKILL');
    const inFlight = await query(
      "SELECT id FROM partner_deliveries WHERE status = 'pending' AND lease_until IS NOT NULL",
    );
    expect(inFlight.length).toBeGreaterThanOrEqual(1);

    // Again within the lease: the killed worker's deliveries are not sent again yet.
    const receivedBefore = received.length;
    const early = await worker(new Date(at.getTime() + 1000));
    expect(early.child.exitCode, early.out).toBe(0);
    const resent = received
      .slice(receivedBefore)
      .filter((id) => received.slice(0, receivedBefore).includes(id));
    expect(resent).toEqual([]);

    // After the lease: everything is delivered.
    const late = await worker(new Date(at.getTime() + 61_000 + 1000));
    expect(late.child.exitCode, late.out).toBe(0);
    const left = await query("SELECT id FROM partner_deliveries WHERE status <> 'delivered'");
    expect(left).toEqual([]);
    // Every event processed once; the one in flight at the kill was received twice (at least once).
    expect(processed.map((p) => p.id).sort()).toEqual(events.map((e) => String(e.id)).sort());
    expect(received.length).toBeGreaterThan(processed.length);
    for (const who of people)
      expect(processed.filter((p) => p.policyNumber === who.policyNumber).map((p) => p.id)).toEqual(
        events.filter((e) => e.policy_number === who.policyNumber).map((e) => String(e.id)),
      );
    if (process.env.DATABASE_URL) await t.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }, 180_000);
});
