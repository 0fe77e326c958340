import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { domainEventsJob } from '../src/jobs/domain-events.ts';
import {
  EVENT_NAMES,
  type EventHandlers,
  installEventHandlers,
  publish,
  UnhandledEventError,
  uninstallEventHandlers,
} from '../src/lib/domain-events.ts';
import { deliverEvent, EVENT_LEASE_MS, emitLater } from '../src/lib/event-delivery.ts';
import { cancelUnpaid } from '../src/modules/billing/arrears.ts';
import { eventHandlers, wireDomainEvents } from '../src/wiring.ts';
import { type BillingApp, billingApp, buySubscription } from './billing-helpers.ts';
import { rows } from './payments-helpers.ts';

/** ADR 346: typed domain events, wired in one file, none silently unhandled, outbox ones delivered once. */
let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2027-01-30T12:00:00Z');
});
afterAll(async () => t.close());
// Whatever a test did to the handlers, the next starts from the app's wiring.
afterEach(() => installEventHandlers(eventHandlers));

describe('a missing handler fails loudly', () => {
  it('publishing an event nobody handles throws, naming the event', async () => {
    uninstallEventHandlers();
    await expect(
      publish(
        'arrears.cancellationDue',
        { db: t.app.services.db },
        { policyId: randomUUID(), at: new Date() },
      ),
    ).rejects.toThrow(UnhandledEventError);
    await expect(
      publish(
        'arrears.cancellationDue',
        { db: t.app.services.db },
        { policyId: randomUUID(), at: new Date() },
      ),
    ).rejects.toThrow(/arrears\.cancellationDue has no handler/);
  });

  it('the wiring is refused at start-up when any event of the catalogue has no handler', () => {
    for (const name of EVENT_NAMES) {
      const partial = { ...eventHandlers, [name]: undefined } as unknown as EventHandlers;
      expect(() => wireDomainEvents(partial), name).toThrow(UnhandledEventError);
    }
    expect(() => wireDomainEvents()).not.toThrow();
  });

  it('cancellation for non-payment with no handler throws and changes nothing, where it used to skip silently', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31');
    await t.database.query(
      "UPDATE customer_accounts SET status = 'SUSPENDED', cancel_for_non_payment_at = $2 WHERE id = $1",
      [p.accountId, new Date('2027-02-10T00:00:00Z')],
    );
    const state = async () =>
      (
        await rows(
          t,
          'SELECT p.status, a.cancel_for_non_payment_at AS due FROM policies p JOIN customer_accounts a ON a.policy_id = p.id WHERE p.id = $1',
          [p.policyId],
        )
      )[0];
    t.at.set('2027-02-10T06:00:00Z');
    const before = await state();
    expect(before).toEqual({ status: expect.any(String), due: new Date('2027-02-10T00:00:00Z') });
    uninstallEventHandlers();
    await expect(cancelUnpaid(t.app.services, t.at.now())).rejects.toThrow(UnhandledEventError);
    // Rolled back: the account still waits to be cancelled, the next run does it.
    expect(await state()).toEqual(before);
    installEventHandlers(eventHandlers);
    expect(await cancelUnpaid(t.app.services, t.at.now())).toBe(1);
    expect(await state()).toEqual({ status: 'CANCELLED', due: null });
  });
});

describe('the events are wired in one place', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
    });
  const sources = files(src).map((f) => ({ file: path.relative(src, f), text: readFileSync(f, 'utf8') }));

  it('only src/wiring.ts installs handlers, and only app.ts imports it', () => {
    const installs = sources.filter(
      (s) => /installEventHandlers\(/.test(s.text) && s.file !== 'lib/domain-events.ts',
    );
    expect(installs.map((s) => s.file)).toEqual(['wiring.ts']);
    const importers = sources.filter((s) => /from '\.{1,2}\/(\.\.\/)*wiring\.ts'/.test(s.text));
    expect(importers.map((s) => s.file)).toEqual(['app.ts']);
  });

  it('no routes.ts subscribes to anything, and no callback slot is left', () => {
    const slots =
      /\bregister(Fulfilment|NonPaymentCancellation|DirectDebitOutcome|RefundOutcome|MethodReady|SetupCheck|Surplus)\b/;
    for (const s of sources.filter((f) => f.file.endsWith('routes.ts')))
      expect(s.text, s.file).not.toMatch(
        /from '[^']*(domain-events|wiring)\.ts'|installEventHandlers|publish\(/,
      );
    expect(sources.filter((s) => slots.test(s.text)).map((s) => s.file)).toEqual([]);
  });
});

