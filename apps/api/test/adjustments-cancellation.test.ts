import { londonMidnightOf } from '@forecourt/domain/calendar/london';
import { periodDays } from '@forecourt/domain/policy/cancellation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endDueCancellations } from '../src/modules/adjustments/index.ts';
import { boughtDaysAgo, customerWithPaidPolicy, ledgerLines } from './adjustments-helpers.ts';
import { caller, tampered } from './claims-helpers.ts';
import { api, type ListeningApp, listeningApp, rows } from './payments-helpers.ts';

let t: ListeningApp;
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof customerWithPaidPolicy>>;
const cancel = (c: Customer, body: Record<string, unknown> = {}) =>
  c.call('POST', '/api/policyAdjustments', {
    adjustmentType: 'CANCELLATION',
    policyId: c.policyId,
    changes: [],
    reason: 'Price',
    ...body,
  });
const commit = (c: Customer, id: string, key?: string) =>
  c.call('POST', `/api/policyAdjustments/${id}/commit`, undefined, key ? { 'idempotency-key': key } : {});
const policyOf = async (c: Customer) => (await c.call('GET', `/api/policies/${c.policyId}`)).json();
const outbox = (type: string, policyNumber: string) =>
  rows(
    t,
    "SELECT recipient, subject, body FROM outbox WHERE payload->>'type' = $1 AND payload->>'policyNumber' = $2",
    [type, policyNumber],
  );
/** What the inception invoice keeps for `days` days on cover, to the penny. */
async function keptFor(c: Customer, days: number) {
  const [inv] = await rows(
    t,
    `SELECT amount_pence, service_period_start AS s, service_period_end AS e FROM statement_line_items
      WHERE type = 'invoice' AND account_id IN (SELECT id FROM customer_accounts WHERE policy_id = $1)`,
    [c.policyId],
  );
  const total = periodDays({ start: inv?.s as Date, end: inv?.e as Date });
  return Math.floor((Number(inv?.amount_pence) * days) / total);
}

