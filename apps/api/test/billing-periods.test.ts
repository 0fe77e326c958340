import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingApp, billingApp, buySubscription, runDays, staffCancel } from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

/**
 * Issue 26 defects 1 and 2 (ADR 344): a monthly change is priced over the statement period it falls in, and
 * billed once — the statement bills the version in force at its start, the change's line the rest.
 */
let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2026-10-27T12:00:00Z');
});
afterAll(async () => t.close());

const legalExpenses = [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }];

async function staffChange(
  staff: string,
  policyId: string,
  effectiveAt: string,
  changes: unknown = legalExpenses,
) {
  const made = await api(t.base, staff, 'POST', '/api/policyAdjustments', {
    adjustmentType: 'MTA',
    policyId,
    changes,
    effectiveAt,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const committed = await api(
    t.base,
    staff,
    'POST',
    `/api/policyAdjustments/${made.body.adjustmentId}/commit`,
  );
  expect(committed.status, JSON.stringify(committed.body)).toBe(200);
  return made.body as { prorataPremium: number; adjustmentId: string };
}

async function regularOf(policyId: string, version: number) {
  const [v] = await rows(
    t,
    "SELECT (quote->'totals'->'monthly'->>'regular')::int AS regular FROM policy_versions WHERE policy_id = $1 AND version_number = $2",
    [policyId, version],
  );
  return Number(v?.regular);
}

/** Bought at `boughtAt` to start on `startDate`; a staff change made at `changedAt` effective `effectiveAt`. */
async function boughtThenChanged(
  boughtAt: string,
  startDate: string,
  changedAt: string,
  effectiveAt: string,
) {
  t.at.set(boughtAt);
  const p = await buySubscription(t, startDate);
  t.at.set(changedAt);
  const change = await staffChange(p.staff, p.policyId, effectiveAt);
  return { p, change, before: await regularOf(p.policyId, 1), after: await regularOf(p.policyId, 2) };
}

/** On 6 November staff move the payment day to the 5th: 28 November to 5 December becomes transitional. */
const toTheFifthOn6November = (p: { staff: string; accountId: string }) => {
  t.at.set('2026-11-06T10:00:00Z');
  return api(t.base, p.staff, 'PUT', `/api/customerAccounts/${p.accountId}/paymentDay`, { paymentDay: 5 });
};

const statementLines = async (accountId: string, n: number) =>
  rows(
    t,
    `SELECT l.type, l.amount_pence AS amount, l.sub_type FROM statement_line_items l
       JOIN statements s ON s.id = l.statement_id WHERE s.account_id = $1 AND s.statement_number = $2
       ORDER BY l.type, l.amount_pence`,
    [accountId, n],
  );

describe('a payment-day change across a change already made (ADR 368)', () => {
  it('bills each day of the transitional period at the price in force that day, one journal line per price', async () => {
    // Paid on the 28th; a change effective 2 Dec made on 5 Nov; on 6 Nov the day moves to the 5th, so 28 Nov to
    // 5 Dec is transitional: 4 days at the old price and 3 at the new, over the 30 days of 5 Nov to 5 Dec.
    const { p, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-05T12:00:00Z',
      '2026-12-02T00:00:00.000Z',
    );
    const change = await toTheFifthOn6November(p);
    const old = Math.floor((before * 4) / 30);
    const changed = Math.floor((after * 3) / 30);
    expect(change.body).toEqual({
      paymentDay: 5,
      changed: true,
      journal: old + changed,
      nextPaymentAt: '2026-12-05T00:00:00.000Z',
    });
    const journals = await rows(
      t,
      `SELECT l.amount_pence AS amount, l.service_period_start AS start, l.service_period_end AS "end"
         FROM statement_line_items l JOIN statements s ON s.id = l.statement_id
        WHERE s.account_id = $1 AND l.type = 'debit_journal' ORDER BY l.service_period_start`,
      [p.accountId],
    );
    expect(
      journals.map((j) => [
        j.amount,
        new Date(j.start as string).toISOString(),
        new Date(j.end as string).toISOString(),
      ]),
    ).toEqual([
      [old, '2026-11-28T00:00:00.000Z', '2026-12-02T00:00:00.000Z'],
      [changed, '2026-12-02T00:00:00.000Z', '2026-12-05T00:00:00.000Z'],
    ]);
  }, 120_000);

  it("a later change is priced over the transitional period's days on each journal line, not the line's own month (ADR 389)", async () => {
    // Paid on the 28th; a change effective 2 Dec made on 5 Nov; on 6 Nov the day moves to the 5th, so 28 Nov to
    // 5 Dec is transitional, over the 30 days of 5 Nov to 5 Dec: its second line, from 2 Dec, sits in a month of
    // its own (2 Dec to 2 Jan) of 31 days.
    const { p, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-05T12:00:00Z',
      '2026-12-02T00:00:00.000Z',
    );
    const moved = await toTheFifthOn6November(p);
    expect(moved.body).toMatchObject({
      journal: Math.floor((before * 4) / 30) + Math.floor((after * 3) / 30),
    });
    // On 10 Nov a change effective 2 Dec (never before the change already made, ADR 398), over the second line:
    // each day's difference over the period's 30 days.
    t.at.set('2026-11-10T10:00:00Z');
    const excess = [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }];
    const later = await staffChange(p.staff, p.policyId, '2026-12-02T00:00:00.000Z', excess);
    const third = await regularOf(p.policyId, 3);
    expect(third).not.toBe(after);
    expect(later.prorataPremium).toBe(Math.floor(((third - after) * 3) / 30));
  }, 120_000);
});

describe('a monthly change and the statement periods (issue 26 defects 1 and 2)', () => {
  it('a change effective 2 Dec made before the 28 Nov run: that month billed 4 days old and 26 days new, once', async () => {
    // Effective at London midnight starting 2 December (GMT).
    const { p, change, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-27T12:00:00Z',
      '2026-12-02T00:00:00.000Z',
    );
    expect(after).toBeGreaterThan(before);
    // The period 28 Nov – 28 Dec is not billed yet: the change adds no line of its own (before, the month was
    // billed at the new price and the change's line on top of it).
    expect(change.prorataPremium).toBe(0);
    const { totals } = await runDays(t, '2026-11-28', '2026-11-28');
    expect(totals).toMatchObject({ raised: 1, collected: 1 });
    // 30 days: 28 Nov – 1 Dec at the old price, 2 – 27 Dec at the new: one line for each, rounded down.
    const old = Math.floor((before * 4) / 30);
    const changed = Math.floor((after * 26) / 30);
    const lines = await statementLines(p.accountId, 2);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        { type: 'invoice', amount: old, sub_type: null },
        { type: 'invoice', amount: changed, sub_type: null },
        { type: 'payment', amount: -(old + changed), sub_type: 'STRIPE' },
      ]),
    );
    // The next month is billed at the new price, with no change line.
    await runDays(t, '2026-12-28', '2026-12-28');
    expect(await statementLines(p.accountId, 3)).toEqual([
      { type: 'invoice', amount: after, sub_type: null },
      { type: 'payment', amount: -after, sub_type: 'STRIPE' },
    ]);
  }, 120_000);

  it('started 30 June, paid on the 28th: a one-day change on 27 July costs one of the 28 days of the first period', async () => {
    // Effective at London midnight starting 27 July (BST): 26 July 23:00 UTC. The first period: 30 June – 28 July.
    const { p, change, before, after } = await boughtThenChanged(
      '2026-06-29T12:00:00Z',
      '2026-06-30',
      '2026-07-20T12:00:00Z',
      '2026-07-26T23:00:00.000Z',
    );
    expect(change.prorataPremium).toBe(Math.floor((after - before) / 28));
    // The 28 July statement bills the new price for its whole month, and the one-day line is all that is added.
    await runDays(t, '2026-07-28', '2026-07-28');
    expect(await statementLines(p.accountId, 2)).toEqual([
      { type: 'invoice', amount: Math.floor((after - before) / 28), sub_type: 'MTA' },
      { type: 'invoice', amount: after, sub_type: null },
      { type: 'payment', amount: -(after + Math.floor((after - before) / 28)), sub_type: 'STRIPE' },
    ]);
  }, 120_000);

  it('a backdated change reaching a period already billed charges the part of its period and the whole of the later one', async () => {
    t.at.set('2026-08-04T12:00:00Z');
    const p = await buySubscription(t, '2026-08-05');
    await runDays(t, '2026-09-05', '2026-09-05');
    t.at.set('2026-09-10T12:00:00Z');
    // Effective 20 Aug (BST midnight): 16 of the first period's 31 days (5 Aug – 5 Sep), then all of 5 Sep – 5 Oct.
    const change = await staffChange(p.staff, p.policyId, '2026-08-19T23:00:00.000Z');
    const delta = (await regularOf(p.policyId, 2)) - (await regularOf(p.policyId, 1));
    const first = await rows(
      t,
      "SELECT (quote->'totals'->'monthly'->>'first')::int AS first FROM policy_versions WHERE policy_id = $1 ORDER BY version_number",
      [p.policyId],
    );
    const firstDelta = Number(first[1]?.first) - Number(first[0]?.first);
    expect(change.prorataPremium).toBe(Math.floor((firstDelta * 16) / 31) + delta);
  }, 120_000);
});

