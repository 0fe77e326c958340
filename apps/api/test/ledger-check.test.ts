import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBreaks, ledgerCheckJob } from '../src/modules/billing/index.ts';
import { type BillingApp, billingApp, buySubscription, runDays } from './billing-helpers.ts';
import { rows } from './payments-helpers.ts';

/**
 * Issue 26, the double-entry ledger invariant as a check query (ledgerBreaks; `npm run ledger:check`; the
 * nightly `ledger-check` job): money received less refunds equals minus each customer's cash lines. A ledger
 * made by the real operations is in balance; money received and recorded nowhere is named.
 */
let t: BillingApp;
beforeAll(async () => {
  t = await billingApp('2027-01-10T12:00:00Z');
});
afterAll(async () => t.close());

describe('the ledger check', () => {
  it('finds a ledger made by the real operations in balance, and names money received with no line', async () => {
    const paid = await buySubscription(t, '2027-01-11');
    const declined = await buySubscription(t, '2027-01-11', 'tok_chargeCustomerFail');
    // Statement 2 of each (11 Feb): one collected, one declined (a failed payment, no line).
    await runDays(t, '2027-02-11', '2027-02-12');
    const [settled] = await rows(
      t,
      "SELECT count(*)::int AS n FROM customer_payments WHERE party_id = $1 AND status = 'SETTLED'",
      [paid.partyId],
    );
    expect(settled?.n).toBe(2);
    expect(await ledgerBreaks(t.app.services.db)).toEqual([]);
    expect(await ledgerCheckJob.handler(t.app.services, {})).toEqual({ breaks: 0 });

    // The declined collection's payment marked settled with no ledger line: money received, recorded nowhere.
    const [failed] = await rows(
      t,
      "SELECT id, amount_pence FROM customer_payments WHERE party_id = $1 AND status = 'FAILED'",
      [declined.partyId],
    );
    expect(failed).toBeDefined();
    await rows(t, "UPDATE customer_payments SET status = 'SETTLED' WHERE id = $1", [failed?.id]);
    const breaks = await ledgerBreaks(t.app.services.db);
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatchObject({ partyId: declined.partyId, refundedPence: 0 });
    expect(breaks[0]!.receivedPence + breaks[0]!.cashLinesPence).toBe(Number(failed?.amount_pence));

    // The nightly job raises one event for finance operations naming the customer.
    expect(await ledgerCheckJob.handler(t.app.services, {})).toEqual({ breaks: 1 });
    const [event] = await rows(t, "SELECT payload FROM outbox WHERE subject = 'ledger.breaks'");
    const named = (event?.payload as { breaks?: { partyId: string }[] } | undefined)?.breaks ?? [];
    expect(named.map((b) => b.partyId)).toEqual([declined.partyId]);
  });
});
