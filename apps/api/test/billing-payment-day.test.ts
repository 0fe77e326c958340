import { proRata } from '@forecourt/domain/billing/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingApp, billingApp, buySubscription, runDays, staffCancel } from './billing-helpers.ts';
import { api, session } from './payments-helpers.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2026-11-23T12:00:00Z');
});
afterAll(async () => t.close());

const estimate = async (token: string, accountId: string) =>
  (await api(t.base, token, 'GET', `/api/customerAccounts/${accountId}/nextStatementEstimate`)).body;

describe('the next-statement estimate', () => {
  it('a policy started on 24 Nov with its first month paid is next due on 24 Dec, for the regular month', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    const afterBind = await estimate(p.v.token, p.accountId);
    expect(afterBind).toEqual({ paymentDueAt: '2026-12-24T00:00:00.000Z', amount: p.regular });
    // On the start day itself, late at night, and on the day before the payment date: still 24 Dec.
    for (const at of ['2026-11-24T00:00:00Z', '2026-11-24T23:59:00Z', '2026-12-23T23:30:00Z']) {
      t.at.set(at);
      expect((await estimate(p.staff, p.accountId)).paymentDueAt).toBe('2026-12-24T00:00:00.000Z');
    }
    const statements = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`))
      .body;
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ status: 'settled', amountOutstanding: 0, subtotalBalance: 0 });
  });

  it('a policy started in summer time is due at London midnight (BST) of the payment day', async () => {
    t.at.set('2027-05-10T09:00:00Z');
    const p = await buySubscription(t, '2027-05-11');
    expect((await estimate(p.staff, p.accountId)).paymentDueAt).toBe('2027-06-10T23:00:00.000Z');
  });
});

describe('the estimate of a policy that ends (ADR 251)', () => {
  const cancel = async (p: Awaited<ReturnType<typeof buySubscription>>, effectiveAt?: string) => {
    await staffCancel(t, p, effectiveAt);
  };

  it('set to end before the next payment date: no next payment, and when cover ends', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    // After the 14 days of cooling-off a cancellation can be set for a later day.
    t.at.set('2026-12-15T10:00:00Z');
    await cancel(p, '2026-12-20T10:00:00.000Z');
    const policy = (await api(t.base, p.staff, 'GET', `/api/policies/${p.policyId}`)).body.policyDetail;
    expect(policy).toMatchObject({ policyStatus: 'ACTIVE', terminatedAt: '2026-12-20T10:00:00.000Z' });
    expect(await estimate(p.staff, p.accountId)).toEqual({
      paymentDueAt: null,
      amount: 0,
      endsAt: '2026-12-20T10:00:00.000Z',
    });
  });

  it('cancelled now: no next payment beyond its end', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    expect((await estimate(p.staff, p.accountId)).paymentDueAt).toBe('2026-12-24T00:00:00.000Z');
    t.at.set('2026-11-30T10:00:00Z');
    await cancel(p);
    const after = await estimate(p.staff, p.accountId);
    expect(after).toMatchObject({ paymentDueAt: null, amount: 0 });
    expect(new Date(after.endsAt).getTime()).toBeLessThanOrEqual(t.at.now().getTime());
  });
});

describe('changing the payment day (staff only, spec 2 §4 and §5)', () => {
  it('moves the next statement past the paid month and charges the days between by a pro-rata journal', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    t.at.set('2026-11-30T10:00:00Z');
    const change = await api(t.base, p.staff, 'PUT', `/api/customerAccounts/${p.accountId}/paymentDay`, {
      paymentDay: 3,
    });
    expect(change.status).toBe(200);
    // 24 Dec to 3 Jan: 10 of the 31 days of the payment month that ends on 3 Jan, rounded down (ADR 344).
    const tenDays = Math.floor((p.regular * 10) / 31);
    expect(tenDays).toBe(
      proRata(p.regular, new Date('2026-12-24T00:00:00Z'), new Date('2027-01-03T00:00:00Z')),
    );
    expect(change.body).toEqual({
      paymentDay: 3,
      changed: true,
      journal: tenDays,
      nextPaymentAt: '2027-01-03T00:00:00.000Z',
    });
    expect(await estimate(p.staff, p.accountId)).toEqual({
      paymentDueAt: '2027-01-03T00:00:00.000Z',
      amount: p.regular + tenDays,
    });
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ paymentDay: 3, accountBalance: tenDays, outstandingAmount: 0 });
    // The same day again changes nothing and charges nothing.
    const same = await api(t.base, p.staff, 'POST', `/api/policies/${p.policyId}/billingDay`, {
      billingDay: 3,
    });
    expect(same.body).toEqual({
      paymentDay: 3,
      changed: false,
      journal: 0,
      nextPaymentAt: '2027-01-03T00:00:00.000Z',
    });
    // By the policy (spec 3 §7): the 20th follows the 3 Jan date; 3 Jan to 20 Jan is 17 of 31 days.
    const byPolicy = await api(t.base, p.staff, 'POST', `/api/policies/${p.policyId}/billingDay`, {
      billingDay: 20,
    });
    const seventeen = Math.floor((p.regular * 17) / 31);
    expect(byPolicy.body).toEqual({
      paymentDay: 20,
      changed: true,
      journal: seventeen,
      nextPaymentAt: '2027-01-20T00:00:00.000Z',
    });
    const list = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body;
    expect(list.map((s: { status: string }) => s.status)).toEqual(['draft', 'settled']);
    const draft = (
      await api(
        t.base,
        p.staff,
        'GET',
        `/api/customerAccounts/${p.accountId}/statements/${list[0].statementId}`,
      )
    ).body;
    expect(draft.subtotalBalance).toBe(tenDays + seventeen);
    expect(
      draft.lineItems.map(
        (l: { type: string; amount: number; servicePeriodStart: string; servicePeriodEnd: string }) => [
          l.type,
          l.amount,
          l.servicePeriodStart,
          l.servicePeriodEnd,
        ],
      ),
    ).toEqual([
      ['debit_journal', tenDays, '2026-12-24T00:00:00.000Z', '2027-01-03T00:00:00.000Z'],
      ['debit_journal', seventeen, '2027-01-03T00:00:00.000Z', '2027-01-20T00:00:00.000Z'],
    ]);
    // IPT (12%, included) is shown on every premium line.
    for (const l of draft.lineItems) expect(l.ipt).toBe(l.amount - Math.round(l.amount / 1.12));
  });

  it('is refused with the brand feature off, to customers, to staff not acting for anyone, and for day 29', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    const url = `/api/customerAccounts/${p.accountId}/paymentDay`;
    t.app.services.brand.features.allowModifyBillingDay = false;
    try {
      const off = await api(t.base, p.staff, 'PUT', url, { paymentDay: 5 });
      expect(off.status).toBe(403);
      const offByPolicy = await api(t.base, p.staff, 'POST', `/api/policies/${p.policyId}/billingDay`, {
        billingDay: 5,
      });
      expect(offByPolicy.status).toBe(403);
    } finally {
      t.app.services.brand.features.allowModifyBillingDay = true;
    }
    expect((await api(t.base, p.v.token, 'PUT', url, { paymentDay: 5 })).status).toBe(403);
    expect((await api(t.base, 'staff:', 'PUT', url, { paymentDay: 5 })).status).toBe(403);
    expect((await api(t.base, 'not-a-token', 'PUT', url, { paymentDay: 5 })).status).toBe(401);
    const noToken = await fetch(`${t.base}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentDay: 5 }),
    });
    expect(noToken.status).toBe(401);
    for (const bad of [29, 0, 1e9, '5', 5.5, null]) {
      const res = await api(t.base, p.staff, 'PUT', url, { paymentDay: bad });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toHaveProperty('paymentDay');
    }
    const nul = await api(t.base, p.staff, 'POST', `/api/policies/${p.policyId}/billingDay`, {
      billingDay: '\u0000',
    });
    expect(nul.status).toBe(400);
    // Another customer's account is not found for staff acting for this one.
    const other = await session(t.base);
    expect((await api(t.base, `staff:${other.partyId}`, 'PUT', url, { paymentDay: 5 })).status).toBe(404);
    const otherByPolicy = await api(
      t.base,
      `staff:${other.partyId}`,
      'POST',
      `/api/policies/${p.policyId}/billingDay`,
      {
        billingDay: 5,
      },
    );
    expect(otherByPolicy.status).toBe(404);
    // Nothing was written by the refusals.
    expect((await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body[0].paymentDay).toBe(24);
  });

  it('a suspended account keeps its day; two changes at once make one journal', async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    const url = `/api/customerAccounts/${p.accountId}/paymentDay`;
    await t.database.query("UPDATE customer_accounts SET status = 'SUSPENDED' WHERE id = $1", [p.accountId]);
    expect((await api(t.base, p.staff, 'PUT', url, { paymentDay: 5 })).status).toBe(422);
    await t.database.query("UPDATE customer_accounts SET status = 'ACTIVE' WHERE id = $1", [p.accountId]);
    const both = await Promise.all([
      api(t.base, p.staff, 'PUT', url, { paymentDay: 5 }),
      api(t.base, p.staff, 'PUT', url, { paymentDay: 5 }),
    ]);
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect(both.map((b) => b.body.changed).sort()).toEqual([false, true]);
    const journals = await t.database.query(
      "SELECT amount_pence FROM statement_line_items WHERE account_id = $1 AND type = 'debit_journal'",
      [p.accountId],
    );
    expect(journals.rows).toHaveLength(1);
  });
});

