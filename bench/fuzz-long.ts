/**
 * The long fuzz run (issue 9): random combinations of the bad inputs of apps/api/test/fuzz.test.ts (several
 * fields, parameters and query values spoiled at once), for FUZZ_ITERATIONS requests (default 20,000), on
 * in-memory PGlite or on PostgreSQL when DATABASE_URL is set. Prints every 5xx with the seed that replays
 * it (FUZZ_SEED). `npx tsx bench/fuzz-long.ts` — it reports; like every bench it never fails on a number.
 */
import { randomUUID } from 'node:crypto';
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import { buildApp } from '../apps/api/src/app.ts';
import { connect } from '../apps/api/src/db/connection.ts';
import { operations, randomBadRequest, seeded } from '../apps/api/test/helpers/fuzz-inputs.ts';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const database = process.env.DATABASE_URL ? undefined : await connect({ dataDir: 'memory://' });
const app = await buildApp({
  logger: false,
  ...(database ? { database } : {}),
  env: { NODE_ENV: 'test', JOBS: 'false', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent' },
});
await app.ready();

const session = await app.inject({ method: 'POST', url: '/api/session' });
const token = session.json().accessToken as string;
const auth = { authorization: `Bearer ${token}` };
const created = await app.inject({
  method: 'POST',
  url: '/api/proposals',
  headers: auth,
  payload: { schemeCode: 'FCMOTOR1', data: sampleProposalData(todayInLondon(new Date())) },
});
const values: Record<string, string> = {
  code: String(created.json().proposalCode),
  id: randomUUID(),
  statementId: randomUUID(),
  sessionId: 'cs_test_fuzz',
  table: 'occupations',
  entry: 'x',
  profile: 'policyholder',
  doc: 'policy-certificate',
};
const fill = (name: string) => values[name] ?? 'x';
const ops = operations(app.swagger() as Parameters<typeof operations>[0]);
const rnd = seeded(SEED);

const started = Date.now();
const byStatus = new Map<number, number>();
const failures: string[] = [];
for (let i = 0; i < ITERATIONS; i++) {
  const op = ops[Math.floor(rnd() * ops.length)]!;
  const c = randomBadRequest(op, fill, rnd);
  const res = await app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: {
      ...(rnd() < 0.9 ? auth : {}),
      'idempotency-key': randomUUID(),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) failures.push(`#${i} ${c.method} ${op.path} ${c.label}: ${res.statusCode}`);
}
const seconds = (Date.now() - started) / 1000;
console.log(
  `fuzz-long: ${ITERATIONS} requests over ${ops.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`,
);
console.log(
  `  statuses: ${[...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(', ')}`,
);
console.log(`  5xx answers: ${failures.length}`);
for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
if (failures.length > 50) console.log(`  ... and ${failures.length - 50} more`);
await app.close();
await database?.close();
