import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/db/connection.ts';
import { builtEntry } from './helpers/built.ts';

// Crash test (issue 9, "make it stay fixed"): the real server (apps/api/src/server.ts) runs as a child
// process; several clients buy policies and change quotes over HTTP; the server is killed with SIGKILL in the
// middle of the burst and started again on the same data. Every write the server acknowledged must be there,
// and what is stored must be whole: policy <-> version <-> account <-> ledger. On PGlite always; on
// PostgreSQL when DATABASE_URL is set (npm run test:postgres).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WORKERS = 3;
const BURST_MS = 4_000;
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, builtEntry('server'), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      JOBS: 'false',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${out}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** What the server acknowledged before it died. */
interface Acks {
  proposals: { code: string; token: string }[];
  rated: string[];
  policies: string[];
}

async function json(base: string, token: string | undefined, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      'idempotency-key': randomBytes(12).toString('hex'),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** One client: quotes, rates, and buys by card on the hosted page, until told to stop or the server dies. */
async function client(base: string, acks: Acks, stop: { now: boolean }) {
  try {
    while (!stop.now) {
      const { body: session } = await json(base, undefined, 'POST', '/api/session');
      const token = session.accessToken as string;
      const created = await json(base, token, 'POST', '/api/proposals', {
        schemeCode: 'FCMOTOR1',
        data: sampleProposalData(todayInLondon(new Date())),
      });
      if (created.status !== 201) continue;
      const code = created.body.proposalCode as string;
      acks.proposals.push({ code, token });
      const rated = await json(base, token, 'PATCH', `/api/proposals/${code}`, {
        changes: [],
        applyRating: true,
      });
      if (rated.status !== 200 || !rated.body.quote) continue;
      acks.rated.push(code);
      if ((await json(base, token, 'PUT', `/api/proposals/${code}/verify`)).body?.isClear !== true) continue;
      const due = await json(base, token, 'POST', '/api/customerPayments/checkout/bind', {
        proposalCode: code,
      });
      if (due.status !== 200) continue;
      const cs = await json(base, token, 'POST', '/api/stripe/checkout', {
        paymentId: due.body.paymentId,
        successUrl: `${base}/ok`,
        cancelUrl: `${base}/cancel`,
        lineItem: { name: 'Car insurance' },
      });
      if (cs.status !== 200) continue;
      await fetch(cs.body.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: 'Sam Taylor',
          cardNumber: '4242424242424242',
          expiry: '12 / 34',
          cvc: '123',
          postalCode: 'LS1 5HD',
        }).toString(),
        redirect: 'manual',
      });
      const after = await json(base, token, 'GET', `/api/proposals/${code}`);
      if (after.body?.status === 'POLICY') acks.policies.push(code);
    }
  } catch {
    // The server was killed: requests in flight were never acknowledged.
  }
}

const one = async (db: Database, sql: string, values: unknown[] = []) =>
  (await db.query(sql, values)).rows as Record<string, unknown>[];

