/// <reference path="../apps/api/src/providers/identity-provider/oidc-provider.d.ts" />
/**
 * Policy documents on one core (issue 15: at least 20 policies/s): the app in this process on PGlite under a
 * temporary DATA_DIR, BENCH_POLICIES policies (default 100). Measured apart: render (certificate + schedule
 * PDFs), store (the filesystem storage provider), attach (the policy_documents rows); then the whole
 * generation in a row, and through the document job queue (pg-boss: enqueue all, wait until every policy has
 * both files), which is what a burst of binds meets.
 * `npm run bench -- documents` — prints figures; never fails on a number.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { buildApp } from '../apps/api/src/app.ts';
import { policyDocuments } from '../apps/api/src/db/schema/index.ts';
import {
  documentKey,
  generatePolicyDocuments,
  pdfTheme,
} from '../apps/api/src/modules/documents/generate-policy-documents.ts';
import { requestPolicyDocuments } from '../apps/api/src/modules/documents/index.ts';
import { renderCertificate } from '../apps/api/src/modules/documents/pdf/certificate.ts';
import { renderSchedule } from '../apps/api/src/modules/documents/pdf/schedule.ts';
import { insertPolicy, sampleDocumentInput } from '../apps/api/test/documents-fixture.ts';

const N = Number(process.env.BENCH_POLICIES ?? 100);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-docs-'));
const app = await buildApp({
  logger: false,
  env: {
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PROVIDERS: 'true',
    SEED_DEMO_DATA: 'false',
    JOBS: 'true',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  },
});
const services = app.services;
const session = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
const partyId = decodeJwt(session.json().accessToken).sub as string;

const rate = (label: string, ms: number, n: number, target?: number) =>
  console.log(
    `${label.padEnd(46)} ${(ms / n).toFixed(1).padStart(7)} ms/policy  ${((n / ms) * 1000).toFixed(1).padStart(7)} policies/s${target ? `  (target ≥ ${target}/s: ${(n / ms) * 1000 >= target ? 'met' : 'NOT met'})` : ''}`,
  );
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

console.log(
  `${N} policies; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const theme = pdfTheme(services);
const inputs = Array.from({ length: N }, (_, i) => sampleDocumentInput(`p-${i}`, `FCM${10_000_000 + i}`));
await renderCertificate(inputs[0]!, theme); // first use: fonts and code warm
let t = performance.now();
const files: Buffer[][] = [];
for (const input of inputs)
  files.push([await renderCertificate(input, theme), await renderSchedule(input, theme)]);
rate('render (certificate + schedule)', performance.now() - t, N);

t = performance.now();
for (const [i, pair] of files.entries())
  for (const [j, body] of pair.entries())
    await services.providers.storage.put(
      documentKey(`bench-${i}`, 1, j === 0 ? 'policy-certificate' : 'policy-schedule'),
      body,
      'application/pdf',
    );
rate('store (filesystem storage, 2 files)', performance.now() - t, N);

const policies = [];
for (let i = 0; i < N; i++) policies.push(await insertPolicy(services, partyId));
t = performance.now();
for (const [i, p] of policies.entries())
  for (const doc of ['policy-certificate', 'policy-schedule'] as const)
    await services.db
      .insert(policyDocuments)
      .values({
        policyVersionId: p.versionId,
        doc,
        storageKey: documentKey(p.policyId, 1, doc),
        contentType: 'application/pdf',
        sizeBytes: files[i]![0]!.length,
        generatedAt: new Date(),
      })
      .onConflictDoNothing();
rate('attach (policy_documents rows, 2 per policy)', performance.now() - t, N);

const fresh = [];
for (let i = 0; i < N; i++) fresh.push(await insertPolicy(services, partyId));
let cpu = cpuMs();
t = performance.now();
for (const p of fresh) await generatePolicyDocuments(services, p.versionId);
const wall = performance.now() - t;
rate('whole generation, one after another', wall, N, 20);
const perPolicy = (cpuMs() - cpu) / N;
console.log(
  `  CPU ${perPolicy.toFixed(1)} ms/policy: ${(1000 / perPolicy).toFixed(0)} policies/s on one free core (target ≥ 20/s: ${1000 / perPolicy >= 20 ? 'met' : 'NOT met'}); wall ${(wall / N).toFixed(1)} ms/policy on this shared machine`,
);

const queued = [];
for (let i = 0; i < N; i++) queued.push(await insertPolicy(services, partyId));
cpu = cpuMs();
t = performance.now();
for (const p of queued) await requestPolicyDocuments(services, p.versionId);
const ids = queued.map((p) => p.versionId);
for (;;) {
  const { rows } = await services.database.query(
    'SELECT count(*)::int AS n FROM policy_documents WHERE policy_version_id = ANY($1::uuid[])',
    [ids],
  );
  if (Number(rows[0]?.n) >= 2 * N || performance.now() - t > 300_000) break;
  await new Promise((r) => setTimeout(r, 50));
}
rate('through the document job queue (burst)', performance.now() - t, N, 20);
console.log(`  CPU ${((cpuMs() - cpu) / N).toFixed(1)} ms/policy`);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
