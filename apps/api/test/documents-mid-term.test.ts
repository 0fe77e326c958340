import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithPaidPolicy } from './adjustments-helpers.ts';
import { type BillingApp, billingApp, buySubscription, runDays } from './billing-helpers.ts';
import { api, listeningApp, rows, submitForm } from './payments-helpers.ts';

/**
 * Issue 28 defect 12 (ADR 355): the schedule of a version made by a mid-term change shows what has been paid
 * and what remains, and its figures are the ledger's: not a new year of payments at the new price.
 */
let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2027-01-10T09:00:00Z');
}, 60_000);
afterAll(() => t?.close());

const dir = mkdtempSync(path.join(tmpdir(), 'schedule-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The text of a PDF, as poppler reads it, on one line. */
function pdfText(body: Buffer): string {
  const file = path.join(dir, `s-${Date.now()}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', [file, '-']).toString('utf8').replace(/\s+/g, ' ');
}
const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

describe('the schedule after a mid-term change', () => {
  it('a monthly policy changed in its sixth month: the payments made, those to come, totals that agree with the ledger', async () => {
    const sub = await buySubscription(t, '2027-01-10');
    await runDays(t, '2027-01-11', '2027-05-20');
    const change = await api(t.base, sub.staff, 'POST', '/api/policyAdjustments', {
      adjustmentType: 'MTA',
      policyId: sub.policyId,
      changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
    });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const done = await api(
      t.base,
      sub.staff,
      'POST',
      `/api/policyAdjustments/${change.body.adjustmentId}/commit`,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const res = await t.app.inject({
      url: `/api/documents/policy/${sub.policyId}/policy-schedule?version=2`,
      headers: { authorization: `Bearer ${sub.staff}` },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);

    // The ledger: five statements paid (the first at checkout, four by the billing run), the change's line.
    const paid = await rows(
      t,
      `SELECT coalesce(-sum(amount_pence), 0)::int AS p FROM statement_line_items
        WHERE account_id = $1 AND type = 'payment' AND status = 'POSTED'`,
      [sub.accountId],
    );
    const paidPence = Number(paid[0]?.p);
    expect(paidPence).toBe(sub.first + 4 * sub.regular);
    expect(text).toContain(`Payment made on 10 January 2027 ${pounds(sub.first)}`);
    expect(text).toContain(
      `4 payments of ${pounds(sub.regular)} made, 10 February 2027 to 10 May 2027 ${pounds(4 * sub.regular)}`,
    );
    expect(text).toContain(`Paid so far ${pounds(paidPence)}`);
    // Seven payments to come: the next on 10 June with the change's difference, then six at the new price.
    expect(text).toMatch(/Next payment, on 10 June 2027 £[\d,]+\.\d\d/);
    expect(text).toMatch(/6 payments of £[\d,]+\.\d\d to come, 10 July 2027 to 10 December 2027/);
    expect(text).not.toMatch(/12 monthly payments/);
    const still = /Still to pay (£[\d,]+\.\d\d)/.exec(text)?.[1];
    const total = /Total for this policy (£[\d,]+\.\d\d)/.exec(text)?.[1];
    const pence = (s: string | undefined) => Math.round(Number(s?.replace(/[£,]/g, '')) * 100);
    expect(pence(still) + paidPence).toBe(pence(total));

    // The rest of the year as the billing run then raises it comes to what the schedule said was still to pay.
    await runDays(t, '2027-05-21', '2028-01-11');
    const billed = await rows(
      t,
      `SELECT coalesce(sum(amount_pence), 0)::int AS p FROM statement_line_items
        WHERE account_id = $1 AND status = 'POSTED' AND type IN ('invoice', 'credit_note', 'debit_journal', 'credit_journal')`,
      [sub.accountId],
    );
    expect(Number(billed[0]?.p)).toBe(pence(total));
  }, 180_000);
});

describe('the schedule after a mid-term change of a policy paid in full', () => {
  it('an annual policy made dearer: the purchase and the change paid by card, nothing more to pay', async () => {
    const m = await listeningApp({ env: { BRAND: 'motorhub' } });
    try {
      const c = await customerWithPaidPolicy(m, 'schedule.annual@example.com', true, 'MHANNUAL1');
      const made = await c.call('POST', '/api/policyAdjustments', {
        adjustmentType: 'MTA',
        policyId: c.policyId,
        changes: [{ changeType: 'ADD_COVER', coverCode: 'legal_expenses' }],
      });
      expect(made.statusCode, made.body).toBe(201);
      const a = made.json() as { adjustmentId: string; paymentDue: number };
      const due = await c.call('POST', '/api/customerPayments/checkout/mta', {
        adjustmentId: a.adjustmentId,
      });
      const session = await c.call('POST', '/api/stripe/checkout', {
        paymentId: due.json().paymentId,
        successUrl:
          'http://localhost:80/policy/x/management/adjustment/y/payment?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:80/policy/x/management/adjustment/y',
        lineItem: { name: 'Policy change' },
      });
      const url = new URL(session.json().url as string);
      await submitForm(`${m.base}${url.pathname}${url.search}`, {
        name: 'Sam Taylor',
        expiry: '12 / 34',
        cvc: '123',
        postalCode: 'LS1 5HD',
        cardNumber: '4242424242424242',
      });
      const res = await c.call('GET', `/api/documents/policy/${c.policyId}/policy-schedule?version=2`);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      const [paid] = await rows(
        m,
        `SELECT coalesce(-sum(amount_pence), 0)::int AS p FROM statement_line_items l
           JOIN customer_accounts a ON a.id = l.account_id
          WHERE a.policy_id = $1 AND l.type = 'payment' AND l.status = 'POSTED'`,
        [c.policyId],
      );
      expect(Number(paid?.p)).toBe(c.paid + a.paymentDue);
      expect(text).toContain(`Paid so far ${pounds(c.paid + a.paymentDue)}`);
      expect(text).toContain(`Still to pay ${pounds(0)}`);
      expect(text).toContain(`Total for this policy ${pounds(c.paid + a.paymentDue)}`);
      expect(text).toContain('Nothing more is due.');
      expect(text).not.toContain('Paid in one payment of');
    } finally {
      await m.close();
    }
  }, 240_000);
});