/** Everything acknowledged is stored, and what is stored is whole. */
async function checkConsistency(db: Database, acks: Acks) {
  const codes = acks.proposals.map((p) => p.code);
  const stored = await one(db, 'SELECT proposal_code, status, quote IS NOT NULL AS rated FROM proposals');
  const byCode = new Map(stored.map((r) => [String(r.proposal_code), r]));
  expect(
    codes.filter((c) => !byCode.has(c)),
    'acknowledged proposals missing',
  ).toEqual([]);
  expect(
    acks.rated.filter((c) => byCode.get(c)?.rated !== true),
    'acknowledged quotes missing',
  ).toEqual([]);
  const policies = await one(db, 'SELECT id, proposal_code FROM policies');
  const policyCodes = new Set(policies.map((p) => String(p.proposal_code)));
  expect(
    acks.policies.filter((c) => !policyCodes.has(c)),
    'acknowledged policies missing',
  ).toEqual([]);
  expect(
    stored
      .filter((r) => r.status === 'POLICY' && !policyCodes.has(String(r.proposal_code)))
      .map((r) => r.proposal_code),
    'proposals marked POLICY without a policy',
  ).toEqual([]);
  expect(
    [...policyCodes].filter((c) => byCode.get(c)?.status !== 'POLICY'),
    'policies whose proposal is not POLICY',
  ).toEqual([]);
  expect(
    await one(
      db,
      `SELECT p.id FROM policies p
        WHERE (SELECT count(*) FROM policy_versions v WHERE v.policy_id = p.id) = 0
           OR (SELECT count(*) FROM customer_accounts a WHERE a.policy_id = p.id) <> 1`,
    ),
    'policies without a version or without exactly one account',
  ).toEqual([]);
  expect(
    await one(
      db,
      `SELECT a.id FROM customer_accounts a
        WHERE NOT EXISTS (SELECT 1 FROM policies p WHERE p.id = a.policy_id)
           OR NOT EXISTS (SELECT 1 FROM statement_line_items l WHERE l.account_id = a.id AND l.type = 'invoice')
           OR NOT EXISTS (SELECT 1 FROM statement_line_items l WHERE l.account_id = a.id AND l.type = 'payment')`,
    ),
    'accounts without their policy, invoice or first payment',
  ).toEqual([]);
  expect(
    await one(
      db,
      'SELECT l.id FROM statement_line_items l WHERE NOT EXISTS (SELECT 1 FROM customer_accounts a WHERE a.id = l.account_id)',
    ),
    'ledger lines without an account',
  ).toEqual([]);
  console.log(
    `crash test: ${codes.length} proposals, ${acks.rated.length} quotes and ${acks.policies.length} policies acknowledged; ${policies.length} policies stored`,
  );
}

/** A burst, a SIGKILL in the middle of it, a restart; returns what was acknowledged. */
async function burstAndKill(env: Record<string, string>): Promise<Acks> {
  const acks: Acks = { proposals: [], rated: [], policies: [] };
  const first = await startServer(env);
  const stop = { now: false };
  const running = Array.from({ length: WORKERS }, () => client(first.base, acks, stop));
  const started = Date.now();
  // Kill in the middle of the burst, once at least one policy is bought (or the time is up).
  while (
    Date.now() - started < BURST_MS ||
    (acks.policies.length === 0 && Date.now() - started < 4 * BURST_MS)
  )
    await new Promise((r) => setTimeout(r, 100));
  first.child.kill('SIGKILL');
  await exited(first.child);
  stop.now = true;
  await Promise.all(running);
  expect(first.child.signalCode).toBe('SIGKILL');
  // The restarted server answers for everything it acknowledged before it died.
  const second = await startServer(env);
  try {
    for (const { code, token } of acks.proposals) {
      const res = await json(second.base, token, 'GET', `/api/proposals/${code}`);
      expect(res.status, `GET ${code} after restart: ${JSON.stringify(res.body)}`).toBe(200);
      if (acks.policies.includes(code)) expect(res.body.status).toBe('POLICY');
    }
  } finally {
    second.child.kill('SIGTERM');
    await exited(second.child);
  }
  return acks;
}

describe('SIGKILL during a write burst loses and half-writes nothing', () => {
  it('on PGlite', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-crash-'));
    try {
      const acks = await burstAndKill({ DATA_DIR: dataDir });
      expect(acks.proposals.length).toBeGreaterThan(0);
      const db = await connect({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await checkConsistency(db, acks);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      const url = String(process.env.DATABASE_URL);
      const name = `forecourt_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const dbUrl = new URL(url);
      dbUrl.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-crash-'));
      try {
        const acks = await burstAndKill({ DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString() });
        expect(acks.proposals.length).toBeGreaterThan(0);
        const db = await connect({ databaseUrl: dbUrl.toString() });
        try {
          await checkConsistency(db, acks);
        } finally {
          await db.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      }
    },
    240_000,
  );
});