describe('an outbox event is delivered exactly once', () => {
  /** An event just emitted, its handler counting its runs. */
  const countedEvent = async () => {
    let n = 0;
    installEventHandlers({
      ...eventHandlers,
      'policy.bound': async () => {
        n++;
      },
    });
    const id = await emitLater(t.app.services.db, 'policy.bound', { policyVersionId: randomUUID() });
    return { id, runs: () => n };
  };
  const outboxRow = async (id: string) =>
    (await rows(t, 'SELECT status, attempts, last_error, sent_at FROM outbox WHERE id = $1', [id]))[0];

  it('emitted with its transaction: a rolled-back write leaves no event', async () => {
    let id = '';
    await expect(
      t.app.services.db.transaction(async (tx) => {
        id = await emitLater(tx, 'policy.bound', { policyVersionId: randomUUID() });
        throw new Error('the emitting write failed');
      }),
    ).rejects.toThrow('the emitting write failed');
    expect(await outboxRow(id)).toBeUndefined();
  });

  it('a failed handler is retried by the job, and once delivered, neither the job nor a second delivery runs it again', async () => {
    const seen: string[] = [];
    let failures = 1;
    installEventHandlers({
      ...eventHandlers,
      'policy.bound': async (_services, { policyVersionId }) => {
        if (failures-- > 0) throw new Error('documents are down');
        seen.push(policyVersionId);
      },
    });
    const versionId = randomUUID();
    const id = await t.app.services.db.transaction((tx) =>
      emitLater(tx, 'policy.bound', { policyVersionId: versionId }),
    );
    // The delivery after commit fails: the event stays pending for the job.
    expect(await deliverEvent(t.app.services, id)).toBe('failed');
    expect(await outboxRow(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'documents are down',
    });
    // The job retries it; then the job again, and two deliveries at once, find nothing left to do.
    await domainEventsJob.handler(t.app.services, {});
    await domainEventsJob.handler(t.app.services, {});
    expect(await Promise.all([deliverEvent(t.app.services, id), deliverEvent(t.app.services, id)])).toEqual([
      'skipped',
      'skipped',
    ]);
    expect(seen).toEqual([versionId]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('two deliveries at once run the handler once', async () => {
    const { runs, id } = await countedEvent();
    const results = await Promise.all([
      deliverEvent(t.app.services, id),
      deliverEvent(t.app.services, id),
      domainEventsJob.handler(t.app.services, {}),
    ]);
    expect(results.slice(0, 2).sort()).toEqual(['delivered', 'skipped']);
    expect(runs()).toBe(1);
  });

  it('an event claimed by a worker that died is handed out again after the lease, once', async () => {
    const { runs, id } = await countedEvent();
    // A worker claimed it and died inside the handler: pending, claimed now.
    await t.database.query('UPDATE outbox SET attempts = 1, sent_at = $2 WHERE id = $1', [id, t.at.now()]);
    expect(await deliverEvent(t.app.services, id)).toBe('skipped');
    t.at.set(new Date(t.at.now().getTime() + EVENT_LEASE_MS + 1000).toISOString());
    await domainEventsJob.handler(t.app.services, {});
    await domainEventsJob.handler(t.app.services, {});
    expect(runs()).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a bound policy asks for its documents through policy.bound, delivered after commit', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31');
    const events = await rows(
      t,
      "SELECT o.status FROM outbox o JOIN policy_versions v ON v.id::text = o.payload->'data'->>'policyVersionId' WHERE o.subject = 'policy.bound' AND v.policy_id = $1",
      [p.policyId],
    );
    expect(events).toEqual([{ status: 'sent' }]);
  });
});
