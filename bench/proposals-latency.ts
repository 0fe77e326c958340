/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * Latency under load of PATCH /api/proposals/{code} with applyRating (issue 3: p99 under 50 ms at 50
 * concurrent connections), beside a bare Fastify JSON route measured in the same run. Starts the real app
 * on PORT (default 8184) on in-memory PGlite, or on PostgreSQL when DATABASE_URL is set.
 * `npx tsx bench/proposals-latency.ts` — prints figures; never fails on a number.
 */
import { todayInLondon } from '@forecourt/domain/dates';
import { sampleProposalData } from '@forecourt/domain/risk/sample';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { connect } from '../apps/api/src/db/connection.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const port = Number(process.env.PORT ?? 8184);

const database = process.env.DATABASE_URL ? undefined : await connect({ dataDir: 'memory://' });
const app = await buildApp({
  logger: false,
  ...(database ? { database } : {}),
  env: {
    NODE_ENV: 'production',
    JOBS: 'false',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    // No real payment keys here, and every visitor comes from this machine: allow both (ADRs 126, 128).
    ALLOW_SANDBOX_PROVIDERS: 'true',
    RATE_LIMIT_SESSIONS: '10000',
    RATE_LIMIT_PROPOSALS: '10000',
  },
});
await app.listen({ port, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true, at: Date.now() }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
const base = `http://127.0.0.1:${port}`;

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** One visitor per connection, each with a complete proposal. */
const today = todayInLondon(new Date());
const visitors = await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    const { accessToken } = await json(`${base}/api/session`, { method: 'POST', body: '{}' });
    const authorization = `Bearer ${accessToken}`;
    const created = await json(`${base}/api/proposals`, {
      method: 'POST',
      headers: { authorization },
      body: JSON.stringify({ schemeCode: 'FCMOTOR1', data: sampleProposalData(today) }),
    });
    return { authorization, url: `${base}/api/proposals/${created.proposalCode}` };
  }),
);

async function load(name: string, request: (i: number, n: number) => Promise<Response>) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      for (let n = 0; performance.now() < end; n++) {
        const start = performance.now();
        const res = await request(i, n);
        await res.arrayBuffer();
        latencies.push(performance.now() - start);
        if (!res.ok) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  console.log(
    `${name.padEnd(44)} ${String(Math.round(latencies.length / SECONDS)).padStart(6)} req/s  p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  errors ${errors}`,
  );
  return pct(99);
}

const excess = [0, 100, 200, 300];
console.log(
  `${CONNECTIONS} concurrent connections, ${SECONDS} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
await load('bare Fastify GET /bare', () => fetch(bareUrl));
const p99 = await load('PATCH /api/proposals/{code} applyRating', (i, n) =>
  fetch(visitors[i]!.url, {
    method: 'PATCH',
    headers: { authorization: visitors[i]!.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: excess[n % 4] }],
      applyRating: true,
    }),
  }),
);
console.log(`target p99 < 50 ms: ${p99 < 50 ? 'met' : 'NOT met'}`);
await bare.close();
await app.close();
await database?.close();
