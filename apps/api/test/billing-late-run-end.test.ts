import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingApp, billingApp, buySubscription, runDays, staffCancel } from './billing-helpers.ts';
import { rows } from './payments-helpers.ts';

/**
 * ADR 364: the billing run was down across a payment date and the policy ended before it came back (the
 * customer cancelled on 3 December; the run missed 30 November to 5 December). The days on cover from the
 * payment date to the end were had, so they are owed, once: the late run bills them and nothing after.
 */
let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2026-10-27T12:00:00Z');
});
afterAll(async () => t.close());

const invoices = (accountId: string) =>
  rows(
    t,
    `SELECT amount_pence AS amount, service_period_start AS start, service_period_end AS end FROM statement_line_items
      WHERE account_id = $1 AND type = 'invoice' AND status = 'POSTED' ORDER BY service_period_start`,
    [accountId],
  );

describe('a late billing run after the policy ended (ADR 364)', () => {
  it('bills the days from the missed payment date to the cancellation, once, and nothing after', async () => {
    const p = await buySubscription(t, '2026-11-01');
    await runDays(t, '2026-10-28', '2026-11-29');
    const before = await invoices(p.accountId);
    expect(before).toHaveLength(1); // November, billed at purchase

    // The worker is down from 30 November; on 3 December at noon the customer cancels at once.
    t.at.set('2026-12-03T12:00:00Z');
    await staffCancel(t, p);
    const [policy] = await rows(t, 'SELECT status FROM policies WHERE id = $1', [p.policyId]);
    expect(policy?.status).toBe('CANCELLED');

    // Back on 6 December (run twice, as a retried job would), then on to January's payment date.
    await runDays(t, '2026-12-06', '2026-12-06');
    await runDays(t, '2026-12-06', '2027-01-03');
    const after = await invoices(p.accountId);
    expect(after).toHaveLength(2);
    const late = after[1]!;
    expect(new Date(String(late.start)).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(new Date(String(late.end)).toISOString()).toBe('2026-12-03T12:00:00.000Z');
    // Three London days begun (1, 2 and 3 December) of the 31 of the period, at the regular instalment.
    const exact = (p.regular * 3) / 31;
    expect(Math.abs(Number(late.amount) - exact)).toBeLessThan(1);
    expect(Number(late.amount)).toBeLessThanOrEqual(Math.ceil(exact));
  });
});