describe('cooling-off cancellation', () => {
  it('on the 3rd day: cancels now, refunds all but 3 days to the card, tells the MID and the customer', async () => {
    const c = await customerWithPaidPolicy(t, 'cool.off@example.com');
    await boughtDaysAgo(t, c.policyId, 2);
    const options = (await c.call('GET', `/api/policies/${c.policyId}/cancellation`)).json();
    const expected = c.paid - (await keptFor(c, 3));
    expect(options).toMatchObject({ allowed: true, type: 'CoolingOff', refundIfNowPence: expected });
    expect(options.reasons).toContain('Other');

    // Cooling-off offers no date: one ahead is refused, not quietly made now (ADR 344).
    const ahead = await cancel(c, { effectiveAt: new Date(Date.now() + 5 * 86_400_000).toISOString() });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().fieldErrors).toEqual({ effectiveAt: ['validation.cancellationTooLate'] });
    const made = await cancel(c);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      adjustmentType: 'CANCELLATION',
      confirmed: false,
      reason: 'Price',
      prorataPremium: -expected,
      cancellation: {
        type: 'CoolingOff',
        immediate: true,
        refundPence: expected,
        refundWorkingDays: { min: 7, max: 10 },
      },
    });
    // Nothing has changed before it is confirmed.
    expect((await policyOf(c)).policyDetail).toMatchObject({ policyStatus: 'ACTIVE', terminatedAt: null });

    const done = await commit(c, made.json().adjustmentId, 'cool-1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ confirmed: true, cancellation: { refundPence: expected } });
    const policy = await policyOf(c);
    expect(policy.policyDetail.policyStatus).toBe('CANCELLED');
    expect(policy.policyDetail.terminatedAt).toBe(done.json().effectiveAt);

    const lines = await ledgerLines(t, c.policyId);
    expect(lines.filter((l) => l.kind === 'cancellation')).toEqual([
      expect.objectContaining({ type: 'credit_note', status: 'POSTED', amount_pence: -expected }),
      expect.objectContaining({
        type: 'refund',
        status: 'POSTED',
        amount_pence: expected,
        sub_type: 'STRIPE',
      }),
    ]);
    expect(String(lines.find((l) => l.type === 'refund')?.description_value)).toMatch(/re_test_/);
    const [refunded] = await rows(
      t,
      'SELECT count(*)::int AS n FROM sandbox_card_sessions WHERE refunded_at IS NOT NULL',
    );
    expect(refunded?.n).toBeGreaterThanOrEqual(1);
    expect(await outbox('mid.policy.cancelled', c.policyNumber)).toHaveLength(1);
    const [mail] = await outbox('policy.cancelled', c.policyNumber);
    expect(mail).toMatchObject({ recipient: 'sam.taylor@example.com' });
    expect(mail?.body).toContain('reaches your account in 7 to 10 working days');

    // A retry answers the same; the policy cannot be cancelled again (the spec's error).
    expect((await commit(c, made.json().adjustmentId, 'cool-1')).json()).toEqual(done.json());
    expect((await commit(c, made.json().adjustmentId)).json().confirmedAt).toBe(done.json().confirmedAt);
    const again = await cancel(c);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This policy cannot be cancelled.');
    expect((await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation')).toHaveLength(2);
  });

  it.each([
    ['winter', '2026-12-01', '2026-12-15T23:59:00Z'],
    ['summer', '2027-07-01', '2027-07-15T22:59:00Z'],
  ])(
    '%s: cooling-off lasts to 23:59 London on the 14th day after inception; at 00:00 the next day it is over',
    async (_, inception, lastMinute) => {
      const c = await customerWithPaidPolicy(t, `cool.off.edge.${inception}@example.com`);
      await t.database.query('UPDATE policies SET incepted_at = $2 WHERE id = $1', [
        c.policyId,
        londonMidnightOf(inception),
      ]);
      const typeAt = async (iso: string) => {
        const offset = new Date(iso).getTime() - t.clock.now().getTime();
        t.clock.advance(offset);
        try {
          // Staff acting for the customer: the customer's own sign-in would have expired by then.
          return (await api(t.base, `staff:${c.partyId}`, 'GET', `/api/policies/${c.policyId}/cancellation`))
            .body.type;
        } finally {
          t.clock.advance(-offset);
        }
      };
      expect(await typeAt(lastMinute)).toBe('CoolingOff');
      expect(await typeAt(new Date(new Date(lastMinute).getTime() + 60_000).toISOString())).toBe('Standard');
    },
  );

  it('before the start: cancelled at once and everything paid is refunded', async () => {
    const c = await customerWithPaidPolicy(t, 'not.started@example.com', false);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('PENDING');
    const made = (await cancel(c, { reason: 'Other|Bought another car' })).json();
    expect(made).toMatchObject({
      reason: 'Other|Bought another car',
      cancellation: { type: 'CoolingOff', refundPence: c.paid },
    });
    const done = (await commit(c, made.adjustmentId)).json();
    expect(done.cancellation.refundPence).toBe(c.paid);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('CANCELLED');
    const lines = (await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation');
    expect(lines.map((l) => l.amount_pence)).toEqual([-c.paid, c.paid]);
    // Partners are told (ADR 362): the reason's code, never the customer's own words.
    const announced = await rows(
      t,
      "SELECT payload FROM partner_events WHERE policy_id = $1 AND type = 'policy.cancelled'",
      [c.policyId],
    );
    expect(announced.map((a) => a.payload)).toEqual([
      expect.objectContaining({ status: 'CANCELLED', reason: 'Other', policyNumber: expect.any(String) }),
    ]);
    expect(JSON.stringify(announced)).not.toContain('Bought another car');
  });
});

describe('standard cancellation', () => {
  it('after cooling-off, without a date: ends now with the unused days refunded', async () => {
    const c = await customerWithPaidPolicy(t, 'standard.now@example.com');
    await boughtDaysAgo(t, c.policyId, 20);
    const options = (await c.call('GET', `/api/policies/${c.policyId}/cancellation`)).json();
    expect(options).toMatchObject({ type: 'Standard', deferralDays: 30 });
    const made = (await cancel(c, { reason: 'SoldNR' })).json();
    const expected = c.paid - (await keptFor(c, 21));
    expect(made.cancellation).toMatchObject({ type: 'Standard', immediate: true, refundPence: expected });
    await commit(c, made.adjustmentId);
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('CANCELLED');
  });

  it('deferred: the policy stays active with its end set, and the job cancels it at that time', async () => {
    const c = await customerWithPaidPolicy(t, 'standard.later@example.com');
    await boughtDaysAgo(t, c.policyId, 20);
    const at = new Date(t.clock.now().getTime() + 5 * 86_400_000);
    const made = (await cancel(c, { effectiveAt: at.toISOString() })).json();
    // A monthly payment covers a month: 26 days on cover by the end; the rest will be paid back.
    const expected = c.paid - (await keptFor(c, 26));
    expect(made.cancellation).toMatchObject({
      immediate: false,
      terminatesAt: at.toISOString(),
      refundPence: expected,
    });
    await commit(c, made.adjustmentId);
    expect((await policyOf(c)).policyDetail).toMatchObject({
      policyStatus: 'ACTIVE',
      terminatedAt: at.toISOString(),
    });
    expect(await outbox('mid.policy.cancelled', c.policyNumber)).toHaveLength(1);
    expect(await endDueCancellations(t.app.services)).toEqual([]);

    const later = { ...t.app.services, clock: { now: () => new Date(at.getTime() + 60_000) } };
    expect(await endDueCancellations(later)).toEqual([made.adjustmentId]);
    expect(await endDueCancellations(later)).toEqual([]);
    const [row] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [c.policyId]);
    expect(row?.status).toBe('CANCELLED');
    // Posted to the ledger when it ends, and paid back to the card.
    const lines = (await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation');
    expect(lines).toEqual([
      expect.objectContaining({ type: 'credit_note', amount_pence: -expected }),
      expect.objectContaining({ type: 'refund', status: 'POSTED', amount_pence: expected }),
    ]);
    // The customer is told, when it ends, what is paid back (ADR 387): once, with the amount posted.
    const told = await rows(
      t,
      "SELECT recipient, subject, body FROM outbox WHERE payload->>'type' = 'policy.cancellationEnded' AND payload->>'policyNumber' = $1",
      [c.policyNumber],
    );
    const [confirmed] = await outbox('policy.cancelled', c.policyNumber);
    expect(told).toEqual([
      {
        recipient: confirmed?.recipient,
        subject: `Your policy ${c.policyNumber} has ended`,
        body: expect.stringContaining(
          `We will pay £${(expected / 100).toFixed(2)} back to you; it reaches your account in 7 to 10 working days.`,
        ),
      },
    ]);
    expect(String(told[0]?.body)).toContain(`Your policy ${c.policyNumber} was cancelled, as you asked`);
  });

  it('a date past the deferral limit is refused with the last day allowed', async () => {
    const c = await customerWithPaidPolicy(t, 'standard.toolate@example.com');
    await boughtDaysAgo(t, c.policyId, 20);
    const res = await cancel(c, { effectiveAt: new Date(Date.now() + 32 * 86_400_000).toISOString() });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ effectiveAt: ['validation.cancellationTooLate'] });
    expect(res.json().message).toMatch(/deferred to \d{4}-\d{2}-\d{2} at the latest/);
  });
});

