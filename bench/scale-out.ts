/**
 * Scale-out on one PostgreSQL (issue 15), without Docker: the production shape of docker-compose.yml — two
 * API processes (JOBS=false) and one worker (JOBS=true) — started at the same moment on a throwaway cluster
 * (or DATABASE_URL). Shows, and says FAILED when it is not so:
 * - migrations under concurrent start-up applied once (every file recorded once, every process ready);
 * - one visitor's journey served alternately by both API processes, from session to bound policy;
 * - every job runs exactly once: each policy's confirmation e-mail, sent by the worker's outbox job, is sent
 *   once, and no pg-boss job ran twice;
 * - PATCH throughput with one API process, then with two (autocannon per process, same connections in all).
 * `npm run bench -- scale-out`. On a shared 2-core machine two processes cannot do twice the work: compare CPU.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot } from '../e2e/support/server.ts';
import { startCluster } from '../scripts/postgres-cluster.mjs';
import { auth, CONNECTIONS, json, load, SECONDS, sectionSaves } from './support/drive.ts';
import { type BenchProcess, productionEnv, startProcess } from './support/processes.ts';
import { call, cardForm, many, visitorWithQuote } from './support/visitors.ts';

const cluster = process.env.DATABASE_URL ? undefined : await startCluster();
const url = process.env.DATABASE_URL ?? cluster!.url;
const db = new pg.Pool({ connectionString: url, max: 2 });
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${what}`);
  if (!ok) failures.push(what);
};
const processes: BenchProcess[] = [];
const shared = mkdtempSync(path.join(os.tmpdir(), 'forecourt-scale-'));
try {
  console.log(`load average ${load()}`);
  // The documents are files (STORAGE=filesystem): every process must see the same folder, as the compose
  // file's shared volume gives them; otherwise the worker cannot attach the documents to the e-mail.
  const env = { ...productionEnv, DATABASE_URL: url, DATA_DIR: shared };
  const started = performance.now();
  const [a, b, worker] = await Promise.all([
    startProcess('apps/api/src/server.ts', { ...env, JOBS: 'false' }),
    startProcess('apps/api/src/server.ts', { ...env, JOBS: 'false' }),
    startProcess('apps/api/src/server.ts', { ...env, JOBS: 'true' }),
  ]);
  processes.push(a!, b!, worker!);
  console.log(
    `two API processes and a worker ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const files = readdirSync(path.join(repoRoot, 'apps/api/src/db/migrations')).filter((f) =>
    f.endsWith('.sql'),
  );
  const recorded = (await db.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name as string);
  check(
    recorded.length === files.length && new Set(recorded).size === files.length,
    `migrations under concurrent start-up: ${files.length} files, ${recorded.length} recorded, each once`,
  );

  // One visitor, each request to the other process.
  const apis = [a!.base, b!.base];
  let turn = 0;
  const next = () => apis[turn++ % 2]!;
  const journeys = await many(5, 5, async () => {
    const { accessToken } = await call(next(), 'POST', '/api/session', undefined, {});
    const token = String(accessToken);
    const v = await visitorWithQuote(next());
    // visitorWithQuote made its own session: go on as that visitor, alternating.
    for (let i = 0; i < 6; i++)
      await call(next(), 'PATCH', `/api/proposals/${v.code}`, v.token, JSON.parse(sectionSaves[i]!));
    await call(next(), 'GET', `/api/proposals/${v.code}`, v.token);
    await call(next(), 'PUT', `/api/proposals/${v.code}/verify`, v.token);
    const payment = await call(next(), 'POST', '/api/customerPayments/checkout/bind', v.token, {
      proposalCode: v.code,
    });
    const base = next();
    const session = await call(base, 'POST', '/api/stripe/checkout', v.token, {
      paymentId: payment.paymentId,
      successUrl: `${base}/car-insurance/proposal/${v.code}/checkout/payment/callback`,
      cancelUrl: `${base}/car-insurance/proposal/${v.code}/checkout`,
      lineItem: { name: 'Car insurance' },
    });
    const paid = await fetch(`${next()}${new URL(String(session.url)).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: cardForm,
      redirect: 'manual',
    });
    const bound = await call(next(), 'GET', `/api/proposals/${v.code}`, v.token);
    return { token, paid: paid.status, status: bound.status, policyNumber: String(bound.policyNumber) };
  });
  check(
    journeys.every((j) => j.paid === 303 && j.status === 'POLICY'),
    `5 visitors, every request to the other API process in turn (${turn} requests): every one answered, every quote bound`,
  );

  // The confirmation e-mails: queued by the API processes, sent by the worker's outbox job (every minute).
  const numbers = journeys.map((j) => j.policyNumber);
  const deadline = Date.now() + 90_000;
  let mails: { attempts: number; status: string }[] = [];
  while (Date.now() < deadline) {
    mails = (
      await db.query(
        "SELECT attempts, status FROM outbox WHERE channel = 'email' AND body LIKE ANY($1::text[])",
        [numbers.map((n) => `%${n}%`)],
      )
    ).rows;
    if (mails.length >= numbers.length && mails.every((m) => m.status !== 'pending')) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  check(
    mails.length >= numbers.length && mails.every((m) => m.status === 'sent' && m.attempts === 1),
    `jobs exactly once: ${mails.length} e-mails of the new policies, each sent once by the worker (${mails.map((m) => `${m.status}×${m.attempts}`).join(', ')})`,
  );
  const twice = (
    await db.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'completed' AND retry_count > 0 AND name NOT LIKE '\\_\\_%'",
    )
  ).rows[0]?.n;
  check(Number(twice) === 0, `no pg-boss job completed after a second run (${twice})`);

  // Throughput: the same connections against one API process, then split over two.
  const visitors = await many(CONNECTIONS, 10, (i) => visitorWithQuote(apis[i % 2]!));
  const patch = async (base: string, connections: number, offset: number) => {
    let n = 0;
    const mine = visitors.slice(offset, offset + connections);
    const result = await autocannon({
      url: base,
      connections,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req: autocannon.Request) => {
            const v = mine[n % mine.length]!;
            return {
              ...req,
              method: 'PATCH',
              path: `/api/proposals/${v.code}`,
              headers: { ...auth(v), ...json },
              body: sectionSaves[n++ % sectionSaves.length]!,
            };
          },
        },
      ],
    } as autocannon.Options);
    return result.requests.total / SECONDS;
  };
  const one = await patch(a!.base, CONNECTIONS, 0);
  const half = Math.floor(CONNECTIONS / 2);
  const two = (await Promise.all([patch(a!.base, half, 0), patch(b!.base, CONNECTIONS - half, half)])).reduce(
    (x, y) => x + y,
  );
  console.log(
    `PATCH with applyRating, ${CONNECTIONS} connections: one API process ${one.toFixed(0)} req/s, two ${two.toFixed(0)} req/s (×${(two / one).toFixed(2)}); load average ${load()}`,
  );
} finally {
  for (const p of processes) await p.stop();
  await db.end();
  cluster?.stop();
  rmSync(shared, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`\nScale-out FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
