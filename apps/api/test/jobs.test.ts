import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_DISPATCH } from '../src/jobs/index.ts';
import { enqueue } from '../src/lib/outbox.ts';
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

describe('pg-boss on the application database', () => {
  it('runs the outbox dispatch job and the sandbox mail provider renders the e-mail', async () => {
    const id = await enqueue(t.app.services.db, {
      channel: 'email',
      recipient: 'sam@example.com',
      subject: 'Your quote reference',
      body: 'Your reference is FC-123',
    });
    const jobId = await t.app.services.boss!.send(OUTBOX_DISPATCH, {});
    expect(jobId).toBeTruthy();
    const row = await waitFor(async () => {
      const r = await t.database.query('SELECT status, rendered FROM outbox WHERE id = $1', [id]);
      return r.rows[0]?.status === 'sent' ? r.rows[0] : undefined;
    });
    expect(String(row.rendered)).toContain('Subject: Your quote reference');
    expect(String(row.rendered)).toContain('To: sam@example.com');
  });
});
