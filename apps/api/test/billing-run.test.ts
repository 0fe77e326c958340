import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingDay } from '../src/modules/billing/index.ts';
import { type BillingApp, billingApp, buySubscription, runDays } from './billing-helpers.ts';
import { api, rows } from './payments-helpers.ts';

let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2027-01-30T12:00:00Z');
});
afterAll(async () => t.close());

/**
 * Hand-worked: bought on Sunday 31 Jan 2027, cover from London midnight; payment day 28 (the 31st is past
 * the 28th). The first month (paid at checkout) runs to 28 Feb; then one statement on each 28th for the month
 * ahead, at London midnight: in BST (28 Apr to 28 Oct 2027, and 28 Mar 2028 after the 26 Mar change) that
 * is 23:00 UTC the day before. The policy year ends on 31 Jan 2028: its last period runs from 28 Dec 2027 on
 * to the expiry (34 days, one instalment) rather than leaving a stub of three days after 28 Jan, so the year
 * is twelve statements of one instalment each; nothing is billed after the expiry (ADR 344).
 */
const TABLE: [number, string, string][] = [
  [2, '2027-02-28T00:00:00.000Z', '2027-03-28T00:00:00.000Z'],
  [3, '2027-03-28T00:00:00.000Z', '2027-04-27T23:00:00.000Z'],
  [4, '2027-04-27T23:00:00.000Z', '2027-05-27T23:00:00.000Z'],
  [5, '2027-05-27T23:00:00.000Z', '2027-06-27T23:00:00.000Z'],
  [6, '2027-06-27T23:00:00.000Z', '2027-07-27T23:00:00.000Z'],
  [7, '2027-07-27T23:00:00.000Z', '2027-08-27T23:00:00.000Z'],
  [8, '2027-08-27T23:00:00.000Z', '2027-09-27T23:00:00.000Z'],
  [9, '2027-09-27T23:00:00.000Z', '2027-10-27T23:00:00.000Z'],
  [10, '2027-10-27T23:00:00.000Z', '2027-11-28T00:00:00.000Z'],
  [11, '2027-11-28T00:00:00.000Z', '2027-12-28T00:00:00.000Z'],
  [12, '2027-12-28T00:00:00.000Z', '2028-01-31T00:00:00.000Z'],
];

interface Line {
  type: string;
  status: string;
  amount: number;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  ipt: number | null;
  subType: string | null;
}

