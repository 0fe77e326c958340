import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../src/jobs/index.ts';
import { outboxDispatchJob } from '../src/jobs/outbox-dispatch.ts';
import { defineJob, enqueue, JobPayloadError, registerJobDefinitions } from '../src/jobs/registry.ts';
import { enqueue as enqueueMessage } from '../src/lib/outbox.ts';
import { policyDocumentsJob } from '../src/modules/documents/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: 'true' } });
});
afterAll(async () => t.close());

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

const queued = async (name: string) =>
  Number((await t.database.query('SELECT count(*) AS n FROM pgboss.job WHERE name = $1', [name])).rows[0]!.n);

describe('pg-boss on the application database', () => {
  it('runs the outbox dispatch job and the sandbox mail provider renders the e-mail', async () => {
    const id = await enqueueMessage(t.app.services.db, {
      channel: 'email',
      recipient: 'sam@example.com',
      subject: 'Your quote reference',
      body: 'Your reference is FC-123',
    });
    const jobId = await enqueue(t.app.services, outboxDispatchJob, {});
    expect(jobId).toBeTruthy();
    const row = await waitFor(async () => {
      const r = await t.database.query('SELECT status, rendered FROM outbox WHERE id = $1', [id]);
      return r.rows[0]?.status === 'sent' ? r.rows[0] : undefined;
    });
    expect(String(row.rendered)).toContain('Subject: Your quote reference');
    expect(String(row.rendered)).toContain('To: sam@example.com');
  });
});

describe('the typed job registry', () => {
  it('refuses at enqueue a payload that fails the job schema, and sends nothing', async () => {
    const before = await queued(policyDocumentsJob.name);
    await expect(
      enqueue(t.app.services, policyDocumentsJob, { policyVersionId: 'not-a-version' }),
    ).rejects.toBeInstanceOf(JobPayloadError);
    // Refused even when jobs do not run in this process.
    await expect(
      enqueue({ boss: undefined }, policyDocumentsJob, { policyVersionId: 'not-a-version' }),
    ).rejects.toThrow(/policy-documents: invalid payload \(policyVersionId/);
    expect(await queued(policyDocumentsJob.name)).toBe(before);
  });

  it('type-checks the payload against the schema', () => {
    // Compile-time only (tsc): a wrong field name or type is an error, so these lines never run.
    const neverCalled = () => [
      // @ts-expect-error the payload must have policyVersionId
      enqueue(t.app.services, policyDocumentsJob, { versionId: randomUUID() }),
      // @ts-expect-error policyVersionId is a string
      enqueue(t.app.services, policyDocumentsJob, { policyVersionId: 42 }),
    ];
    expect(typeof neverCalled).toBe('function');
  });

  it('validates the payload again when the job runs: a job sent around the registry fails without running', async () => {
    const id = await t.app.services.boss!.send(
      policyDocumentsJob.name,
      { policyVersionId: 42 },
      { retryLimit: 0 },
    );
    const job = await waitFor(async () => {
      const found = await t.app.services.boss!.getJobById(policyDocumentsJob.name, id!);
      return found?.state === 'failed' ? found : undefined;
    });
    expect(JSON.stringify(job.output)).toContain('invalid payload');
    const docs = await t.database.query('SELECT count(*) AS n FROM policy_documents');
    expect(Number(docs.rows[0]!.n)).toBe(0);
  });

  it('registers every job of the list with its queue and its declared schedule', async () => {
    const boss = t.app.services.boss!;
    const names = jobs.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of jobs) {
      if (job.enabled && !job.enabled(t.app.services)) continue;
      expect(await boss.getQueue(job.name), job.name).toBeTruthy();
    }
    const schedules = (await t.database.query('SELECT name, cron, timezone FROM pgboss.schedule')).rows;
    const scheduled = jobs.filter((j) => j.schedule);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const job of scheduled) {
      const found = schedules.find((s) => s.name === job.name);
      expect(found?.cron, job.name).toBe(job.schedule!.cron);
      expect(found?.timezone, job.name).toBe('Europe/London');
    }
  });

  it("gives a queue made by an earlier release this release's retry settings, keeping its policy", async () => {
    const job = defineJob({
      name: `test-queue-options-${randomUUID().slice(0, 8)}`,
      payload: z.object({}),
      queue: { retryLimit: 8, retryDelay: 1, retryBackoff: true },
      handler: async () => undefined,
    });
    const boss = t.app.services.boss!;
    // As an earlier release left it: fewer retries, no backoff, and a singleton policy.
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton', retryLimit: 5 });
    await registerJobDefinitions(boss, t.app.services, [job]);
    expect(await boss.getQueue(job.name)).toMatchObject({
      policy: 'singleton',
      retryLimit: 8,
      retryDelay: 1,
      retryBackoff: true,
    });
  });

  it('refuses a list that defines one job name twice', async () => {
    await expect(
      registerJobDefinitions(t.app.services.boss!, t.app.services, [outboxDispatchJob, outboxDispatchJob]),
    ).rejects.toThrow(/outbox-dispatch is defined twice/);
  });
});

describe('the waker (jobs/waker.ts, ADR 371): workers poll once a minute, a due job starts within a second or so', () => {
  it('starts a job another process sent (no wake of this one), and a retry once its delay is over', async () => {
    const runs: { at: number; payload: unknown }[] = [];
    const job = defineJob({
      name: `test-waker-${randomUUID().slice(0, 8)}`,
      payload: z.object({ n: z.number() }),
      queue: { retryLimit: 1, retryDelay: 2 },
      handler: async (_services, payload) => {
        runs.push({ at: Date.now(), payload });
        if (payload.n === 2 && runs.filter((r) => (r.payload as { n: number }).n === 2).length === 1)
          throw new Error('the first try fails');
      },
    });
    const boss = t.app.services.boss!;
    await registerJobDefinitions(boss, t.app.services, [job]);
    // Let the worker's first poll (at registration) pass: from now on only the waker can start a job soon.
    await new Promise((r) => setTimeout(r, 1500));
    // As another process sends it: straight into the queue, without waking this process's worker.
    const sent = Date.now();
    await boss.send(job.name, { n: 1 });
    await waitFor(async () => (runs.length >= 1 ? true : undefined), 10_000);
    expect(runs[0]!.at - sent).toBeLessThan(5_000);
    // A job that fails once is retried after its two-second delay, not at the worker's next poll a minute on.
    const failing = Date.now();
    await boss.send(job.name, { n: 2 });
    await waitFor(
      async () => (runs.filter((r) => (r.payload as { n: number }).n === 2).length >= 2 ? true : undefined),
      15_000,
    );
    const retried = runs.filter((r) => (r.payload as { n: number }).n === 2)[1]!.at;
    expect(retried - failing).toBeGreaterThanOrEqual(2_000);
    expect(retried - failing).toBeLessThan(8_000);
  });
});
