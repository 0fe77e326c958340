/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * The billing run on PostgreSQL (issue 12, ADR 250): N subscription accounts due on one day, raised and
 * collected by card by the real command (apps/api/src/cli/billing-run.ts) in 1 and in 4 worker processes at
 * once. Prints accounts per second, total time and the growth between sizes; never fails on a number.
 *
 * Seeding: one subscription is bought through the real operations (quote, verify, phone payment, bind: the
 * demo seed's `buy`), then its policy, version, account, statement and ledger rows are copied N-1 times in SQL
 * with new ids and numbers (same customer and saved card): the rows the bind path writes, made in bulk,
 * because buying 100,000 policies through HTTP takes hours. Each run gets a copy of that database
 * (CREATE DATABASE … TEMPLATE), so every run starts from the same state.
 *
 * `npm run bench -- billing-run`; BENCH_BILLING_ACCOUNTS=10000,100000 (default 10000) sets the sizes,
 * BENCH_BILLING_WORKERS=1,4 (default) the worker processes, BENCH_BILLING_PAGE the accounts per transaction
 * (default the command's 1,000), BENCH_CPU_PROF=dir writes a CPU profile of each run there. Each run's queries
 * are counted (bench/support/count-queries.mjs) and printed per account (ADR 320).
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { demoFactory } from '../apps/api/src/demo/factory.ts';
import { buy } from '../apps/api/src/demo/operations.ts';
import { DEMO_CUSTOMER, ensureDemoCustomer } from '../apps/api/src/modules/identity/index.ts';
import { repoRoot } from '../e2e/support/server.ts';
import { startCluster } from '../scripts/postgres-cluster.mjs';
import { load } from './support/drive.ts';

const SIZES = (process.env.BENCH_BILLING_ACCOUNTS ?? '10000').split(',').map(Number);
const WORKERS = (process.env.BENCH_BILLING_WORKERS ?? '1,4').split(',').map(Number);
const TARGET = { accounts: 1_000_000, minutes: 10 };
const BOUGHT = new Date('2027-01-15T10:00:00Z');
const DUE = '2027-02-15T06:00:00.000Z';

const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
const serverUrl = process.env.DATABASE_URL ?? cluster!.url;
const urlOf = (name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();

/** The tables the bind path writes for one subscription, and how a copy renumbers them. */
const CLONED: { table: string; ids: string[]; suffixed: string[] }[] = [
  { table: 'policies', ids: ['id'], suffixed: ['policy_number', 'proposal_code'] },
  { table: 'policy_versions', ids: ['id', 'policy_id'], suffixed: [] },
  { table: 'customer_accounts', ids: ['id', 'policy_id'], suffixed: ['account_code'] },
  { table: 'statements', ids: ['id', 'account_id'], suffixed: [] },
  { table: 'statement_line_items', ids: ['id', 'statement_id', 'account_id'], suffixed: [] },
];

/** A database with `accounts` subscriptions due on DUE: one bought for real, the rest copied in SQL. */
async function seeded(accounts: number): Promise<string> {
  const name = `billing_bench_${accounts}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const app = await buildApp({
    env: {
      DATABASE_URL: urlOf(name),
      JOBS: 'false',
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
    clock: { now: () => BOUGHT },
    logger: false,
  });
  await app.ready();
  const f = demoFactory(app.services, app.log);
  await ensureDemoCustomer(app.services.db, DEMO_CUSTOMER);
  const bought = await buy(f, DEMO_CUSTOMER, BOUGHT);
  const db = app.services.database;
  const started = performance.now();
  const batch = 20_000;
  for (let from = 1; from < accounts; from += batch) {
    const to = Math.min(accounts - 1, from + batch - 1);
    for (const { table, ids, suffixed } of CLONED) {
      const columns = (
        await db.query(
          "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
          [table],
        )
      ).rows.map((r) => String(r.column_name));
      const value = (c: string) =>
        ids.includes(c)
          ? `md5(t.${c}::text || ':' || n)::uuid`
          : suffixed.includes(c)
            ? `t.${c} || '-' || n`
            : `t.${c}`;
      const where =
        table === 'policies'
          ? 't.id = $1'
          : ['policy_versions', 'customer_accounts'].includes(table)
            ? 't.policy_id = $1'
            : 't.account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)';
      await db.query(
        `INSERT INTO ${table} (${columns.join(', ')})
         SELECT ${columns.map(value).join(', ')} FROM ${table} t, generate_series(${from}, ${to}) n WHERE ${where}`,
        [bought.policyId],
      );
    }
  }
  const [{ n } = { n: 0 }] = (
    await db.query('SELECT count(*)::int AS n FROM customer_accounts WHERE billed_until <= $1', [
      new Date(DUE),
    ])
  ).rows;
  await db.query('ANALYZE');
  await app.close();
  console.log(
    `seeded ${n} accounts due on ${DUE.slice(0, 10)} (1 bought, ${accounts - 1} copied in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return name;
}

/** The billing-run command as a process; answers its own report (ms = time inside runBillingDay). */
function billingRun(url: string) {
  type Report = { ms: number; raised: number; collected: number; failed: number; queries: number };
  return new Promise<Report>((resolve, reject) => {
    const prof = process.env.BENCH_CPU_PROF;
    const page = process.env.BENCH_BILLING_PAGE;
    const child = spawn(
      process.execPath,
      [
        ...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []),
        '--import',
        'tsx',
        '--import',
        './bench/support/count-queries.mjs',
        'apps/api/src/cli/billing-run.ts',
        '--at',
        DUE,
        ...(page ? ['--page', page] : []),
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: url,
          NODE_ENV: 'production',
          ALLOW_SANDBOX_PROVIDERS: 'true',
          LOG_LEVEL: 'warn',
          SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`exit ${code}: ${out}${err}`));
      const queries = Number(/queries (\d+)/.exec(err)?.[1] ?? Number.NaN);
      resolve({ ...JSON.parse(out.trim().split('\n').at(-1)!), queries });
    });
  });
}

const results: { accounts: number; workers: number; seconds: number; perSecond: number }[] = [];
try {
  console.log(`load average ${load()} (a shared machine: other processes take CPU)`);
  for (const accounts of SIZES) {
    const template = await seeded(accounts);
    for (const workers of WORKERS) {
      const name = `${template}_w${workers}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      const loadBefore = load();
      const wall = performance.now();
      const runs = await Promise.all(Array.from({ length: workers }, () => billingRun(urlOf(name))));
      const wallS = (performance.now() - wall) / 1000;
      const raised = runs.reduce((s, r) => s + r.raised, 0);
      const collected = runs.reduce((s, r) => s + r.collected, 0);
      const queries = runs.reduce((s, r) => s + r.queries, 0);
      const seconds = Math.max(...runs.map((r) => r.ms)) / 1000;
      const check = new pg.Client({ connectionString: urlOf(name) });
      await check.connect();
      const [{ statements, payments }] = (
        await check.query(
          "SELECT (SELECT count(*)::int FROM statements WHERE kind = 'subscription') AS statements, (SELECT count(*)::int FROM statement_line_items WHERE type = 'payment' AND sub_type = 'STRIPE' AND effective_at >= $1) AS payments",
          [new Date(DUE)],
        )
      ).rows;
      await check.end();
      const perSecond = accounts / seconds;
      results.push({ accounts, workers, seconds, perSecond });
      console.log(
        `${accounts} accounts, ${workers} worker${workers > 1 ? 's' : ''}: ${seconds.toFixed(1)} s in the run (${wallS.toFixed(1)} s with process start), ${perSecond.toFixed(0)} accounts/s; raised ${raised}, collected ${collected}; ${(queries / accounts).toFixed(2)} queries per account; stored ${statements} statements, ${payments} card payments${statements === accounts && payments === accounts ? '' : ' — NOT one each'}; load ${loadBefore} → ${load()}`,
      );
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  console.log(
    `target: ${TARGET.accounts.toLocaleString('en-GB')} accounts in under ${TARGET.minutes} min = ${Math.ceil(TARGET.accounts / (TARGET.minutes * 60)).toLocaleString('en-GB')} accounts/s`,
  );
  for (const workers of WORKERS) {
    const mine = results.filter((r) => r.workers === workers);
    const [small, large] = [mine[0], mine.at(-1)];
    if (small && large && large.accounts > small.accounts) {
      const growth = large.seconds / small.seconds / (large.accounts / small.accounts);
      console.log(
        `${workers} worker(s): ${small.accounts} → ${large.accounts} accounts took ${(large.seconds / small.seconds).toFixed(2)}× the time for ${(large.accounts / small.accounts).toFixed(0)}× the accounts (${growth.toFixed(2)} per unit: 1.00 is linear)`,
      );
    }
    if (large)
      console.log(
        `${workers} worker(s): 1,000,000 accounts at ${large.perSecond.toFixed(0)} accounts/s ≈ ${(1_000_000 / large.perSecond / 60).toFixed(1)} min (linear extrapolation from ${large.accounts})`,
      );
  }
} finally {
  await admin.end();
  cluster?.stop();
}