describe('a change placed under a later one (issue 26, ADR 344; ADR 398)', () => {
  it("is refused: made on the later one's answers, it would carry them back; from its start it is priced against it", async () => {
    t.at.set('2026-09-01T12:00:00Z');
    const p = await buySubscription(t, '2026-09-02');
    t.at.set('2026-09-20T11:00:00Z');
    // Staff set a dearer change for 27 September; a cheaper change today would reach under it.
    await staffChange(p.staff, p.policyId, '2026-09-26T23:00:00.000Z');
    const change = (effectiveAt?: string) =>
      api(t.base, p.staff, 'POST', '/api/policyAdjustments', {
        adjustmentType: 'MTA',
        policyId: p.policyId,
        changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 300 }],
        ...(effectiveAt ? { effectiveAt } : {}),
      });
    const under = await change();
    expect(under.status, JSON.stringify(under.body)).toBe(400);
    expect(under.body.fieldErrors).toEqual({ effectiveAt: ['validation.beforeLastChange'] });
    const made = await change('2026-09-26T23:00:00.000Z');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(
      (await api(t.base, p.staff, 'POST', `/api/policyAdjustments/${made.body.adjustmentId}/commit`)).status,
    ).toBe(200);
    const firsts = (
      await rows(
        t,
        "SELECT (quote->'totals'->'monthly'->>'first')::int AS first FROM policy_versions WHERE policy_id = $1 ORDER BY version_number",
        [p.policyId],
      )
    ).map((r) => Number(r.first));
    const [, b, n] = firsts as [number, number, number];
    // The first period, 2 Sep – 2 Oct (30 days): 27 Sep – 1 Oct, the five days of version 2, at the new price.
    expect(made.body.prorataPremium).toBe(Math.floor((5 * n - 5 * b) / 30));
  }, 120_000);
});

