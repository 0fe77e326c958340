import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connection.ts';
import { type BillingApp, billingApp, buySubscription, withMandate } from './billing-helpers.ts';
import { spawnBuiltCommand } from './helpers/built.ts';

/**
 * Fault test of the billing run (issue 12, ADR 250): the run is the real command (apps/api/src/cli/billing-run.ts)
 * in a child process on the test's store, killed with SIGKILL half-way through raising statements, run again
 * and killed half-way through collecting, then run twice at once (two processes on PostgreSQL; two runs in one
 * process on PGlite, which is single-process). The next month two runs at once again. Whatever happened, every
 * account has exactly one statement, one customer payment and one provider collection per period, and every
 * collected payment is posted and mailed once. PGlite by default; PostgreSQL under scripts/with-postgres.mjs.
 */

const CARD = 6;
const DEBIT = 2;
const ACCOUNTS = CARD + DEBIT + 1; // + one card that fails off-session
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

interface Store {
  env: Record<string, string>;
  query: (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
}

/** The billing-run command as a child process; `killAfter` SIGKILLs it once it has printed that many steps. */
async function billingRun(
  store: Store,
  at: string,
  options: { workers?: number; killAfter?: { step: string; count: number } } = {},
) {
  const child = spawnBuiltCommand(
    'cli-billing-run',
    [
      '--at',
      at,
      '--steps',
      '--workers',
      String(options.workers ?? 1),
      // Pages of 2 accounts (one transaction each, ADR 320), so a kill lands between pages, half-way.
      '--page',
      '2',
    ],
    { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0', ...store.env },
  );
  children.push(child);
  let out = '';
  let steps = 0;
  child.stdout?.on('data', (d) => {
    out += d;
    const kill = options.killAfter;
    if (!kill) return;
    steps = out.split('\n').filter((l) => l === kill.step).length;
    if (steps >= kill.count && child.signalCode === null) child.kill('SIGKILL');
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (options.killAfter) expect(child.signalCode, out).toBe('SIGKILL');
  else expect(child.exitCode, out).toBe(0);
  return { steps, out };
}

const count = async (store: Store, sql: string, values: unknown[] = []) =>
  Number((await store.query(sql, values))[0]?.n);

/** Exactly one statement, payment and provider collection per account and period; each collection posted once. */
async function checkExactlyOnce(store: Store, periods: string[]) {
  const perPeriod = await store.query(
    `SELECT a.id, s.period_start, count(s.id)::int AS statements,
            (SELECT count(*)::int FROM customer_payments c
              WHERE c.purpose = 'statement' AND c.reference IN (SELECT x.id::text FROM statements x
                WHERE x.account_id = a.id AND x.period_start = s.period_start)) AS payments
       FROM customer_accounts a JOIN statements s ON s.account_id = a.id AND s.kind = 'subscription'
      GROUP BY a.id, s.period_start`,
  );
  expect(perPeriod.length, 'statements raised').toBe(ACCOUNTS * periods.length);
  expect(perPeriod.filter((r) => r.statements !== 1 || r.payments !== 1)).toEqual([]);
  expect([...new Set(perPeriod.map((r) => new Date(String(r.period_start)).toISOString()))].sort()).toEqual(
    periods,
  );
  // Card: one off-session charge per payment and attempt (a retry is a new attempt), one payment line per
  // settled statement, one "payment received" e-mail per payment line.
  expect(
    await store
      .query(
        `SELECT s.id, s.collection_attempts, (SELECT count(*)::int FROM sandbox_card_charges k
         WHERE split_part(k.idempotency_key, ':', 1) = c.id::text) AS charges
         FROM statements s JOIN customer_payments c ON c.purpose = 'statement' AND c.reference = s.id::text
         JOIN customer_accounts a ON a.id = s.account_id
        WHERE a.payment_method_type = 'CARD' AND s.kind = 'subscription'`,
      )
      .then((r) => r.filter((x) => x.charges !== x.collection_attempts)),
  ).toEqual([]);
  const lines = await store.query(
    `SELECT s.id, s.status, (SELECT count(*)::int FROM statement_line_items l
        WHERE l.statement_id = s.id AND l.type = 'payment') AS paid
       FROM statements s JOIN customer_accounts a ON a.id = s.account_id
      WHERE s.kind = 'subscription' AND a.payment_method_type = 'CARD'`,
  );
  expect(lines.filter((l) => Number(l.paid) > 1)).toEqual([]);
  const settled = lines.filter((l) => l.status === 'settled');
  expect(settled.length).toBe(CARD * periods.length);
  expect(settled.every((l) => l.paid === 1)).toBe(true);
  expect(lines.filter((l) => l.status === 'failed').length).toBe(periods.length);
  expect(
    await count(store, "SELECT count(*)::int AS n FROM outbox WHERE payload->>'kind' = 'payment-taken'"),
  ).toBe(CARD * periods.length);
  expect(
    await count(store, "SELECT count(*)::int AS n FROM outbox WHERE payload->>'kind' = 'statement-issued'"),
  ).toBe(ACCOUNTS * periods.length);
  // Direct Debit: one GoCardless payment per customer payment (attempt 1), none twice at the sandbox bank.
  expect(await count(store, 'SELECT count(*)::int AS n FROM dd_collections')).toBe(DEBIT * periods.length);
  expect(
    await count(store, 'SELECT count(DISTINCT idempotency_key)::int AS n FROM sandbox_dd_payments'),
  ).toBe(DEBIT * periods.length);
}

// Issue 12 asks for this fault test on PostgreSQL: it runs under `npm run test:postgres` (CI). On PGlite
// (single-process; its own SIGKILL test is crash.test.ts) it runs when BILLING_CRASH_PGLITE=1, to keep
// `npm test` within CI's budget (ADR 280).
describe.skipIf(!process.env.DATABASE_URL && !process.env.BILLING_CRASH_PGLITE)(
  'the billing run killed with SIGKILL half-way, run again and run twice at once',
  () => {
    let t: BillingApp | undefined;
    let dataDir = '';
    // Made here, not while the file is collected: a skipped describe never runs its afterAll.
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'forecourt-billing-crash-'));
    });
    afterAll(async () => {
      await t?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it(`raises one statement and takes one payment per account and period (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
      const onPostgres = Boolean(process.env.DATABASE_URL);
      const pgliteDir = path.join(dataDir, 'pglite');
      t = await billingApp('2027-01-30T12:00:00Z', {
        ...(onPostgres ? {} : { pgliteDir }),
        env: { SANDBOX_MANDATE_ACTIVATION_SECONDS: '0' },
      });
      for (let i = 0; i < CARD; i++) await buySubscription(t, '2027-01-31');
      for (let i = 0; i < DEBIT; i++)
        await buySubscription(t, '2027-01-31', 'tok_visa', withMandate(t.base, '55779911'));
      await buySubscription(t, '2027-01-31', 'tok_laterInsufficientFunds');

      let store: Store;
      if (onPostgres) {
        const app = t;
        store = {
          env: { DATABASE_URL: app.app.services.env.DATABASE_URL ?? '' },
          query: async (sql, values) => (await app.database.query(sql, values)).rows,
        };
      } else {
        // PGlite is single-process: the test lets go of the store while the command runs.
        await t.close();
        t = undefined;
        store = {
          env: { DATA_DIR: dataDir },
          query: async (sql, values) => {
            const db = await connect({ dataDir: pgliteDir });
            try {
              return (await db.query(sql, values)).rows;
            } finally {
              await db.close();
            }
          },
        };
      }
      const statements = () =>
        count(store, "SELECT count(*)::int AS n FROM statements WHERE kind = 'subscription'");
      const collectedLines = () =>
        count(store, "SELECT count(*)::int AS n FROM statement_line_items WHERE type = 'payment'");
      const paidAtPurchase = await collectedLines();

      // Day one (28 Feb): killed after 3 statements raised, half-way through the accounts.
      const day1 = '2027-02-28T06:00:00.000Z';
      await billingRun(store, day1, { killAfter: { step: 'raised', count: 3 } });
      const raisedBeforeKill = await statements();
      expect(raisedBeforeKill).toBeGreaterThanOrEqual(3);
      expect(raisedBeforeKill).toBeLessThan(ACCOUNTS);
      // Run again, killed after 2 cards collected: between raising and collecting everything.
      await billingRun(store, day1, { killAfter: { step: 'collected', count: 2 } });
      expect(await statements()).toBe(ACCOUNTS);
      expect(await collectedLines()).toBeLessThan(paidAtPurchase + CARD);
      // Then two runs at once finish the day.
      if (onPostgres) await Promise.all([billingRun(store, day1), billingRun(store, day1)]);
      else await billingRun(store, day1, { workers: 2 });
      await checkExactlyOnce(store, ['2027-02-28T00:00:00.000Z']);

      // Month two (28 Mar): two runs at once from the start.
      const day2 = '2027-03-28T06:00:00.000Z';
      if (onPostgres) await Promise.all([billingRun(store, day2), billingRun(store, day2)]);
      else await billingRun(store, day2, { workers: 2 });
      await checkExactlyOnce(store, ['2027-02-28T00:00:00.000Z', '2027-03-28T00:00:00.000Z']);
    }, 900_000);
  },
);