describe('changing the payment day near the end of the term (R1, ADR 368)', () => {
  type Line = { type: string; amount: number; servicePeriodStart: string; servicePeriodEnd: string };
  const statementLines = async (p: Awaited<ReturnType<typeof buySubscription>>) => {
    const list = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body;
    const lines: Line[] = [];
    for (const s of list as { statementId: string }[]) {
      const one = await api(
        t.base,
        p.staff,
        'GET',
        `/api/customerAccounts/${p.accountId}/statements/${s.statementId}`,
      );
      lines.push(...one.body.lineItems);
    }
    return { count: list.length, lines };
  };
  /** Bought 24 Nov 2026 (payment day 24, expiry 24 Nov 2027) and billed on each payment date to 24 Sep 2027. */
  const yearNearlyGone = async () => {
    t.at.set('2026-11-23T12:00:00Z');
    const p = await buySubscription(t, '2026-11-24');
    for (const month of [
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
    ]) {
      await runDays(t, `${month}-24`, `${month}-24`);
    }
    return p;
  };

  it('a new day with no whole month after it before the expiry: no journal, and the last period runs to the expiry', async () => {
    const p = await yearNearlyGone();
    t.at.set('2027-10-10T10:00:00Z');
    const due = (await estimate(p.staff, p.accountId)).paymentDueAt;
    // The 7th: 7 Nov, then 7 Dec, after the 24 Nov expiry. A transitional 24 Oct–7 Nov would bill days ahead
    // of their period and leave a 17-day stub; the year's last period runs 24 Oct to 24 Nov instead.
    const change = await api(t.base, p.staff, 'PUT', `/api/customerAccounts/${p.accountId}/paymentDay`, {
      paymentDay: 7,
    });
    expect(change.body).toEqual({ paymentDay: 7, changed: true, journal: 0, nextPaymentAt: due });
    await runDays(t, '2027-10-24', '2027-11-23');
    const { lines } = await statementLines(p);
    expect(lines.filter((l) => l.type === 'debit_journal')).toEqual([]);
    const last = lines.find((l) => l.servicePeriodEnd === '2027-11-24T00:00:00.000Z');
    expect(last).toMatchObject({ servicePeriodStart: '2027-10-23T23:00:00.000Z', amount: p.regular });
    // Nothing after the expiry.
    expect(lines.every((l) => new Date(l.servicePeriodEnd) <= new Date('2027-11-24T00:00:00.000Z'))).toBe(
      true,
    );
  });

  it('in the last period, billed to the expiry: the day changes and nothing is charged past the end of cover', async () => {
    const p = await yearNearlyGone();
    await runDays(t, '2027-10-24', '2027-10-24');
    const before = await statementLines(p);
    t.at.set('2027-11-01T10:00:00Z');
    const change = await api(t.base, p.staff, 'PUT', `/api/customerAccounts/${p.accountId}/paymentDay`, {
      paymentDay: 3,
    });
    expect(change.body).toMatchObject({ paymentDay: 3, changed: true, journal: 0 });
    await runDays(t, '2027-11-02', '2027-11-23');
    const after = await statementLines(p);
    expect(after.lines).toEqual(before.lines);
  });
});