describe('a change after the cover has reached its expiry (issue 26)', () => {
  it('is refused though the expiry job has not yet moved the status', async () => {
    t.at.set('2026-08-01T12:00:00Z');
    const p = await buySubscription(t, '2026-08-02');
    const [policy] = await rows(t, 'SELECT expired_at FROM policies WHERE id = $1', [p.policyId]);
    // An hour after the expiry: the policy is not ended on record (no job has run), but its cover is over.
    t.at.set(new Date(new Date(String(policy?.expired_at)).getTime() + 3_600_000).toISOString());
    const [status] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(['PENDING', 'ACTIVE']).toContain(status?.status);
    const made = await api(t.base, p.staff, 'POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: p.policyId,
      changes: legalExpenses,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(422);
    expect(made.body.details?.reason).toBe('POLICY_NOT_CHANGEABLE');
  }, 120_000);
});

describe('a change set for noon on a payment date, cover ending at that noon (ADR 385)', () => {
  const cancellationCredit = async (policyId: string) => {
    const [line] = await rows(
      t,
      `SELECT coalesce(sum(l.amount_pence), 0)::int AS credit FROM statement_line_items l
         JOIN statements s ON s.id = l.statement_id JOIN customer_accounts a ON a.id = s.account_id
        WHERE a.policy_id = $1 AND s.kind = 'cancellation' AND l.type = 'credit_note'`,
      [policyId],
    );
    return -Number(line?.credit);
  };

  it('never took effect: the day raised at its price is kept at the price before (seed 129, life 684939667)', async () => {
    // Bought for 28 October, paid on the 28th; on 20 November staff set a dearer change for noon on 28 November.
    const { p, change, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-20T12:00:00Z',
      '2026-11-28T12:00:00.000Z',
    );
    expect(after).toBeGreaterThan(before);
    expect(change.prorataPremium).toBe(0);
    // The run at 06:00 bills 28 Nov – 28 Dec (30 days) wholly at the new price: the change's day is in force.
    await runDays(t, '2026-11-28', '2026-11-28');
    expect((await statementLines(p.accountId, 2)).filter((l) => l.type === 'invoice')).toEqual([
      { type: 'invoice', amount: after, sub_type: null },
    ]);
    // At noon the customer cancels (staff for them): cover ends at the change's instant, so the change never
    // took effect and 28 November, begun, was had at the old price. Before ADR 385 it was kept at the new one.
    t.at.set('2026-11-28T12:00:00Z');
    const { done } = await staffCancel(t, p);
    const kept = Math.floor(before / 30);
    expect(await cancellationCredit(p.policyId)).toBe(after - kept);
    expect(done.cancellation).toMatchObject({ creditPence: after - kept, refundPence: after - kept });
    // Charged less the credit: the first month and one day at the first version's price, never more.
    const [money] = await rows(
      t,
      `SELECT coalesce(sum(amount_pence), 0)::int AS charged FROM statement_line_items
        WHERE account_id = $1 AND status = 'POSTED' AND type IN ('invoice', 'credit_note')`,
      [p.accountId],
    );
    expect(Number(money?.charged)).toBe(p.first + kept);
  }, 120_000);

  it('a late run after such a cancellation bills the day at the price before', async () => {
    const { p, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-20T12:00:00Z',
      '2026-11-28T12:00:00.000Z',
    );
    expect(after).not.toBe(before);
    // The run is down on 28 November; the customer cancels at noon; the run comes back the next day.
    t.at.set('2026-11-28T12:00:00Z');
    await staffCancel(t, p);
    await runDays(t, '2026-11-29', '2026-11-29');
    expect((await statementLines(p.accountId, 3)).filter((l) => l.type === 'invoice')).toEqual([
      { type: 'invoice', amount: Math.floor(before / 30), sub_type: null },
    ]);
  }, 120_000);

  it("never took effect inside a payment-day change's transitional period: its journal day is kept at the price before (ADR 389)", async () => {
    // Paid on the 28th; on 5 Nov staff set a dearer change for noon on 2 Dec; on 6 Nov the day moves to the 5th,
    // so the journal bills 28 Nov–2 Dec at the old price and 2–5 Dec at the new, over the 30 days of 5 Nov–5 Dec.
    const { p, before, after } = await boughtThenChanged(
      '2026-10-27T12:00:00Z',
      '2026-10-28',
      '2026-11-05T12:00:00Z',
      '2026-12-02T12:00:00.000Z',
    );
    expect(after).toBeGreaterThan(before);
    const moved = await toTheFifthOn6November(p);
    const old = Math.floor((before * 4) / 30);
    const changed = Math.floor((after * 3) / 30);
    expect(moved.body).toMatchObject({ journal: old + changed });
    // The customer cancels at the change's instant: the change never took effect, so 2 December, begun, was had
    // at the old price (one of the journal line's three days, priced over the transitional period's 30).
    t.at.set('2026-12-02T12:00:00Z');
    const { done } = await staffCancel(t, p);
    const kept = Math.floor(Math.floor((before * 3) / 30) / 3);
    expect(await cancellationCredit(p.policyId)).toBe(changed - kept);
    expect(done.cancellation).toMatchObject({ creditPence: changed - kept });
    const [money] = await rows(
      t,
      `SELECT coalesce(sum(amount_pence), 0)::int AS charged FROM statement_line_items
        WHERE account_id = $1 AND status = 'POSTED' AND type IN ('invoice', 'credit_note', 'debit_journal')`,
      [p.accountId],
    );
    expect(Number(money?.charged)).toBe(p.first + old + kept);
  }, 120_000);
});