describe('the billing run', () => {
  it('bills a subscription bought on the 31st for its year by card and nothing after, every figure as worked by hand', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31');
    expect(p.regular).toBeGreaterThan(0);
    const [account0] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account0.paymentDay).toBe(28);
    // The payment settings name the saved card (spec 2 §2); a card has no mandate.
    expect(account0.paymentMethod).toEqual({ display: expect.stringContaining('4242'), mandateStatus: null });
    const { totals } = await runDays(t, '2027-01-31', '2028-04-10');
    expect(totals).toEqual({ raised: 11, collected: 11, failed: 0, cancelled: 0 });

    const list = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body;
    expect(list).toHaveLength(12);
    const first = list.at(-1);
    expect(first).toMatchObject({
      statementNumber: 1,
      status: 'settled',
      subtotalBalance: 0,
      amountOutstanding: 0,
    });
    for (const [n, start, end] of TABLE) {
      const s = list.find((x: { statementNumber: number }) => x.statementNumber === n);
      expect(s, `statement ${n}`).toMatchObject({
        status: 'settled',
        paymentDueAt: start,
        broughtForwardBalance: 0,
        subtotalBalance: 0,
        carriedForwardBalance: 0,
        amountOutstanding: 0,
        statementBalance: 0,
      });
      const detail = (
        await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements/${s.statementId}`)
      ).body;
      const lines = detail.lineItems.map((l: Line) => [
        l.type,
        l.status,
        l.amount,
        l.servicePeriodStart,
        l.servicePeriodEnd,
        l.subType,
      ]);
      expect(lines, `statement ${n}`).toEqual([
        ['invoice', 'POSTED', p.regular, start, end, null],
        ['payment', 'POSTED', -p.regular, null, null, 'STRIPE'],
      ]);
    }
    // The tax of the year's twelve invoices adds up to the tax of the year's premium (ADR 344, R9).
    const [{ gross, ipt } = {}] = await rows(
      t,
      "SELECT sum(amount_pence)::int AS gross, sum(ipt_pence)::int AS ipt FROM statement_line_items WHERE account_id = $1 AND type = 'invoice'",
      [p.accountId],
    );
    expect(ipt).toBe(Number(gross) - Math.round(Number(gross) / 1.12));
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ accountBalance: 0, outstandingAmount: 0 });
    const [{ paid, n } = {}] = await rows(
      t,
      "SELECT sum(amount_pence)::int AS paid, count(*)::int AS n FROM customer_payments WHERE purpose = 'statement' AND status = 'SETTLED' AND reference IN (SELECT id::text FROM statements WHERE account_id = $1)",
      [p.accountId],
    );
    expect({ paid, n }).toEqual({ paid: 11 * p.regular, n: 11 });
    const charges = await rows(t, 'SELECT count(*)::int AS n FROM sandbox_card_charges');
    expect(charges[0]?.n).toBeGreaterThanOrEqual(11);
    const mails = await rows(
      t,
      "SELECT payload->>'kind' AS kind, count(*)::int AS n FROM outbox WHERE payload->>'accountId' = $1 GROUP BY 1 ORDER BY 1",
      [p.accountId],
    );
    expect(mails).toEqual([
      { kind: 'payment-taken', n: 11 },
      { kind: 'statement-issued', n: 11 },
    ]);
    expect(
      (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/nextStatementEstimate`)).body,
    ).toEqual({ paymentDueAt: null, amount: 0 });
  }, 120_000);

  it('two runs at once and a run repeated raise one statement and take one payment per account and period', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const a = await buySubscription(t, '2027-01-31');
    const b = await buySubscription(t, '2027-01-31');
    t.at.set('2027-02-28T06:00:00Z');
    const runs = await Promise.all([
      runBillingDay(t.app.services, t.at.now()),
      runBillingDay(t.app.services, t.at.now()),
      runBillingDay(t.app.services, t.at.now()),
    ]);
    expect(runs.reduce((s, r) => s + r.raised, 0)).toBe(2);
    expect(runs.reduce((s, r) => s + r.collected, 0)).toBe(2);
    expect(await runBillingDay(t.app.services, t.at.now())).toEqual({
      raised: 0,
      collected: 0,
      failed: 0,
      cancelled: 0,
    });
    for (const p of [a, b]) {
      const per = await rows(
        t,
        "SELECT count(*)::int AS statements, (SELECT count(*)::int FROM customer_payments c WHERE c.purpose = 'statement' AND c.reference IN (SELECT id::text FROM statements WHERE account_id = $1)) AS payments FROM statements WHERE account_id = $1 AND kind = 'subscription'",
        [p.accountId],
      );
      expect(per[0]).toEqual({ statements: 1, payments: 1 });
    }
  });

  it('a card that fails off-session leaves the statement failed with an outstanding balance the customer can pay', async () => {
    t.at.set('2027-01-30T12:00:00Z');
    const p = await buySubscription(t, '2027-01-31', 'tok_laterInsufficientFunds');
    t.at.set('2027-02-28T06:00:00Z');
    expect(await runBillingDay(t.app.services, t.at.now())).toMatchObject({ failed: 1 });
    const [account] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(account).toMatchObject({ outstandingAmount: p.regular, accountBalance: p.regular });
    const list = (await api(t.base, p.staff, 'GET', `/api/customerAccounts/${p.accountId}/statements`)).body;
    expect(list[0]).toMatchObject({ statementNumber: 2, status: 'failed', amountOutstanding: p.regular });
    const declined = await rows(
      t,
      "SELECT decline_code FROM customer_payments WHERE purpose = 'statement' AND reference = $1",
      [list[0].statementId],
    );
    expect(declined[0]?.decline_code).toBe('insufficient_funds');
    const mail = await rows(
      t,
      "SELECT recipient, subject FROM outbox WHERE payload->>'kind' = 'payment-failed' AND payload->>'accountId' = $1",
      [p.accountId],
    );
    expect(mail).toEqual([
      { recipient: 'sam.taylor@example.com', subject: expect.stringContaining('Your payment failed') },
    ]);
    // Staff settle it by phone with a card token; the balance is cleared.
    const settled = await api(t.base, p.staff, 'POST', '/api/stripe/moto/settle', {
      accountId: p.accountId,
      itemName: 'Arrears',
      token: 'tok_visa',
      postalCode: 'LS1 5HD',
      dateOfBirth: p.dob,
    });
    expect(settled.status).toBe(200);
    expect(settled.body.amount).toBe(p.regular);
    const [after] = (await api(t.base, p.staff, 'GET', '/api/customerAccounts')).body;
    expect(after).toMatchObject({ outstandingAmount: 0, accountBalance: 0 });
  });
});