describe('reasons, validity and input', () => {
  it("a reason is required; 'Other' needs its text; changes are not allowed", async () => {
    const c = await customerWithPaidPolicy(t, 'reasons@example.com');
    expect((await cancel(c, { reason: undefined })).json().fieldErrors).toEqual({
      reason: ['validation.cancellationReason'],
    });
    expect((await cancel(c, { reason: 'Bored' })).statusCode).toBe(400);
    expect((await cancel(c, { reason: 'Other' })).json().fieldErrors).toEqual({
      reason: ['validation.otherReasonText'],
    });
    expect((await cancel(c, { reason: 'Other|  ' })).statusCode).toBe(400);
    const withChanges = await cancel(c, {
      changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    });
    expect(withChanges.json().fieldErrors).toEqual({ changes: ['validation.cancellationHasNoChanges'] });
  });

  it('bad input is a 400 with field errors: wrong types, huge values, NUL bytes, unknown change types', async () => {
    const c = await customerWithPaidPolicy(t, 'bad.input@example.com');
    for (const [body, field] of [
      [{ policyId: 42 }, 'policyId'],
      [{ adjustmentType: 'REFUND' }, 'adjustmentType'],
      [{ reason: 'x'.repeat(10_000) }, 'reason'],
      [{ effectiveAt: 'tomorrow' }, 'effectiveAt'],
      [{ changes: [{ changeType: 'CHANGE_NAME' }] }, 'changes.0.changeType'],
    ] as const) {
      const res = await cancel(c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    expect((await cancel(c, { reason: 'Other|a\u0000b' })).statusCode).toBe(400);
    expect((await c.call('GET', '/api/policyAdjustments/not-a-uuid')).statusCode).toBe(400);
  });

  it('an adjustment not confirmed within 30 minutes is gone (410) and changes nothing', async () => {
    const c = await customerWithPaidPolicy(t, 'gone@example.com');
    const made = (await cancel(c)).json();
    expect(new Date(made.expiresAt).getTime() - new Date(made.createdAt).getTime()).toBe(30 * 60_000);
    await t.database.query(
      "UPDATE policy_adjustments SET expires_at = now() - interval '1 second' WHERE id = $1",
      [made.adjustmentId],
    );
    const res = await commit(c, made.adjustmentId);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This change has expired: please make it again.');
    expect((await policyOf(c)).policyDetail.policyStatus).toBe('ACTIVE');
  });

  it('two commits at once cancel once, with one credit and one refund', async () => {
    const c = await customerWithPaidPolicy(t, 'twice@example.com');
    const made = (await cancel(c)).json();
    const [a, b] = await Promise.all([commit(c, made.adjustmentId), commit(c, made.adjustmentId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().confirmedAt).toBe(b.json().confirmedAt);
    expect((await ledgerLines(t, c.policyId)).filter((l) => l.kind === 'cancellation')).toHaveLength(2);
    // Two different cancellations at once: one wins, the other gets the spec's error.
    const d = await customerWithPaidPolicy(t, 'twice.two@example.com');
    const [x, y] = [(await cancel(d)).json(), (await cancel(d)).json()];
    const both = await Promise.all([commit(d, x.adjustmentId), commit(d, y.adjustmentId)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('who may cancel', () => {
  it('another customer gets 404; no token 401; a tampered token 401; staff must act for the customer', async () => {
    const c = await customerWithPaidPolicy(t, 'owner@example.com');
    const made = (await cancel(c)).json();
    const stranger = await customerWithPaidPolicy(t, 'stranger@example.com');
    expect((await cancel({ ...stranger, policyId: c.policyId })).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/policyAdjustments/${made.adjustmentId}`)).statusCode).toBe(404);
    expect((await commit(stranger, made.adjustmentId)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/policies/${c.policyId}/cancellation`)).statusCode).toBe(404);

    const anonymous = caller(t, undefined);
    expect((await anonymous.call('GET', `/api/policyAdjustments/${made.adjustmentId}`)).statusCode).toBe(401);
    expect(
      (await anonymous.call('POST', `/api/policyAdjustments/${made.adjustmentId}/commit`)).statusCode,
    ).toBe(401);
    const forged = caller(t, tampered(c.token));
    expect((await forged.call('POST', `/api/policyAdjustments/${made.adjustmentId}/commit`)).statusCode).toBe(
      401,
    );

    expect(
      (await caller(t, 'staff:').call('GET', `/api/policyAdjustments/${made.adjustmentId}`)).statusCode,
    ).toBe(403);
    const actingStaff = caller(t, `staff:${c.partyId}`);
    expect((await actingStaff.call('GET', `/api/policyAdjustments/${made.adjustmentId}`)).statusCode).toBe(
      200,
    );
    const byStaff = await actingStaff.call('POST', `/api/policyAdjustments/${made.adjustmentId}/commit`);
    expect(byStaff.statusCode).toBe(200);
    expect((await c.call('GET', `/api/policyAdjustments/${made.adjustmentId}`)).json().confirmed).toBe(true);
  });
});
