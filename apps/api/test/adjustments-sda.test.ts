import { addDaysIso, startOfDayLondon, todayInLondon } from '@forecourt/domain/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPaidPolicy } from './adjustments-helpers.ts';
import { caller, staff } from './claims-helpers.ts';
import { type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

let t: ListeningApp;
let alice: Awaited<ReturnType<typeof customerWithPaidPolicy>>;
let bob: Awaited<ReturnType<typeof customerWithPaidPolicy>>;
beforeAll(async () => {
  t = await listeningApp();
  alice = await customerWithPaidPolicy(t, 'alice.sda@example.com', false);
  bob = await customerWithPaidPolicy(t, 'bob.sda@example.com', true);
}, 90_000);
afterAll(async () => t.close());

const today = () => todayInLondon(new Date());
const sda = (policyId: string, day: unknown) => ({
  adjustmentType: 'SDA',
  policyId,
  changes: [{ changeType: 'START_DATE_CHANGE', update: { path: 'quote.startDate', value: day } }],
});
const policyOf = async (who: typeof alice) => (await who.call('GET', `/api/policies/${who.policyId}`)).json();

describe('START_DATE_CHANGE (type SDA) for a policy not started yet (ADR 261)', () => {
  it('refuses a day in the past, too far ahead, the same day, a bad date, and a started policy', async () => {
    const before = await policyOf(alice);
    const start = todayInLondon(new Date(before.policyDetail.inceptedAt));
    const cases: [unknown, string][] = [
      [addDaysIso(today(), -1), 'validation.startDateInPast'],
      [addDaysIso(today(), 31), 'validation.startDateTooFar'],
      [start, 'validation.startDateUnchanged'],
      ['2026-02-30', 'validation.date'],
      ['tomorrow', 'validation.date'],
      [20261201, 'validation.date'],
      ['2026-12-01\u0000', 'body'],
    ];
    for (const [day, key] of cases) {
      const res = await alice.call('POST', '/api/policyAdjustments', sda(alice.policyId, day));
      expect(res.statusCode, String(day)).toBe(400);
      const errors = res.json().fieldErrors ?? {};
      if (key !== 'body') expect(errors['changes.0.update.value'], String(day)).toEqual([key]);
    }
    const none = await alice.call('POST', '/api/policyAdjustments', {
      ...sda(alice.policyId, 'x'),
      changes: [],
    });
    expect(none.statusCode).toBe(400);
    const started = await bob.call(
      'POST',
      '/api/policyAdjustments',
      sda(bob.policyId, addDaysIso(today(), 5)),
    );
    expect(started.statusCode).toBe(422);
    expect(
      (await rows(t, "SELECT count(*)::int AS n FROM policy_adjustments WHERE adjustment_type = 'SDA'"))[0]
        ?.n,
    ).toBe(0);
  });

  it('answers 404 for another customer, 401 without a token, 403 for staff not acting for a customer', async () => {
    const body = sda(alice.policyId, addDaysIso(today(), 5));
    expect((await bob.call('POST', '/api/policyAdjustments', body)).statusCode).toBe(404);
    expect((await caller(t, undefined).call('POST', '/api/policyAdjustments', body)).statusCode).toBe(401);
    const desk = await staff(t, 'desk.sda@forecourt.example', ['access:impersonate']);
    expect((await caller(t, desk).call('POST', '/api/policyAdjustments', body)).statusCode).toBe(403);
  });

  it('moves start and end, re-rates at the new start, adds a version with new documents, once when confirmed twice', async () => {
    const before = await policyOf(alice);
    const day = addDaysIso(today(), 12);
    const made = await alice.call('POST', '/api/policyAdjustments', sda(alice.policyId, day));
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json();
    const newStart = startOfDayLondon(day);
    expect(a).toMatchObject({ adjustmentType: 'SDA', confirmed: false, effectiveAt: newStart.toISOString() });
    expect(a.updatedPolicyVersions).toEqual([
      expect.objectContaining({ startedAt: newStart.toISOString(), ratingStatus: 'QUOTE' }),
    ]);
    expect(Number.isInteger(a.prorataPremium)).toBe(true);
    // Nothing changes before the commit.
    expect((await policyOf(alice)).policyDetail.inceptedAt).toBe(before.policyDetail.inceptedAt);

    const url = `/api/policyAdjustments/${a.adjustmentId}/commit`;
    const [one, two] = await Promise.all([alice.call('POST', url), alice.call('POST', url)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().confirmed).toBe(true);

    const after = await policyOf(alice);
    expect(after.policyDetail.policyStatus).toBe('PENDING');
    expect(after.policyDetail.inceptedAt).toBe(newStart.toISOString());
    const shift = newStart.getTime() - Date.parse(before.policyDetail.inceptedAt);
    expect(Date.parse(after.policyDetail.expiredAt)).toBe(Date.parse(before.policyDetail.expiredAt) + shift);
    expect(after.versions).toHaveLength(2);
    expect(after.currentPolicyVersion).toMatchObject({ versionNumber: 2, startedAt: newStart.toISOString() });
    expect(after.currentPolicyVersion.quote.startDate ?? day).toBe(day);
    // Not started: the new start is the cover to come, not a change waiting beside the cover in force (ADR 401).
    expect(after).not.toHaveProperty('latestPolicyVersion');
    const events = await rows(
      t,
      "SELECT count(*)::int AS n FROM outbox WHERE subject = 'mid.policy.changed' AND body LIKE $1",
      [`%${after.policyNumber}%`],
    );
    expect(events[0]?.n).toBe(1);
    // Moved to today: cover starts now (the activation job makes it ACTIVE).
    const now = await alice.call('POST', '/api/policyAdjustments', sda(alice.policyId, today()));
    expect(now.statusCode, now.body).toBe(201);
    expect(Date.parse(now.json().effectiveAt)).toBeLessThanOrEqual(Date.now());
  });

  it('moved earlier, a change can still take effect from the new start: the latest version is the one by number (ADR 398)', async () => {
    // Bought to start tomorrow (version 1), then moved to start today (version 2, earlier than version 1).
    const carol = await customerWithPaidPolicy(t, 'carol.sda@example.com', false);
    const moved = await carol.call('POST', '/api/policyAdjustments', sda(carol.policyId, today()));
    expect(moved.statusCode, moved.body).toBe(201);
    expect(
      (await carol.call('POST', `/api/policyAdjustments/${moved.json().adjustmentId}/commit`)).statusCode,
    ).toBe(200);
    const change = await carol.call('POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: carol.policyId,
      changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    });
    expect(change.statusCode, change.body).toBe(201);
    // From now, not from tomorrow (version 1's start, which a change must not wait for).
    expect(Date.parse(change.json().effectiveAt)).toBeLessThanOrEqual(Date.now());
  });
});
